"""Shared helpers: the worked-case data files of the Rust rules crate."""

from pathlib import Path

import pytest

#: crates/bao-rules/tests/data of the checkout this package was built from.
DATA = Path(__file__).resolve().parents[2] / "crates" / "bao-rules" / "tests" / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    assert DATA.is_dir(), f"the rules crate's test data is missing: {DATA}"
    return DATA
