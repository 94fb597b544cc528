import os

BRIEFS_DIR = os.path.join(os.path.dirname(__file__), "briefs")


def load_briefs():
    briefs = {}
    for filename in sorted(os.listdir(BRIEFS_DIR)):
        if filename.endswith(".md"):
            with open(os.path.join(BRIEFS_DIR, filename)) as handle:
                briefs[filename[:-3]] = handle.read()
    return briefs


BRIEFS = load_briefs()
