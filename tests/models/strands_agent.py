"""Strands Agents: an agent a project factory makes (`Agent(system_prompt=...)`), called with
its prompt (`agent(request)`): the prompt is the newest user message, and here it puts the
uploaded resume before the job description and the scoring rules every candidate shares."""
import boto3
from strands import Agent

s3 = boto3.client("s3")
JOB = ("Senior data engineer, platform team. Builds and runs the batch and streaming pipelines "
       "that feed the warehouse; owns the orchestration code and the data quality checks; "
       "works with analysts on models. Requires five years of Python and SQL, experience with "
       "Spark or Flink, and on-call for the pipelines in rotation with the rest of the team.")


def screener() -> Agent:
    return Agent(system_prompt="You screen candidates for open roles and answer in JSON.")


def screen(bucket: str, key: str):
    uploaded = s3.get_object(Bucket=bucket, Key=key)["Body"].read().decode()
    agent = screener()
    request = f"""Evaluate this candidate.

RESUME:
{uploaded}

JOB DESCRIPTION:
{JOB}

Score the fit from one to ten for skills, experience and seniority, list the three strongest
matches and the three largest gaps, and end with a hire, maybe or no recommendation."""
    return agent(request)
