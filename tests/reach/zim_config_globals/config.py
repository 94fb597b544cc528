"""Settings read from config.yaml when the module is first imported: every key becomes a
module constant (`config.STORE_ID`, `config.BUILD_MODEL`)."""
import yaml


def load_config(path="config.yaml"):
    with open(path, "r") as handle:
        for key, value in yaml.safe_load(handle).items():
            globals()[key] = value


load_config()
