"""The stubs (bao/_bao.pyi) give mypy real types: correct use is accepted, a wrong one
rejected. (CI also runs `mypy --strict` over the package, tests and examples, and
`stubtest bao._bao`.)"""

import re
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

HERE = Path(__file__).resolve().parent


def mypy(tmp_path: Path, source: str) -> "tuple[int, str]":
    f = tmp_path / "snippet.py"
    f.write_text(source, encoding="utf-8")
    out, err, status = api.run(
        ["--strict", "--no-incremental", "--config-file", str(HERE.parent / "pyproject.toml"), str(f)]
    )
    return status, out + err


def test_mypy_rejects_an_int_from_play(tmp_path: Path) -> None:
    status, out = mypy(
        tmp_path, 'from bao import Position\nx: int = Position.start("kiswahili").play("A6<")\n'
    )
    assert status == 1, out
    assert (
        'snippet.py:2: error: Incompatible types in assignment (expression has type "Position", '
        'variable has type "int")  [assignment]'
    ) in out


def test_mypy_accepts_correct_use_and_reveals_real_types(tmp_path: Path) -> None:
    status, out = mypy(
        tmp_path,
        "import bao\n"
        'p: bao.Position = bao.Position.start("kiswahili").play("A6<")\n'
        "moves: list[str] = p.legal_moves()\n"
        "actions: list[int] = p.legal_actions()\n"
        'line = bao.GameLine(bao.Position.start("kingulu"))\n'
        "s = bao.solve(line.current, margin=True, moves=True)\n"
        "reveal_type(p.action_mask())\n"
        "reveal_type(s.moves)\n"
        "reveal_type(p.outcome)\n",
    )
    assert status == 0, out
    mask_line = [line for line in out.splitlines() if "snippet.py:7:" in line][0]
    assert "numpy.ndarray[" in mask_line and "8Bit" in mask_line and "signedinteger" in mask_line
    assert re.search(r'Revealed type is "(builtins\.)?list\[bao\._bao\.MoveSolution\] \| None"', out), out
    assert 'Revealed type is "bao._bao.Outcome | None"' in out
