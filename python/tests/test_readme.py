"""The README's examples are doctests: every ```pycon block of python/README.md runs, in
order, in one namespace, and its printed results must match."""

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")  # the OpenSpiel example


def blocks(text: str) -> "list[tuple[int, str]]":
    """The ```pycon blocks of a markdown text, with their first line numbers."""
    out = []
    for m in re.finditer(r"^```pycon\n(.*?)^```$", text, re.S | re.M):
        out.append((text[: m.start()].count("\n") + 2, m.group(1)))
    return out


def test_readme_has_examples() -> None:
    assert len(blocks(README.read_text(encoding="utf-8"))) >= 8


def test_readme_examples_run() -> None:
    text = README.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs: dict[str, object] = {}
    for line, block in blocks(text):
        test = parser.get_doctest(block, globs, f"README.md:{line}", str(README), line)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # DocTest copies the namespace it is given
    summary = runner.summarize(verbose=False)
    assert summary.failed == 0, f"{summary.failed} of {summary.attempted} README examples failed"
    assert summary.attempted >= 40
