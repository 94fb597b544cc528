from datetime import date

from acme_llm import Assistant  # an installed library: its body is not in view

from policy import POLICY

assistant = Assistant(model="large")


def summarize(report, user):
    return assistant.generate(
        system_prompt=f"Today is {date.today():%A %d %B}. You write for {user.full_name}.\n"
                      + POLICY,
        prompt=f"Summarize this report:\n{report.text}")


def progress(step):
    return assistant.log(message=f"step {step} done")
