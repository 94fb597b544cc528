"""A real prefix-caching inference server for tests: llama.cpp's server (xllamacpp) serving a
tiny random-weight llama model that this module writes with `gguf` in well under a second.

    python tests/engine.py model PATH            write the model
    python tests/engine.py serve PATH PORT       serve it on 127.0.0.1:PORT (one slot,
                                                 host-RAM prompt cache off) until SIGTERM

The vocabulary is byte-level (about one token per byte), so the context must be long.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

CONTEXT = 16384


def _byte_alphabet() -> list[str]:
    """GPT-2's printable stand-ins for the 256 byte values, in byte order."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]
    mapping = {b: chr(b) for b in printable}
    extra = 0
    for value in range(256):
        if value not in mapping:
            mapping[value] = chr(256 + extra)
            extra += 1
    return [mapping[value] for value in range(256)]


def write_model(path: str, width: int = 64, layers: int = 2, heads: int = 4,
                hidden: int = 128, seed: int = 0) -> None:
    import gguf
    import numpy as np

    merges = ["Ġ t", "h e", "Ġt he", "Ġ a", "i n", "e r", "o n", "r e"]
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    tokens = _byte_alphabet() + [m.replace(" ", "") for m in merges]
    kinds = [gguf.TokenType.NORMAL] * len(tokens) + [gguf.TokenType.CONTROL] * len(specials)
    tokens += specials
    writer = gguf.GGUFWriter(path, arch="llama")
    writer.add_name("prefixlint-test-model")
    writer.add_context_length(CONTEXT)
    writer.add_embedding_length(width)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(hidden)
    writer.add_head_count(heads)
    writer.add_head_count_kv(heads)
    writer.add_rope_dimension_count(width // heads)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(len(tokens))
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types(kinds)
    writer.add_token_merges(merges)
    writer.add_bos_token_id(tokens.index("<|endoftext|>"))
    writer.add_eos_token_id(tokens.index("<|im_end|>"))
    writer.add_add_bos_token(False)
    writer.add_chat_template(
        "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n"
        "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
    rng = np.random.default_rng(seed)

    def weights(*shape: int):
        return (rng.standard_normal(shape) * 0.02).astype(np.float32)

    writer.add_tensor("token_embd.weight", weights(len(tokens), width))
    writer.add_tensor("output_norm.weight", np.ones(width, np.float32))
    writer.add_tensor("output.weight", weights(len(tokens), width))
    for layer in range(layers):
        prefix = f"blk.{layer}."
        writer.add_tensor(prefix + "attn_norm.weight", np.ones(width, np.float32))
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            writer.add_tensor(prefix + name + ".weight", weights(width, width))
        writer.add_tensor(prefix + "ffn_norm.weight", np.ones(width, np.float32))
        writer.add_tensor(prefix + "ffn_gate.weight", weights(hidden, width))
        writer.add_tensor(prefix + "ffn_up.weight", weights(hidden, width))
        writer.add_tensor(prefix + "ffn_down.weight", weights(width, hidden))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def serve(path: str, port: int) -> None:
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = path
    params.hostnames = ["127.0.0.1"]
    params.port = port
    params.n_ctx = CONTEXT
    params.n_parallel = 1        # one slot: an unrelated prompt evicts the prefix
    params.cache_ram_mib = 0     # no host-RAM prompt cache: "not warmed" means not cached
    params.cpuparams.n_threads = 2
    params.cpuparams_batch.n_threads = 2
    params.endpoint_metrics = True
    params.ui = False
    params.warmup = False
    server = xllamacpp.Server(params)
    print("LISTENING", server.listening_address, flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        time.sleep(1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running(count: int, folder: Path, start_seconds: float = 30):
    """`count` servers of a freshly written model on loopback ports, yielding their base
    URLs, stopped on exit (their logs are left in `folder`)."""
    import httpx

    model = folder / "tiny.gguf"
    subprocess.run([sys.executable, __file__, "model", str(model)], check=True, timeout=60)
    servers = []
    try:
        for _ in range(count):
            port = free_port()
            log = open(folder / f"server-{port}.log", "w")
            process = subprocess.Popen([sys.executable, __file__, "serve", str(model), str(port)],
                                       stdout=log, stderr=subprocess.STDOUT)
            servers.append((f"http://127.0.0.1:{port}", process, log))
        deadline = time.monotonic() + start_seconds
        for url, process, _ in servers:
            while True:
                try:
                    if httpx.get(url + "/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert process.poll() is None, "the engine exited"
                assert time.monotonic() < deadline, "the engine did not start"
                time.sleep(0.1)
        yield [url for url, _, _ in servers]
    finally:
        for _, process, log in servers:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()


if __name__ == "__main__":
    if sys.argv[1] == "model":
        write_model(sys.argv[2])
    else:
        serve(sys.argv[2], int(sys.argv[3]))
