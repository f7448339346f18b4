"""What the cluster commands share: starting Ray, seeds, files written atomically,
progress lines."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

try:
    import ray
except ModuleNotFoundError as err:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"bao.cluster needs Ray ({err}); install it with pip install ray "
        '(or the package\'s [cluster] extra: pip install "./python[cluster]")'
    ) from err

import bao


def start_ray(address: str | None = None, num_cpus: int | None = None) -> None:
    """Connects to the Ray cluster at ``address`` (``"auto"``, ``"ray://host:10001"``,
    ``"host:6379"``), or starts a local Ray with ``num_cpus`` workers (default: all
    cores). Does nothing when Ray is already initialised."""
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)


def seed_of(*parts: object) -> int:
    """A 63-bit seed from the parts (stable across runs, machines and Python versions)."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def write_atomic(path: Path, data: bytes) -> None:
    """Writes ``data`` to a temporary file beside ``path``, syncs it and renames it over
    ``path``, so a reader never sees half a file."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def check_manifest(out: Path, name: str, config: dict[str, Any]) -> None:
    """Records the job's settings in ``out/name``; a rerun with other settings in the
    same directory is refused (its results would mix two jobs)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / name
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        if old != config:
            diffs = sorted(k for k in set(old) | set(config) if old.get(k) != config.get(k))
            raise bao.BaoError(
                f"{path}: this directory holds a job with other settings ({', '.join(diffs)} "
                "differ); use another --out directory"
            )
        return
    write_atomic(path, (json.dumps(config, indent=1, sort_keys=True) + "\n").encode())


class Progress:
    """Progress lines on stderr, at most one a second (and the last one)."""

    def __init__(self, what: str, total: int, quiet: bool = False) -> None:
        self.what, self.total, self.quiet = what, total, quiet
        self.t0 = self.last = time.monotonic()

    def update(self, done: int, detail: str = "") -> None:
        now = time.monotonic()
        if self.quiet or (now - self.last < 1.0 and done < self.total):
            return
        self.last = now
        extra = f", {detail}" if detail else ""
        print(f"{self.what}: {done}/{self.total}{extra}, {now - self.t0:.1f} s", file=sys.stderr, flush=True)

    def seconds(self) -> float:
        return time.monotonic() - self.t0
