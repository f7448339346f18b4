"""``python -m bao.cluster reach --position TEXT``: the Bao Kingulu positions reachable
from a position, level by level as Ray tasks, with the same total as ``bao reach
--position`` (docs/solved.md, "Beyond the start").

Stores and reserved pits never shrink, so positions fall into *partitions* (South's
store, North's store, the reserved pits) ordered by *level* (seeds in the stores × 13 +
reserved pits): a move keeps its partition or goes to a higher level. Levels are done
in order. A level's keys (the packed positions that moves of earlier levels led into)
are read, sorted and split by partition; the partitions are dealt to Ray tasks
(``partitions_per_task`` each), and each task closes its partitions under their quiet
moves with the engine's code (``bao._bao.reach_close``: the closure ``bao reach`` runs,
on all the task's cores) and writes the keys of the moves leaving them to the
directories of their levels.

The storage between levels is a directory (``--out``; every node of a cluster must see
it, e.g. NFS; without ``--out`` a temporary directory on the driver, for a local Ray):

* ``reach.json``: the start position and rules (a rerun from another is refused);
* ``progress.json``: the levels done and the count so far;
* ``level-LLL/in-fromKKK-TTTTT.keys``: keys (little-endian u64) that task T of level K
  led into level L, each written to a temporary name and renamed;
* ``level-LLL/done-TTTTT.json``: task T of level L finished (its count), written after
  its key files.

A rerun resumes: finished levels are skipped, and within a level the tasks with a
``done`` file (a task stopped half-way writes the same files again). A level's
directory is removed once the level is counted.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import ray

import bao
from bao import _bao

from .common import Progress, check_manifest, write_atomic

#: Levels: seeds in the stores 0..=48, reserved pits 0..=12.
LEVELS = 49 * 13
_POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 12)], np.int64)


def levels_of(keys: np.ndarray) -> np.ndarray:
    """The level of each packed key (``bao._bao.reach_level`` on an array)."""
    k = keys.astype(np.uint64)
    stores = (k >> np.uint64(58)) + ((k >> np.uint64(52)) & np.uint64(0x3F))
    mask = ((k >> np.uint64(40)) & np.uint64(0xFFF)).astype(np.int64)
    return stores.astype(np.int64) * 13 + _POPCOUNT[mask]


@dataclass
class ReachResult:
    """The count: positions, partitions, the largest partition, levels with positions."""

    positions: int = 0
    partitions: int = 0
    largest: int = 0
    levels_done: int = 0
    seconds: float = 0.0
    #: With the value pass: positions with an exact value and score, and the others.
    decided: int = -1
    undecided: int = -1

    def __str__(self) -> str:
        """``bao reach``'s two lines."""
        if self.levels_done >= LEVELS:
            return (
                f"reachable positions {self.positions} (partitions {self.partitions}, "
                f"largest partition {self.largest}) in {self.seconds:.1f} s\n"
                f"total: {self.positions} positions"
                + (
                    f"\nvalues: {self.decided} decided, {self.undecided} undecided (only a repetition could decide them)"
                    if self.decided >= 0
                    else ""
                )
            )
        return (
            f"reachable positions below level {self.levels_done}: {self.positions} (partitions "
            f"{self.partitions}, largest partition {self.largest}) in {self.seconds:.1f} s\n"
            f"total below level {self.levels_done}: {self.positions} positions"
        )


def _read_keys(path: Path) -> np.ndarray:
    data = path.read_bytes()
    return np.frombuffer(data[: len(data) - len(data) % 8], "<u8")


@ray.remote
def _close_task(level: int, task: int, keys: bytes, out: str, rules: str, values: bool = False) -> dict[str, int]:
    """Closes the partitions of ``keys`` (sorted, unique; whole partitions) and writes
    the leaving keys by level; returns ``{"positions", "partitions", "largest"}``. With
    ``values`` it also keeps the partitions' keys (``found-T.keys``) and the leaving
    keys (``leaving-T.keys``) for the value pass."""
    arr = np.frombuffer(keys, "<u8")
    parts = arr >> np.uint64(40)
    cuts = np.flatnonzero(np.diff(parts)) + 1
    leaving: list[np.ndarray] = []
    found: list[bytes] = []
    stats = {"positions": 0, "partitions": 0, "largest": 0}
    for chunk in np.split(arr, cuts):
        count, kept, leave = _bao.reach_close(chunk.tobytes(), rules, keep_found=values)
        stats["positions"] += count
        stats["partitions"] += 1
        stats["largest"] = max(stats["largest"], count)
        leaving.append(np.frombuffer(leave, "<u8"))
        if kept is not None:
            found.append(kept)
    here = Path(out) / f"level-{level:03d}"
    if values:
        allk = np.unique(np.concatenate(leaving)) if leaving else np.zeros(0, "<u8")
        write_atomic(here / f"found-{task:05d}.keys", b"".join(found))
        write_atomic(here / f"leaving-{task:05d}.keys", allk.astype("<u8").tobytes())
    if leaving:
        allk = np.unique(np.concatenate(leaving))
        lv = levels_of(allk)
        for target in np.unique(lv):
            d = Path(out) / f"level-{int(target):03d}"
            d.mkdir(exist_ok=True)
            write_atomic(d / f"in-from{level:03d}-{task:05d}.keys", allk[lv == target].tobytes())
    done = Path(out) / f"level-{level:03d}" / f"done-{task:05d}.json"
    write_atomic(done, json.dumps(stats).encode())
    return stats


def run_reach(
    position: bao.Position,
    out: Path | None = None,
    partitions_per_task: int = 64,
    quiet: bool = False,
    below_level: int = LEVELS,
    values: bool = False,
) -> ReachResult:
    """Counts the positions reachable from the Bao Kingulu ``position`` on the running
    Ray (``start_ray`` first), keeping the work in ``out`` (resumable) or in a temporary
    directory removed at the end. ``below_level`` stops before that level (the count of
    the levels below it; a rerun with a higher one goes on). ``values``: then the value
    pass (``run_values``) from the highest level down; its counts are in the result."""
    if position.game != "kingulu":
        raise bao.BaoError("reach counts Bao Kingulu positions")
    if partitions_per_task < 1:
        raise bao.BaoError(f"--partitions-per-task {partitions_per_task}: give at least 1")
    rules = position.rules.profile
    if position.rules.differences():
        raise bao.BaoError("reach uses a rules profile without changed options")
    temp = out is None
    work = Path(tempfile.mkdtemp(prefix="bao-cluster-reach-")) if out is None else out
    try:
        result = _run(position, work, rules, partitions_per_task, quiet, min(below_level, LEVELS), values)
        if values:
            result.decided, result.undecided = run_values(work, rules, quiet)
    except BaseException:
        if temp:
            shutil.rmtree(work, ignore_errors=True)
        raise
    if temp:
        shutil.rmtree(work, ignore_errors=True)
    return result


def _run(
    position: bao.Position, work: Path, rules: str, per_task: int, quiet: bool, stop: int, values: bool
) -> ReachResult:
    check_manifest(work, "reach.json", {"position": position.text, "rules": rules, "values": values})
    progress_path = work / "progress.json"
    if progress_path.exists():
        saved: dict[str, Any] = json.loads(progress_path.read_text(encoding="utf-8"))
        result = ReachResult(**saved)
        for level in range(result.levels_done):  # counted, but not yet removed (a crash)
            if not values:
                shutil.rmtree(work / f"level-{level:03d}", ignore_errors=True)
    else:
        key = _bao.reach_key(position)
        d = work / f"level-{_bao.reach_level(key):03d}"
        d.mkdir(exist_ok=True)
        write_atomic(d / "in-start.keys", np.array([key], "<u8").tobytes())
        result = ReachResult()
    progress = Progress("reach", LEVELS, quiet)
    base = result.seconds
    for level in range(result.levels_done, stop):
        d = work / f"level-{level:03d}"
        if d.is_dir():
            files = sorted(d.glob("in-*.keys"))
            keys = np.unique(np.concatenate([_read_keys(f) for f in files])) if files else np.zeros(0, "<u8")
            parts = keys >> np.uint64(40)
            starts = np.concatenate([[0], np.flatnonzero(np.diff(parts)) + 1, [len(keys)]]).astype(np.int64)
            tasks = []
            stats: list[dict[str, int]] = []
            for t, i in enumerate(range(0, len(starts) - 1, per_task)):
                lo, hi = int(starts[i]), int(starts[min(i + per_task, len(starts) - 1)])
                done = d / f"done-{t:05d}.json"
                if done.exists():
                    stats.append(json.loads(done.read_text(encoding="utf-8")))
                else:
                    tasks.append(_close_task.remote(level, t, keys[lo:hi].tobytes(), str(work), rules, values))  # type: ignore[call-arg]
            stats.extend(ray.get(tasks))
            for s in stats:
                result.positions += s["positions"]
                result.partitions += s["partitions"]
                result.largest = max(result.largest, s["largest"])
        result.levels_done = level + 1
        if d.is_dir():
            result.seconds = base + progress.seconds()
            write_atomic(progress_path, json.dumps(result.__dict__).encode())
            if values:  # the value pass needs found-*/leaving-*; the entry keys can go
                for f in d.glob("in-*.keys"):
                    f.unlink()
            else:
                shutil.rmtree(d)
            progress.update(level + 1, f"{result.positions} positions in {result.partitions} partitions")
    result.seconds = base + progress.seconds()
    write_atomic(progress_path, json.dumps(result.__dict__).encode())
    return result


def _level_entries(work: Path, level: int) -> tuple[np.ndarray, np.ndarray]:
    """The valued keys of a level (sorted: tasks hold consecutive partitions) and their
    4-byte entries."""
    d = work / f"level-{level:03d}"
    keys, ents = [], []
    for f in sorted(d.glob("found-*.keys")):
        keys.append(_read_keys(f))
        ents.append(np.frombuffer((d / f.name.replace("found-", "values-").replace(".keys", ".ent")).read_bytes(), np.uint8).reshape(-1, 4))
    if not keys:
        return np.zeros(0, "<u8"), np.zeros((0, 4), np.uint8)
    return np.concatenate(keys), np.concatenate(ents)


@ray.remote
def _value_task(level: int, task: int, out: str, rules: str) -> tuple[int, int]:
    """Values the partitions of task ``task`` of ``level``; writes ``values-T.ent``;
    returns ``(decided, undecided)``."""
    work = Path(out)
    d = work / f"level-{level:03d}"
    found = _read_keys(d / f"found-{task:05d}.keys")
    leaving = _read_keys(d / f"leaving-{task:05d}.keys")
    out_keys = np.zeros(0, "<u8")
    out_ents = np.zeros((0, 4), np.uint8)
    if len(leaving):
        lv = levels_of(leaving)
        parts_k, parts_e = [], []
        for target in np.unique(lv):
            want = leaving[lv == target]
            keys, ents = _level_entries(work, int(target))
            idx = np.searchsorted(keys, want)
            ok = (idx < len(keys)) & (keys[np.minimum(idx, len(keys) - 1)] == want) if len(keys) else np.zeros(len(want), bool)
            if not ok.all():
                raise bao.BaoError(f"level {target}: a leaving move of level {level} has no value yet")
            parts_k.append(want)
            parts_e.append(ents[idx])
        out_keys = np.concatenate(parts_k)
        out_ents = np.concatenate(parts_e)
        order = np.argsort(out_keys)
        out_keys, out_ents = out_keys[order], out_ents[order]
    entries: list[bytes] = []
    parts = found >> np.uint64(40)
    for chunk in np.split(found, np.flatnonzero(np.diff(parts)) + 1):
        if len(chunk):
            entries.append(
                _bao.reach_value_partition(chunk.tobytes(), out_keys.tobytes(), out_ents.tobytes(), rules)
            )
    data = b"".join(entries)
    write_atomic(d / f"values-{task:05d}.ent", data)
    e = np.frombuffer(data, np.uint8).reshape(-1, 4)
    decided = int(((e[:, 0] != 0) & (e[:, 2] > 0) & (e[:, 3] > 0) & (e[:, 2].astype(int) + e[:, 3] - 2 == 48)).sum())
    return decided, len(e) - decided


def run_values(work: Path, rules: str, quiet: bool = False) -> tuple[int, int]:
    """The value pass over a finished count with kept partitions (``run_reach(...,
    values=True)``): from the highest level down, one task per count task, each valuing
    its partitions with the engine (``bao._bao.reach_value_partition``) and looking up
    its leaving moves in the value files of the higher levels. Resumable (a task's
    ``values-T.ent`` is written last). Returns ``(decided, undecided)``."""
    levels = sorted((int(p.name[6:]) for p in work.glob("level-*") if p.is_dir()), reverse=True)
    progress = Progress("values", len(levels), quiet)
    decided = undecided = 0
    for i, level in enumerate(levels):
        d = work / f"level-{level:03d}"
        pending = []
        for f in sorted(d.glob("found-*.keys")):
            t = int(f.name[6:11])
            ent = d / f"values-{t:05d}.ent"
            if ent.exists():
                e = np.frombuffer(ent.read_bytes(), np.uint8).reshape(-1, 4)
                ok = int(((e[:, 0] != 0) & (e[:, 2] > 0) & (e[:, 3] > 0) & (e[:, 2].astype(int) + e[:, 3] - 2 == 48)).sum())
                decided, undecided = decided + ok, undecided + len(e) - ok
            else:
                pending.append(_value_task.remote(level, t, str(work), rules))
        for dd, uu in ray.get(pending):
            decided, undecided = decided + dd, undecided + uu
        progress.update(i + 1, f"{decided} decided")
    return decided, undecided


def value_rows(work: Path, rules: str | None = None) -> list[tuple[str, str | None, int | None, int | None]]:
    """Every valued position of a work directory as ``bao._bao.reach_values`` gives
    them: ``(text, value, south_at_least, south_at_most)`` (in level and key order)."""
    rows = []
    names = {0: None, 1: "win", 2: "loss", 3: "draw"}
    for p in sorted(work.glob("level-*")):
        keys, ents = _level_entries(work, int(p.name[6:]))
        for k, e in zip(keys.tolist(), ents.tolist()):
            kind = names[e[0]]
            value = None if kind is None else kind if kind == "draw" else f"{kind} {e[1]}"
            lo = e[2] - 1 if e[2] > 0 else None
            hi = 48 - (e[3] - 1) if e[3] > 0 else None
            rows.append((_bao.reach_position(k, rules).text, value, lo, hi))
    return rows


def reach_main(args: argparse.Namespace) -> int:
    """``python -m bao.cluster reach``: prints the count as ``bao reach`` does."""
    position = bao.Position.from_text("kingulu", args.position, args.rules)
    result = run_reach(position, args.out, args.partitions_per_task, args.quiet, args.below_level, args.values)
    print(result)
    sys.stdout.flush()
    return 0
