"""Batch calls agree with the per-call API and are reproducible."""

from typing import List

import numpy as np

import bao


def random_positions(game: str, n: int, seed: int) -> List[bao.Position]:
    rng = np.random.default_rng(seed)
    out: List[bao.Position] = []
    p = bao.Position.start(game)
    while len(out) < n:
        if p.is_over:
            p = bao.Position.start(game)
        out.append(p)
        kids = p.children()
        if kids:
            p = kids[rng.integers(len(kids))][1]
    return out


def test_random_playouts_are_reproducible() -> None:
    for game in bao.GAMES:
        a = bao.random_playouts(game, 300, seed=42)
        b = bao.random_playouts(game, 300, seed=42)
        c = bao.random_playouts(game, 300, seed=43)
        t = bao.random_playouts(game, 300, seed=42, threads=2)
        for key in ("plies", "result", "finished"):
            assert (a[key] == b[key]).all() and (a[key] == t[key]).all()
        assert not (a["plies"] == c["plies"]).all()
        assert a["games"] == 300 and a["moves"] == int(a["plies"].sum())
        assert a["finished"].all() and set(a["result"].tolist()) <= {-1, 0, 1}
        assert a["plies"].dtype == np.uint32 and a["result"].dtype == np.int8


def test_random_playouts_max_plies_and_position() -> None:
    r = bao.random_playouts("kiswahili", 50, seed=1, max_plies=3)
    assert (r["plies"] == 3).all() and not r["finished"].any() and (r["result"] == 0).all()
    end = bao.Position.start("kingulu").play("A5").play("a5").play("A3")
    r = bao.random_playouts("kingulu", 5, position=end)
    assert r["moves"] == 0 and (r["result"] == -1).all() and r["finished"].all()


def test_legal_masks_observations_and_play_actions() -> None:
    for game in bao.GAMES:
        ps = random_positions(game, 200, seed=1)
        masks = bao.legal_masks(ps)
        assert masks.shape == (200, ps[0].num_actions) and masks.dtype == np.int8
        assert (masks == np.stack([p.action_mask() for p in ps])).all()
        obs = bao.observations(ps)
        assert obs.shape == (200, *bao.observation_shape(game))
        assert (obs == np.stack([p.observation() for p in ps])).all()
        south = bao.observations(ps, "South")
        assert (south == np.stack([p.observation("South") for p in ps])).all()
        live = [p for p in ps if not p.is_over]
        acts = [p.legal_actions()[-1] for p in live]
        assert bao.play_actions(live, acts) == [p.play(a) for p, a in zip(live, acts)]
    assert bao.legal_masks([]).shape == (0, 64)
