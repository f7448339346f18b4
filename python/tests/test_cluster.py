"""bao.cluster on a local Ray with 2 workers: the match (bao match's report), self-play
shards, resuming. Long runs are marked `heavy` (run by hand: pytest -m heavy)."""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import bao  # noqa: E402
from bao.cluster import MatchConfig, SelfplayConfig, run_match, run_reach, run_selfplay, start_ray  # noqa: E402
from bao.cluster.match import elo_stats  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    start_ray(num_cpus=2)
    yield
    ray.shutdown()


def test_elo_stats_as_arena() -> None:
    # crates/bao-engine/src/arena.rs tests: even, 75 % (+190.8), a clean sweep (clamped).
    s, e, (lo, hi) = elo_stats(10, 0, 10)
    assert s == 0.5 and abs(e) < 1e-9 and lo < 0 < hi
    s, e, _ = elo_stats(15, 0, 5)
    assert s == 0.75 and abs(e - 190.848) < 0.01
    s, e, (lo, hi) = elo_stats(20, 0, 0)
    assert s == 1.0 and 500 < e < 1e9 and lo <= e <= hi


def test_cli_match_prints_score_and_elo() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bao.cluster", "match", "--a", "3", "--b", "1", "--games", "8", "--game", "kingulu", "--num-cpus", "2", "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "kingulu match: A = greedy, B = greedy, misses 100% of captures, 8 games"
    # Depth-limited level 3 and the seeded random level 1: the same games every run.
    assert lines[1] == "games 8: A +7 =0 -1 (adjudicated 0)"
    assert lines[2] == "score 87.5% Elo +338 (95% CI +104 .. +470)"
    assert re.fullmatch(r"time \d+\.\d s", lines[3]) and len(lines) == 4


def test_cli_refuses_bad_settings() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bao.cluster", "match", "--a", "11", "--num-cpus", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stderr.strip() == "error: --a 11: levels are 1..10"


def test_match_resumes_and_refuses_other_settings(local_ray: None, tmp_path: Path) -> None:
    cfg = MatchConfig(game="kingulu", a=3, b=1, games=8, seed=1)
    full = run_match(cfg, tmp_path, quiet=True)
    assert (full.a_wins, full.draws, full.b_wins) == (7, 0, 1)
    log = tmp_path / "match-games.jsonl"
    lines = log.read_text().splitlines()
    assert len(lines) == 8 and sorted(json.loads(x)["game"] for x in lines) == list(range(8))
    # A crash after 5 games, the last line torn: the rerun plays the 3 missing games.
    log.write_text("\n".join(lines[:5]) + "\n" + lines[5][:10])
    again = run_match(cfg, tmp_path, quiet=True)
    assert str(again) == str(full) and [g["moves"] for g in again.games] == [g["moves"] for g in full.games]
    with pytest.raises(bao.BaoError, match="other settings \\(games differ\\)"):
        run_match(MatchConfig(game="kingulu", a=3, b=1, games=10, seed=1), tmp_path, quiet=True)
    # Paired openings: games 2k and 2k+1 start alike, A on both sides.
    assert [g["a_side"] for g in full.games[:2]] == ["South", "North"]
    assert full.games[0]["moves"][:4] == full.games[1]["moves"][:4]


def test_selfplay_shards_resume_and_formats(local_ray: None, tmp_path: Path) -> None:
    cfg = SelfplayConfig(game="kingulu", level=2, games=5, shard_games=2, seed=3)
    played, before, positions = run_selfplay(cfg, tmp_path, quiet=True)
    assert (played, before) == (3, 0) and positions > 0
    names = sorted(p.name for p in tmp_path.glob("shard-*"))
    assert names == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    shards = [np.load(tmp_path / n) for n in names]
    assert sum(len(s["game"]) for s in shards) == positions
    s0 = shards[0]
    n = len(s0["game"])
    assert s0["obs"].shape == (n, 6, 2, 6) and s0["obs"].dtype == np.float32
    assert s0["mask"].shape == (n, 6) and s0["mask"].dtype == np.int8
    assert set(s0["game"].tolist()) == {0, 1} and sorted(set(shards[2]["game"].tolist())) == [4]
    for i in range(n):  # every row agrees with the rules
        p = bao.Position.from_text("kingulu", str(s0["position"][i]))
        assert np.array_equal(p.observation(), s0["obs"][i]) and np.array_equal(p.action_mask(), s0["mask"][i])
        assert s0["mask"][i][s0["action"][i]] == 1 and s0["side"][i] == (p.side_to_move == "North")
    # Results: one game's rows agree with its end (winner +1, loser -1).
    g0 = s0["game"] == 0
    sides, results = s0["side"][g0], s0["result"][g0]
    assert set(results.tolist()) <= {-1, 0, 1} and all((results[sides == 0] == -results[sides == 1][0]))
    # Resume: a lost shard is played again, the same rows.
    (tmp_path / "shard-00001.npz").unlink()
    assert run_selfplay(cfg, tmp_path, quiet=True)[:2] == (1, 2)
    redo = np.load(tmp_path / "shard-00001.npz")
    assert all(np.array_equal(redo[c], shards[1][c]) for c in ("obs", "action", "result", "position"))
    # Parquet: the same rows.
    pq = pytest.importorskip("pyarrow.parquet")
    pcfg = SelfplayConfig(game="kingulu", level=2, games=2, shard_games=2, seed=3, format="parquet")
    run_selfplay(pcfg, tmp_path / "pq", quiet=True)
    table = pq.read_table(tmp_path / "pq" / "shard-00000.parquet")
    assert table.column("position").to_pylist() == s0["position"].tolist()
    assert np.array_equal(np.array(table.column("obs").to_pylist(), np.float32).reshape(n, 6, 2, 6), s0["obs"])


@pytest.mark.heavy
def test_heavy_match_level_6_against_level_2(local_ray: None) -> None:
    report = run_match(MatchConfig(game="kingulu", a=6, b=2, games=100, seed=1), quiet=True)
    assert report.played == 100 and report.a_wins > report.b_wins


REACH = [
    ("0 0 2 1 0 1 / 1 0 1 2 0 0 ; S=20 N=20 ; South", 108),
    ("1 0 1 3 1 1 / 2 0 2 2 1 1 ; S=17 N=16 ; South", 2736),
    ("2 2 1 2 0 1 / 1 2 1 2 0 0 ; S=15 N=19 ; South", 184940),
]


def plain_reach(text: str) -> int:
    """Every position reachable from `text` by a plain search over positions."""
    start = bao.Position.from_text("kingulu", text)
    seen = {start}
    stack = [start]
    while stack:
        for _, c in stack.pop().children():
            if c not in seen:
                seen.add(c)
                stack.append(c)
    return len(seen)


@pytest.mark.parametrize("text,total", REACH)
def test_reach_gives_bao_reach_totals(local_ray: None, text: str, total: int) -> None:
    # The totals of `bao reach --position` (crates/bao-cli/tests/solve.rs) and of a plain
    # search (the largest one is 0.9 s of Python here).
    assert plain_reach(text) == total
    result = run_reach(bao.Position.from_text("kingulu", text), quiet=True)
    assert result.positions == total and str(result).splitlines()[-1] == f"total: {total} positions"


def test_reach_resumes_level_by_level(local_ray: None, tmp_path: Path) -> None:
    text, total = REACH[1]
    pos = bao.Position.from_text("kingulu", text)
    part = run_reach(pos, tmp_path, partitions_per_task=4, quiet=True, below_level=450)
    assert 0 < part.positions < total and part.levels_done == 450
    assert str(part).splitlines()[-1] == f"total below level 450: {part.positions} positions"
    whole = run_reach(pos, tmp_path, partitions_per_task=4, quiet=True)
    assert (whole.positions, whole.partitions, whole.largest) == (total, 53, 242)
    assert not list(tmp_path.glob("level-*"))  # every level directory removed once counted
    with pytest.raises(bao.BaoError, match="other settings \\(position differ\\)"):
        run_reach(bao.Position.from_text("kingulu", REACH[0][0]), tmp_path, quiet=True)


def test_cli_reach_prints_the_total() -> None:
    text, total = REACH[0]
    done = subprocess.run(
        [sys.executable, "-m", "bao.cluster", "reach", "--position", text, "--num-cpus", "2", "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"total: {total} positions"



def test_value_pass_as_ray_tasks_equals_the_in_memory_pass(local_ray: None, tmp_path: Path) -> None:
    # python -m bao.cluster reach --values: partitions kept by the count, then valued
    # from the highest level down as Ray tasks, each looking up its leaving moves in the
    # value files of the levels above: the same values as bao._bao.reach_values.
    from bao.cluster.reach import value_rows

    text, total = REACH[1]
    pos = bao.Position.from_text("kingulu", text)
    result = run_reach(pos, tmp_path, partitions_per_task=8, quiet=True, values=True)
    assert (result.positions, result.decided, result.undecided) == (total, total, 0)
    assert str(result).splitlines()[-1] == f"values: {total} decided, 0 undecided (only a repetition could decide them)"
    rows = value_rows(tmp_path)
    assert len(rows) == total and sorted(rows) == sorted(bao._bao.reach_values(pos))
    # Resumable: a lost value file is made again, the same entries.
    lost = sorted(tmp_path.glob("level-*/values-*.ent"))[0]
    before = lost.read_bytes()
    lost.unlink()
    again = run_reach(pos, tmp_path, partitions_per_task=8, quiet=True, values=True)
    assert (again.decided, lost.read_bytes()) == (total, before)
