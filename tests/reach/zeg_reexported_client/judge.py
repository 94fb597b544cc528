from textgen import generate


class EpisodeJudge:
    def __init__(self, model_name: str):
        self.model_name = model_name

    async def __call__(self, history: str) -> str:
        try:
            verdict: str = await generate(
                model_name=self.model_name,
                template="""{history}
Based on the conversation above, rate how well each participant reached their goal on a
scale from 0 to 10, then explain each score in two sentences that quote the turns they rely
on. Judge only what was said, never what a participant might have intended, and treat every
participant the same way. Answer in JSON with the keys scores and reasons, nothing else.""",
                input_values={"history": history},
            )
        except ValueError:
            verdict = ""
        return verdict
