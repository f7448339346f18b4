"""Moves per second from Python: the batch call against the same random-playout loop
written with per-call Python API calls, on one core.

    python python/bench/moves_per_second.py [--games N] [--repeat R]

Each measurement plays uniformly random games from the start to the end (at most 1000
plies) and counts the moves played; the best of R repeats (default 5) is shown (the machine may be
shared, so the best run is the least disturbed one).
"""

import argparse
import random
import time

import numpy as np

import bao


def batch(game, games, seed):
    r = bao.random_playouts(game, games, seed=seed, max_plies=1000)
    return r["moves"], r["seconds"]


def per_call_play(game, games, seed):
    """legal_actions() + random.choice + play(action): the loop an RL user writes."""
    rng = random.Random(seed)
    moves, t0 = 0, time.perf_counter()
    for _ in range(games):
        p = bao.Position.start(game)
        for _ in range(1000):
            actions = p.legal_actions()
            if not actions:
                break
            p = p.play(rng.choice(actions))
            moves += 1
    return moves, time.perf_counter() - t0


def per_call_children(game, games, seed):
    """children() + random.choice: one call per ply, no legality re-check."""
    rng = random.Random(seed)
    moves, t0 = 0, time.perf_counter()
    for _ in range(games):
        p = bao.Position.start(game)
        for _ in range(1000):
            kids = p.children()
            if not kids:
                break
            p = rng.choice(kids)[1]
            moves += 1
    return moves, time.perf_counter() - t0


def masks(game, n, seed):
    """Positions per second: bao.legal_masks(list) against [p.action_mask() for p]."""
    rng = random.Random(seed)
    ps, p = [], bao.Position.start(game)
    while len(ps) < n:
        ps.append(p)
        kids = p.children()
        p = rng.choice(kids)[1] if kids else bao.Position.start(game)
    t0 = time.perf_counter()
    a = bao.legal_masks(ps)
    t1 = time.perf_counter()
    b = np.stack([q.action_mask() for q in ps])
    t2 = time.perf_counter()
    assert (a == b).all()
    return n / (t1 - t0), n / (t2 - t1)


def best(fn, repeat, *args):
    rates = []
    for i in range(repeat):
        moves, secs = fn(*args, i)
        rates.append(moves / secs)
    return max(rates), rates


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000, help="games per batch measurement")
    ap.add_argument("--loop-games", type=int, default=2000, help="games per per-call measurement")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"bao {bao.__version__}: random playouts from the start, best of {args.repeat}")
    print(f"{'game':10} {'method':42} {'moves/s':>12}")
    for game in bao.GAMES:
        rows = [
            ("batch  bao.random_playouts (1 thread)", best(batch, args.repeat, game, args.games)),
            ("loop   legal_actions + play(action)", best(per_call_play, args.repeat, game, args.loop_games)),
            ("loop   children()", best(per_call_children, args.repeat, game, args.loop_games)),
        ]
        for name, (rate, _) in rows:
            print(f"{game:10} {name:42} {rate:12,.0f}")
        runs = [masks(game, 20000, i) for i in range(args.repeat)]
        b, s = max(r[0] for r in runs), max(r[1] for r in runs)
        print(f"{game:10} {'legal masks: batch / per-call (positions/s)':42} {b:12,.0f} / {s:,.0f}")


if __name__ == "__main__":
    main()
