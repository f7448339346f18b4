"""``python -m bao.cluster {match,selfplay,reach} ...`` (see ``bao.cluster``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import bao


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bao.cluster",
        description="bao jobs as Ray tasks, on a local Ray or a cluster (--address).",
    )
    sub = p.add_subparsers(dest="command", required=True)

    def ray_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--address", help="a running Ray cluster (auto, host:6379, ray://host:10001); default: start a local Ray")
        q.add_argument("--num-cpus", type=int, help="workers of the local Ray (default: all cores)")
        q.add_argument("--out", type=Path, help="directory for results; a rerun resumes from it")
        q.add_argument("--quiet", action="store_true", help="no progress lines on stderr")

    m = sub.add_parser("match", help="engine A against engine B, paired openings, score and Elo (as bao match)")
    m.add_argument("--game", default="kingulu", help="kiswahili or kingulu (default kingulu)")
    m.add_argument("--rules", help="rules profile")
    m.add_argument("--a", type=int, default=6, help="engine A's level 1..10 (default 6)")
    m.add_argument("--b", type=int, default=2, help="engine B's level 1..10 (default 2)")
    m.add_argument("--games", type=int, default=200, help="games, rounded up to even (default 200)")
    m.add_argument("--opening-plies", type=int, default=4, help="plies of each random opening (default 4)")
    m.add_argument("--seed", type=int, default=1, help="seed of the openings and engines (default 1)")
    m.add_argument("--max-plies", type=int, default=1000, help="adjudicate after this many plies, 0 = never (default 1000)")
    ray_args(m)

    s = sub.add_parser("selfplay", help="engine games as shards of positions with results")
    s.add_argument("--game", default="kingulu", help="kiswahili or kingulu (default kingulu)")
    s.add_argument("--rules", help="rules profile")
    s.add_argument("--level", type=int, default=3, help="the engine's level 1..10, both sides (default 3)")
    s.add_argument("--games", type=int, default=64, help="games (default 64)")
    s.add_argument("--shard-games", type=int, default=16, help="games a shard, one Ray task each (default 16)")
    s.add_argument("--opening-plies", type=int, default=4, help="random plies before the engine plays (default 4)")
    s.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    s.add_argument("--max-plies", type=int, default=1000, help="cut a game after this many plies (default 1000)")
    s.add_argument("--format", default="npz", choices=["npz", "parquet"], help="shard format (default npz)")
    ray_args(s)

    r = sub.add_parser("reach", help="the Bao Kingulu positions reachable from a position (as bao reach --position)")
    r.add_argument("--position", required=True, help="a Bao Kingulu position text (notation.md §2)")
    r.add_argument("--rules", help="rules profile (default: default)")
    r.add_argument("--partitions-per-task", type=int, default=64, help="partitions one Ray task closes (default 64)")
    r.add_argument("--below-level", type=int, default=49 * 13, help="count only the levels below this one")
    r.add_argument("--values", action="store_true", help="then the value pass, from the highest level down (keeps the partitions in --out)")
    ray_args(r)
    return p


def main(argv: list[str] | None = None) -> int:
    """Runs the command; returns the exit status (1 with a message for bad input)."""
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except bao.BaoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    from .common import start_ray

    if args.num_cpus is not None and args.num_cpus < 1:
        raise bao.BaoError(f"--num-cpus {args.num_cpus}: give at least 1")
    if args.command == "match":
        from .match import MatchConfig, run_match

        cfg = MatchConfig(
            game=args.game,
            a=args.a,
            b=args.b,
            games=args.games,
            opening_plies=args.opening_plies,
            seed=args.seed,
            max_plies=args.max_plies,
            rules=args.rules,
        )
        cfg.check()
        game = bao.Position.start(cfg.game).game
        a, b = (bao.Engine(game, level=x).description for x in (cfg.a, cfg.b))
        total = cfg.pairs * 2
        print(f"{game} match: A = {a}, B = {b}, {total} game{'s' if total != 1 else ''}", flush=True)
        start_ray(args.address, args.num_cpus)
        t0 = time.monotonic()
        report = run_match(cfg, args.out, args.quiet)
        print(report)
        print(f"time {time.monotonic() - t0:.1f} s")
        return 0
    if args.command == "selfplay":
        from .selfplay import SelfplayConfig, run_selfplay

        if args.out is None:
            raise bao.BaoError("selfplay needs --out DIR (the shards are written there)")
        scfg = SelfplayConfig(
            game=args.game,
            level=args.level,
            games=args.games,
            shard_games=args.shard_games,
            opening_plies=args.opening_plies,
            seed=args.seed,
            max_plies=args.max_plies,
            format=args.format,
            rules=args.rules,
        )
        scfg.check()
        start_ray(args.address, args.num_cpus)
        played, before, positions = run_selfplay(scfg, args.out, args.quiet)
        print(
            f"selfplay: {scfg.games} games in {scfg.shards} shards ({played} played now, {before} "
            f"done before): {positions} positions written now to {args.out}"
        )
        return 0
    from .reach import reach_main

    start_ray(args.address, args.num_cpus)
    return reach_main(args)


if __name__ == "__main__":
    sys.exit(main())
