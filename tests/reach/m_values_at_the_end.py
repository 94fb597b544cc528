from openai import OpenAI

from policy import POLICY

client = OpenAI()


def judge(session, message, baseline, candidate):
    """Every value sits in the last user message with only its tags around it: info."""
    user = f"""<PREVIOUS MESSAGES OF THIS CONVERSATION, OLDEST FIRST>
{session.previous_messages}
</PREVIOUS MESSAGES OF THIS CONVERSATION, OLDEST FIRST>
<MESSAGE THE GRAPH WAS BUILT FROM>
{message}
</MESSAGE THE GRAPH WAS BUILT FROM>
<BASELINE GRAPH EXTRACTION>
{baseline}
</BASELINE GRAPH EXTRACTION>
<CANDIDATE GRAPH EXTRACTION>
{candidate}
</CANDIDATE GRAPH EXTRACTION>"""
    return client.chat.completions.create(model="judge", messages=[
        {"role": "system", "content": POLICY}, {"role": "user", "content": user}])


def judge_with_rules_after(session, message):
    """The same values, then the whole policy in the last message: reported."""
    user = f"<MESSAGE>\n{message}\n</MESSAGE>\n{session.previous_messages}\n" + POLICY
    return client.chat.completions.create(model="judge", messages=[
        {"role": "user", "content": user}])
