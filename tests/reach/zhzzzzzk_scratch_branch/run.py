"""A run of a command-line agent: its scratch folder is named for the moment it starts."""
import datetime as dt
from pathlib import Path

RUNS = Path("runs")


class Run:
    def __init__(self, task):
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.folder = RUNS / stamp / "scratch"
        self.task = task
