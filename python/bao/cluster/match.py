"""``python -m bao.cluster match``: engine A against engine B over paired openings, one
Ray task a game, reported in ``bao match``'s format (crates/bao-engine/src/arena.rs).

Each random opening of ``opening_plies`` plies (drawn from the match seed) is played
twice, A taking South in one game and North in the other. Openings that end the game,
or whose result a short alpha-beta search (depth 64, 200 000 nodes) already proves, are
redrawn (30 tries a length, then one ply shorter), as in ``bao match``. Each game is a
``bao.GameLine`` searched with its history, so it ends where the rules end it (G-R15
included); a game reaching ``max_plies`` is adjudicated by material (Bao Kingulu: the
provisional scores of G-R14; Bao la Kiswahili: the seeds in a side's 16 holes and its
store). The games are a deterministic function of the settings for levels 1–7 (depth
limits), but not the same games as ``bao match`` plays (the seeds are drawn differently).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import ray

import bao

from .common import Progress, check_manifest, seed_of

#: Openings drawn of one length before a shorter one is tried (as arena.rs).
OPENING_TRIES = 30
#: Node cap of the search that rejects decided openings (as arena.rs).
OPENING_CHECK_NODES = 200_000


@dataclass(frozen=True)
class MatchConfig:
    """The settings of a match (``bao match``'s options)."""

    game: str = "kingulu"
    a: int = 6
    b: int = 2
    games: int = 200
    opening_plies: int = 4
    seed: int = 1
    max_plies: int = 1000
    rules: str | None = None

    def check(self) -> None:
        """Raises ``BaoError`` naming a setting out of range."""
        bao.Rules(self.game, self.rules)  # RulesError for an unknown game or profile
        for name in ("a", "b"):
            level = getattr(self, name)
            if not 1 <= level <= 10:
                raise bao.BaoError(f"--{name} {level}: levels are 1..10")
        if not 1 <= self.games <= 1_000_000:
            raise bao.BaoError(f"--games {self.games}: give 1 to 1000000")
        if not 0 <= self.opening_plies <= 40:
            raise bao.BaoError(f"--opening-plies {self.opening_plies}: give 0 to 40")
        if not 0 <= self.max_plies <= 100_000:
            raise bao.BaoError(f"--max-plies {self.max_plies}: give 0 (none) to 100000")

    @property
    def pairs(self) -> int:
        """Openings played (each twice)."""
        return (self.games + 1) // 2


@dataclass
class MatchReport:
    """The result from A's point of view, as ``bao match`` reports it."""

    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    adjudicated: int = 0
    repetitions: int = 0
    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def played(self) -> int:
        return self.a_wins + self.draws + self.b_wins

    def add(self, game: dict[str, Any]) -> None:
        """Counts one finished game (``play_game``'s dict)."""
        self.games.append(game)
        if game["winner"] == "A":
            self.a_wins += 1
        elif game["winner"] == "B":
            self.b_wins += 1
        else:
            self.draws += 1
        if game["reason"] == "adjudicated":
            self.adjudicated += 1
        elif game["reason"] == "repetition":
            self.repetitions += 1

    def elo_stats(self) -> tuple[float, float, tuple[float, float]]:
        """``(score, elo, ci95)``: ``arena::elo_stats``."""
        return elo_stats(self.a_wins, self.draws, self.b_wins)

    def __str__(self) -> str:
        """The two lines of ``bao match``: ``games 8: A +8 =0 -0 (adjudicated 0)`` and
        ``score 100.0% Elo +478 (95% CI +478 .. +478) (a clean sweep: ...)``."""
        n = self.played
        head = f"games {n}: A +{self.a_wins} ={self.draws} -{self.b_wins} (adjudicated {self.adjudicated}"
        if self.repetitions:
            head += f", repetition {self.repetitions}"
        score, elo, (lo, hi) = self.elo_stats()
        line = f"score {score * 100:.1f}% Elo {_signed(elo)} (95% CI {_signed(lo)} .. {_signed(hi)})"
        if n > 0 and (self.a_wins == n or self.b_wins == n):
            line += " (a clean sweep: Elo clamped at half a game)"
        return head + ")\n" + line


def _signed(x: float) -> str:
    """``{:+.0}`` as Rust prints it, with ``+0`` for a small negative number (as ``bao
    match`` fixes it)."""
    text = f"{x:+.0f}"
    return "+0" if text == "-0" else text


def elo_of_score(score: float) -> float:
    """The Elo difference of a points share (clamped to 0.0001..0.9999)."""
    s = min(max(score, 1e-4), 1.0 - 1e-4)
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo_stats(wins: int, draws: int, losses: int) -> tuple[float, float, tuple[float, float]]:
    """``(score, elo, ci95)`` of a match: ``bao_engine::arena::elo_stats`` (a score of 0
    or 1 is clamped to half a game from it; normal 95% interval of the per-game score)."""
    n = wins + draws + losses
    if n == 0:
        return 0.5, 0.0, (0.0, 0.0)
    s = (wins + 0.5 * draws) / n
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s**2) / n
    se = math.sqrt(var / n)
    lo_c, hi_c = min(0.5 / n, 0.5), max(1 - 0.5 / n, 0.5)

    def clamp(x: float) -> float:
        return min(max(x, lo_c), hi_c)

    return s, elo_of_score(clamp(s)), (elo_of_score(clamp(s - 1.96 * se)), elo_of_score(clamp(s + 1.96 * se)))


def _decided(position: bao.Position) -> bool:
    probe = bao.Engine(position.game, searcher="alphabeta", depth=64, nodes=OPENING_CHECK_NODES, seed=0, hash_mb=1)
    return probe.search(position).score.kind != "cp"


def opening(start: bao.Position, plies: int, seed: int) -> list[int]:
    """A random opening (actions) of ``plies`` plies that neither ends the game nor is
    decided; shorter when every draw of a length is decided."""
    rng = random.Random(seed)
    for length in range(plies, 0, -1):
        for _ in range(OPENING_TRIES):
            pos, line = start, []
            for _ in range(length):
                actions = pos.legal_actions()
                if not actions:
                    break
                a = rng.choice(actions)
                nxt = pos.play(a)
                if nxt.is_over:
                    break
                line.append(a)
                pos = nxt
            if len(line) == length and not _decided(pos):
                return line
    return []


def adjudicate(position: bao.Position) -> bao.Outcome:
    """The side with more material wins (``bao_rules::line::adjudicate``)."""
    if position.scores is not None:
        south, north = position.scores
    else:
        c = position.counts  # b8..b1, a8..a1 (North), A1..A8, B1..B8 (South)
        south, north = sum(c[16:]) + position.stores[0], sum(c[:16]) + position.stores[1]
    winner = "South" if south > north else "North" if north > south else None
    return bao.Outcome(winner, "adjudicated")


def play_game(cfg: MatchConfig, game: int) -> dict[str, Any]:
    """Game ``game`` of the match (pair ``game // 2``; A plays South in the even one):
    ``{"game", "a_side", "winner": "A" | "B" | None, "reason", "plies", "moves"}``."""
    pair, a_side = game // 2, ("South", "North")[game % 2]
    start = bao.Position.start(cfg.game, cfg.rules)
    line = bao.GameLine(start)
    for a in opening(start, cfg.opening_plies, seed_of(cfg.seed, "opening", pair)):
        line.play(a)
    engines = {
        a_side: bao.Engine(cfg.game, level=cfg.a, seed=seed_of(cfg.seed, "A", game)),
        ("North" if a_side == "South" else "South"): bao.Engine(
            cfg.game, level=cfg.b, seed=seed_of(cfg.seed, "B", game)
        ),
    }
    outcome = None
    while outcome is None:
        outcome = line.outcome
        if outcome is not None:
            break
        if cfg.max_plies and line.plies >= cfg.max_plies:
            outcome = adjudicate(line.current)
            break
        mover = line.current.side_to_move
        result = engines[mover].search(line)
        if result.action is None:  # an engine without a move in an open game forfeits
            outcome = bao.Outcome("North" if mover == "South" else "South", "no-legal-move")
            break
        line.play(result.action)
    winner = None if outcome.winner is None else ("A" if outcome.winner == a_side else "B")
    return {
        "game": game,
        "a_side": a_side,
        "winner": winner,
        "reason": outcome.reason,
        "plies": line.plies,
        "moves": line.moves,
    }


@ray.remote
def _play_game_task(cfg: MatchConfig, game: int) -> dict[str, Any]:
    return play_game(cfg, game)


def run_match(cfg: MatchConfig, out: Path | None = None, quiet: bool = False) -> MatchReport:
    """Plays the match on the running Ray (``start_ray`` first), one task a game. With
    ``out``, every finished game is appended to ``out/match-games.jsonl`` and a rerun
    plays only the games missing there (``out/match.json`` records the settings)."""
    cfg.check()
    total = cfg.pairs * 2
    report = MatchReport()
    done: dict[int, dict[str, Any]] = {}
    log = None
    if out is not None:
        check_manifest(out, "match.json", asdict(cfg))
        path = out / "match-games.jsonl"
        if path.exists():
            for text in path.read_text(encoding="utf-8").splitlines():
                try:
                    g = json.loads(text)
                except json.JSONDecodeError:
                    continue  # a line torn by a crash: the game is played again
                done[int(g["game"])] = g
        log = open(path, "a", encoding="utf-8")
    for g in done.values():
        report.add(g)
    progress = Progress("match", total, quiet)
    pending = [_play_game_task.remote(cfg, i) for i in range(total) if i not in done]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            g = ray.get(ready[0])
            report.add(g)
            if log is not None:
                log.write(json.dumps(g) + "\n")
                log.flush()
            progress.update(report.played, f"A +{report.a_wins} ={report.draws} -{report.b_wins}")
    finally:
        if log is not None:
            log.close()
    report.games.sort(key=lambda g: int(g["game"]))
    return report
