"""``python -m bao.cluster selfplay``: engine games written as shards of positions with
their results, for tuning evaluations or training networks. One Ray task a shard.

Shard ``k`` holds games ``k·S .. k·S + S − 1`` (S = ``shard_games``); game ``i`` starts
with a random opening of ``opening_plies`` plies (seeded by ``(seed, i)``; openings that
end the game are redrawn) and is then played by ``bao.Engine(level)`` for both sides
(seeded by ``(seed, i, side)``) on a ``bao.GameLine`` until the rules end it or
``max_plies`` cut it. Every position at which the engine moved is one row:

=============  =========================================================================
column         content
=============  =========================================================================
``obs``        float32 ``(planes, rows, columns)``: the observation from the mover's seat
``mask``       int8 ``(actions,)``: the legal actions
``action``     int16: the engine's move (an action index)
``result``     int8: the game's result for the mover, +1 won, −1 lost, 0 draw or cut
``side``       int8: 0 South, 1 North to move
``ply``        int32: plies played before this position
``game``       int64: the game index
``south_final`` int8: South's final seeds (Bao Kingulu, G-R14; −1 for Bao la Kiswahili
               or a cut game)
``position``   the position text (notation.md §2)
=============  =========================================================================

``--format npz`` writes ``shard-00000.npz`` (``numpy.load``: one array a column,
``position`` as a str array); ``--format parquet`` writes ``shard-00000.parquet``
(pyarrow; ``obs`` and ``mask`` flattened to lists). A shard is written to a temporary
name and renamed, so a file present is complete: a rerun with the same ``--out`` plays
only the missing shards (``selfplay.json`` records the settings).
"""

from __future__ import annotations

import io
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import ray

import bao

from .common import Progress, check_manifest, seed_of, write_atomic

FORMATS = ("npz", "parquet")


@dataclass(frozen=True)
class SelfplayConfig:
    """The settings of a self-play job."""

    game: str = "kingulu"
    level: int = 3
    games: int = 64
    shard_games: int = 16
    opening_plies: int = 4
    seed: int = 1
    max_plies: int = 1000
    format: str = "npz"
    rules: str | None = None

    def check(self) -> None:
        """Raises ``BaoError`` naming a setting out of range."""
        bao.Rules(self.game, self.rules)
        if not 1 <= self.level <= 10:
            raise bao.BaoError(f"--level {self.level}: levels are 1..10")
        if not 1 <= self.games <= 100_000_000:
            raise bao.BaoError(f"--games {self.games}: give 1 to 100000000")
        if not 1 <= self.shard_games <= 100_000:
            raise bao.BaoError(f"--shard-games {self.shard_games}: give 1 to 100000")
        if not 0 <= self.opening_plies <= 40:
            raise bao.BaoError(f"--opening-plies {self.opening_plies}: give 0 to 40")
        if not 1 <= self.max_plies <= 100_000:
            raise bao.BaoError(f"--max-plies {self.max_plies}: give 1 to 100000")
        if self.format not in FORMATS:
            raise bao.BaoError(f"--format {self.format}: give npz or parquet")

    @property
    def shards(self) -> int:
        return (self.games + self.shard_games - 1) // self.shard_games

    def shard_name(self, k: int) -> str:
        return f"shard-{k:05d}.{self.format}"


def _opening(start: bao.Position, plies: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    for length in range(plies, 0, -1):
        for _ in range(30):
            pos, line = start, []
            for _ in range(length):
                if pos.is_over:
                    break
                a = rng.choice(pos.legal_actions())
                pos = pos.play(a)
                line.append(a)
            if len(line) == length and not pos.is_over:
                return line
    return []


def play_shard(cfg: SelfplayConfig, k: int) -> dict[str, np.ndarray]:
    """The rows of shard ``k`` as columns (see the module docs)."""
    start = bao.Position.start(cfg.game, cfg.rules)
    rows: dict[str, list[Any]] = {
        c: [] for c in ("obs", "mask", "action", "result", "side", "ply", "game", "south_final", "position")
    }
    for i in range(k * cfg.shard_games, min(cfg.games, (k + 1) * cfg.shard_games)):
        line = bao.GameLine(start)
        for a in _opening(start, cfg.opening_plies, seed_of(cfg.seed, "opening", i)):
            line.play(a)
        engines = {
            side: bao.Engine(cfg.game, level=cfg.level, seed=seed_of(cfg.seed, i, side)) for side in ("South", "North")
        }
        first = len(rows["game"])
        while not line.is_over and line.plies < cfg.max_plies:
            pos = line.current
            result = engines[pos.side_to_move].search(line)
            if result.action is None:
                break
            rows["obs"].append(pos.observation())
            rows["mask"].append(pos.action_mask())
            rows["action"].append(result.action)
            rows["side"].append(0 if pos.side_to_move == "South" else 1)
            rows["ply"].append(line.plies)
            rows["game"].append(i)
            rows["position"].append(pos.text)
            line.play(result.action)
        outcome = line.outcome
        final = -1
        if outcome is not None and line.current.scores is not None:
            final = line.current.scores[0]
        for r in range(first, len(rows["game"])):
            mover = "South" if rows["side"][r] == 0 else "North"
            rows["result"].append(0 if outcome is None else outcome.reward(mover))
            rows["south_final"].append(final)
    planes = bao.observation_shape(cfg.game)
    actions = start.num_actions
    n = len(rows["game"])
    return {
        "obs": np.stack(rows["obs"]) if n else np.zeros((0, *planes), np.float32),
        "mask": np.stack(rows["mask"]) if n else np.zeros((0, actions), np.int8),
        "action": np.array(rows["action"], np.int16),
        "result": np.array(rows["result"], np.int8),
        "side": np.array(rows["side"], np.int8),
        "ply": np.array(rows["ply"], np.int32),
        "game": np.array(rows["game"], np.int64),
        "south_final": np.array(rows["south_final"], np.int8),
        "position": np.array(rows["position"], dtype=str),
    }


def encode_shard(columns: dict[str, np.ndarray], fmt: str) -> bytes:
    """The bytes of a shard file in ``fmt`` (``npz`` or ``parquet``)."""
    buf = io.BytesIO()
    if fmt == "npz":
        np.savez_compressed(buf, **columns)  # type: ignore[arg-type]
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        n = len(columns["game"])
        table = pa.table(
            {
                "obs": pa.array(list(columns["obs"].reshape(n, -1)), type=pa.list_(pa.float32())),
                "mask": pa.array(list(columns["mask"].reshape(n, -1)), type=pa.list_(pa.int8())),
                **{c: columns[c] for c in ("action", "result", "side", "ply", "game", "south_final")},
                "position": pa.array(columns["position"].tolist(), type=pa.string()),
            }
        )
        pq.write_table(table, buf)
    return buf.getvalue()


@ray.remote
def _shard_task(cfg: SelfplayConfig, k: int, out: str) -> int:
    columns = play_shard(cfg, k)
    write_atomic(Path(out) / cfg.shard_name(k), encode_shard(columns, cfg.format))
    return len(columns["game"])


def run_selfplay(cfg: SelfplayConfig, out: Path, quiet: bool = False) -> tuple[int, int, int]:
    """Writes the missing shards of the job into ``out`` on the running Ray; returns
    ``(shards played now, shards found done, positions written now)``."""
    cfg.check()
    check_manifest(out, "selfplay.json", asdict(cfg))
    todo = [k for k in range(cfg.shards) if not (out / cfg.shard_name(k)).exists()]
    before = cfg.shards - len(todo)
    progress = Progress("selfplay", cfg.shards, quiet)
    pending = [_shard_task.remote(cfg, k, str(out)) for k in todo]
    positions, finished = 0, before
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        positions += ray.get(ready[0])
        finished += 1
        progress.update(finished, f"{positions} positions written")
    return len(todo), before, positions
