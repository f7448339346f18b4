"""The scripts in python/examples run and print what they should."""

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(name: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_play_and_solve() -> None:
    lines = run("play_and_solve.py").splitlines()
    # Bao Kingulu's level 4 (depth 2, missing a tenth of the captures) beats its level 2
    # (one ply, missing half); seeds 1, 2: deterministic searches.
    assert lines[0] == "21 plies: South wins: the seeds were counted, South 39–9"
    assert lines[-1] == "0 0 0 1 5*S 0 / 0 0 1 0 1 1 ; S=30 N=9 ; South: win in 1, South 39"
    assert len(lines) == 6


def test_batch_statistics() -> None:
    lines = run("batch_statistics.py").splitlines()
    assert [line.split(":")[0] for line in lines] == ["kiswahili", "kingulu"]
    assert all(" 4 first moves, South wins " in line for line in lines)
