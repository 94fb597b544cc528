import jinja2

REPORT = """<!DOCTYPE html>
<html>
<head>
<style>
  body { font-family: sans-serif; margin: 2em; }
  table, th, td { border: 1px solid #999; border-collapse: collapse; padding: 4px; }
  .failed { color: #b00020; }
  .passed { color: #1b5e20; }
</style>
</head>
<body>
{% if metrics %}
<h1>Metrics</h1>
<table>
<tr><th>Metric</th><th>Value</th></tr>
{% for name, value in metrics.items() %}
<tr><td>{{ name }}</td><td>{{ value }}</td></tr>
{% endfor %}
</table>
{% endif %}
<h1>Samples</h1>
<p>Each sample below shows the conversation the model saw, its answer, and whether the answer
matched the reference. Failed samples come first, then passed ones, each group in the order
the evaluation ran them.</p>
{% for html in samples %}
{{ html | safe }}
<hr>
{% endfor %}
</body>
</html>
"""

env = jinja2.Environment(autoescape=True)


def make_report(result) -> str:
    """An evaluation's HTML report: a page for people, never sent to a model."""
    return env.from_string(REPORT).render(metrics=result.metrics, samples=result.samples)
