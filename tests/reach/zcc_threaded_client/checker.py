from model import BatchModel

RULES = ("Check every citation against the paper list, remove the ones that are not in it, "
         "never invent a paper, keep the wording otherwise, and return the whole subsection "
         "with the corrected citations and nothing else. When a claim has no citation left, "
         "mark it with [citation needed] rather than removing it, and keep the subsection's "
         "headings and paragraph breaks exactly as they are.")


def check_sections(model: BatchModel, sections, paper_list):
    prompts = []
    for section in sections:
        prompts.append(f"Subsection:\n{section}\nPapers:\n{paper_list}\n" + RULES)
    return model.run_all(prompts)
