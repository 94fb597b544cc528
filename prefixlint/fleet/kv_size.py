"""How many bytes of KV cache one token takes on a model: from a preset
(`data/kv_models.toml`, copied from the models' config.json with source and date) or from a
model's own config.json, read offline (a path, or `hf:org/name` in the local Hugging Face
cache; nothing is downloaded). A shared KV store moves exactly these bytes per token.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..config import ConfigError

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

PRESETS_FILE = Path(__file__).resolve().parent.parent / "data" / "kv_models.toml"
DEFAULT_MODEL = "llama-3.1-8b"
MAX_CONFIG_BYTES = 4_000_000  # a config.json is a few kilobytes
HF_PREFIX = "hf:"
DTYPE_BYTES = {"float32": 4, "float": 4, "fp32": 4, "bfloat16": 2, "float16": 2, "half": 2,
               "fp16": 2, "bf16": 2, "float8_e4m3fn": 1, "float8_e5m2": 1, "fp8": 1,
               "float8": 1}


@dataclass(frozen=True)
class KvShape:
    """A model's KV cache per token: layers × values per layer × bytes per value (values
    per layer: 2 × KV heads × head size, or one latent vector under MLA)."""

    name: str
    layers: int
    values_per_layer: int
    dtype: str
    source: str
    checked: str = ""

    @property
    def bytes_per_token(self) -> int:
        return self.layers * self.values_per_layer * DTYPE_BYTES[self.dtype]

    def as_dict(self) -> dict:
        return {"model": self.name, "layers": self.layers,
                "values_per_layer": self.values_per_layer, "dtype": self.dtype,
                "bytes_per_token": self.bytes_per_token, "source": self.source,
                "checked": self.checked or None}


def presets() -> dict[str, dict]:
    """The preset rows of `data/kv_models.toml`, by name."""
    return tomllib.loads(PRESETS_FILE.read_text(encoding="utf-8"))


def _preset(name: str, row: dict) -> KvShape:
    per_layer = row["latent_dim"] if "latent_dim" in row else 2 * row["kv_heads"] * \
        row["head_dim"]
    return KvShape(name, row["layers"], per_layer, row["dtype"], row["source"],
                   row.get("checked", ""))


def load(spec: str | None, cwd: Path | None = None) -> KvShape:
    """The KV shape named by `spec`: a preset name, a config.json (or a folder holding one),
    `hf:PATH`, or `hf:org/name` from the local Hugging Face cache. Errors are ConfigError
    with the reason, never a traceback."""
    spec = spec or DEFAULT_MODEL
    rows = presets()
    if spec.lower() in rows:
        return _preset(spec.lower(), rows[spec.lower()])
    where = cwd or Path.cwd()
    target = spec[len(HF_PREFIX):] if spec.startswith(HF_PREFIX) else spec
    local = (where / Path(target).expanduser())
    if local.exists():
        file = local / "config.json" if local.is_dir() else local
    elif spec.startswith(HF_PREFIX) and re.fullmatch(r"[\w.-]+/[\w.-]+", target):
        file = hub_config(target)
    else:
        raise ConfigError(f"--kv-model {spec!r}: not a preset ({', '.join(sorted(rows))}), "
                          "a config.json, a folder holding one, or hf:org/name")
    return from_config(file, spec)


def hub_cache() -> Path:
    """The local Hugging Face hub cache, as huggingface_hub finds it (HF_HUB_CACHE, then
    HF_HOME/hub, then XDG_CACHE_HOME or ~/.cache, /huggingface/hub)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "huggingface" / "hub"


def hub_config(repo: str) -> Path:
    """`repo`'s config.json in the local hub cache: the snapshot `refs/main` names, else the
    only snapshot holding one. Nothing is downloaded."""
    folder = hub_cache() / f"models--{repo.replace('/', '--')}"
    snapshots = folder / "snapshots"
    ref = folder / "refs" / "main"
    if ref.is_file():
        named = snapshots / ref.read_text(encoding="utf-8", errors="replace").strip()
        if (named / "config.json").is_file():
            return named / "config.json"
    found = sorted(p for p in snapshots.glob("*/config.json")) if snapshots.is_dir() else []
    if len(found) == 1:
        return found[0]
    raise ConfigError(f"--kv-model hf:{repo}: no config.json for it in the local Hugging Face "
                      f"cache ({folder}){'; several snapshots and no refs/main' if found else ''}"
                      "; prefixlint reads it offline only: download it first "
                      f"(`hf download {repo} config.json`) or give a path")


def from_config(file: Path, spec: str) -> KvShape:
    """The KV shape a config.json describes: num_hidden_layers, num_key_value_heads (else
    num_attention_heads), head_dim (else hidden_size / num_attention_heads) and torch_dtype
    (or dtype); a multimodal model's `text_config` when the top level has none; MLA models
    (kv_lora_rank, qk_rope_head_dim) by their latent vector."""
    try:
        if file.stat().st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"--kv-model {spec!r}: {file} is larger than "
                              f"{MAX_CONFIG_BYTES:,} bytes; not a config.json")
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"--kv-model {spec!r}: {file} cannot be read as JSON ({exc})") \
            from None
    if not isinstance(data, dict):
        raise ConfigError(f"--kv-model {spec!r}: {file} is not a JSON object")
    if "num_hidden_layers" not in data and isinstance(data.get("text_config"), dict):
        data = {**data, **data["text_config"]}

    def number(key: str) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ConfigError(f"--kv-model {spec!r}: {file}: {key} is {value!r}, not a "
                              "positive integer")
        return value

    layers = number("num_hidden_layers")
    if layers is None:
        raise ConfigError(f"--kv-model {spec!r}: {file} has no num_hidden_layers; not a "
                          "transformer's config.json")
    dtype = str(data.get("torch_dtype") or data.get("dtype") or "bfloat16").lower()
    dtype = dtype.removeprefix("torch.")
    if dtype not in DTYPE_BYTES:
        raise ConfigError(f"--kv-model {spec!r}: {file}: unknown dtype {dtype!r}")
    rank, rope = number("kv_lora_rank"), number("qk_rope_head_dim")
    if rank and rope:
        per_layer = rank + rope
    else:
        heads = number("num_attention_heads")
        kv_heads = number("num_key_value_heads") or heads
        head_dim = number("head_dim")
        if head_dim is None and heads and number("hidden_size"):
            head_dim = data["hidden_size"] // heads
        if not kv_heads or not head_dim:
            raise ConfigError(f"--kv-model {spec!r}: {file} gives neither num_key_value_heads"
                              " nor num_attention_heads with head_dim or hidden_size")
        per_layer = 2 * kv_heads * head_dim
    name = spec[len(HF_PREFIX):] if spec.startswith(HF_PREFIX) else file.parent.name or spec
    return KvShape(name, layers, per_layer, dtype, str(file))
