"""``python -m bao.cluster reach``: not written yet."""

from __future__ import annotations

import argparse


def reach_main(args: argparse.Namespace) -> int:
    """Placeholder until the reach pipeline lands."""
    raise SystemExit("python -m bao.cluster reach: not available yet")
