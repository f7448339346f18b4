"""Plays a Bao Kingulu game between two engine levels, then solves its last positions
exactly and prints what perfect play would have done (typed: `mypy --strict` clean).

Run: python python/examples/play_and_solve.py
"""

from __future__ import annotations

import bao


def play(south: bao.Engine, north: bao.Engine, max_plies: int = 200) -> bao.GameLine:
    """One game from the start; the line ends over or after `max_plies` plies."""
    line = bao.GameLine(bao.Position.start("kingulu"))
    while not line.is_over and line.plies < max_plies:
        engine = south if line.current.side_to_move == "South" else north
        result = engine.search(line.current)
        assert result.action is not None
        line.play(result.action)
    return line


def main() -> None:
    line = play(bao.Engine("kingulu", level=4, seed=1), bao.Engine("kingulu", level=2, seed=2))
    print(f"{len(line.moves)} plies: {line.end_sentence}")
    for position in line.positions[-6:-1]:
        solution = bao.solve(position, margin=True, time_ms=5_000)
        print(f"{position.text}: {solution.value}, South {solution.south_score}")


if __name__ == "__main__":
    main()
