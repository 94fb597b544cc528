"""A quick manual check of the node with one fixed state."""
from .nodes import plan_lesson


def main():
    print(plan_lesson({"subject": "chemistry", "topic": "balancing equations"}))
