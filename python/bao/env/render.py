"""Text drawings of a position for ``render_mode="ansi"`` / ``"human"``."""

import bao


def board_text(position: "bao.Position") -> str:
    """The board as players see it from South's seat (North's rows on top), with the
    stores and the side to move; one line per row."""
    counts = position.counts
    width = 8 if position.game == "kiswahili" else 6
    if position.game == "kiswahili":
        labels = ["b8..b1", "a8..a1", "A1..A8", "B1..B8"]
    else:
        labels = ["a6..a1", "A1..A6"]
    lines = []
    for r, label in enumerate(labels):
        row = counts[r * width : (r + 1) * width]
        lines.append(" ".join(f"{n:2d}" for n in row) + f"   {label}")
        if r == len(labels) // 2 - 1:
            lines.append("-" * (3 * width - 1))
    south, north = position.stores
    lines.append(f"stores South {south} North {north}; {position.side_to_move} to move")
    if position.outcome is not None:
        lines.append(f"result {position.outcome}")
    return "\n".join(lines) + "\n"
