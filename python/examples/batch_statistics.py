"""Random-game statistics with the batch calls (typed: `mypy --strict` clean).

Run: python python/examples/batch_statistics.py
"""

from __future__ import annotations

import numpy as np

import bao


def first_player_share(game: str, games: int, seed: int = 0) -> float:
    """The share of finished random games that South won."""
    r = bao.random_playouts(game, games, seed=seed)
    result: np.ndarray = r["result"]
    finished: np.ndarray = r["finished"]
    return float((result[finished] == 1).mean())


def main() -> None:
    for game in bao.GAMES:
        positions = [bao.Position.start(game)]
        masks = bao.legal_masks(positions)
        print(f"{game}: {int(masks.sum())} first moves, South wins {first_player_share(game, 2000):.1%}")


if __name__ == "__main__":
    main()
