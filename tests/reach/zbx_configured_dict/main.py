import sys

import yaml

from answer import Answerer


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


if __name__ == "__main__":
    print(Answerer(load(sys.argv[1])).answer(sys.argv[2]))
