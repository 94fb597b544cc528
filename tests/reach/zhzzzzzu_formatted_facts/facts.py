"""The facts an analysis found, one line each: the numbers are the request's."""


def facts_text(summary: dict) -> str:
    lines = ["Summary of the uploaded table:"]
    lines.append(f"- rows: {summary['rows']:,}")
    lines.append(f"- columns: {summary['columns']}")
    lines.append(f"- empty cells: {summary['empty']:.1%}")
    return "\n".join(lines)
