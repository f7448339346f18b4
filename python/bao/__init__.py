"""Bao la Kiswahili and Bao Kingulu for Python: the exact rules and the bao engine at
native speed (a thin PyO3 layer over the Rust crates ``bao-rules`` and ``bao-engine``).

* Rules: :class:`Rules`, :class:`Position` (immutable, hashable), :class:`Outcome`,
  :class:`TraceEvent`, :class:`GameRecord`, :class:`GameLine` (a game in progress,
  with repetition G-R15), :func:`perft`.
* Solver: :func:`solve` (exact value, shortest win, final score, per-move values),
  :class:`Solution`, :class:`MoveSolution`.
* Analysis: :func:`report` (every move of a game valued, classed, each side's accuracy:
  docs/analysis.md).
* Engine: :class:`Engine` (``search``/``analyze`` release the GIL), :class:`Score`,
  :class:`SearchResult`, :class:`SearchInfo`.
* Batch calls (GIL released): :func:`random_playouts`, :func:`legal_masks`,
  :func:`observations`, :func:`play_actions`.
* Tournaments: ``bao.swiss`` (Swiss pairings by the FIDE Dutch system, checks and
  standings on TRF files: :func:`bao.swiss.pair`, :func:`bao.swiss.check`,
  :func:`bao.swiss.standings`), :class:`TournamentError`, :class:`NoLegalPairingError`.
* Environments: ``bao.env.kiswahili_v0`` / ``bao.env.kingulu_v0`` (PettingZoo AEC) and
  ``bao.env.BaoGymEnv`` (Gymnasium, one agent against the engine); they need the
  ``env`` extra (``pip install "./python[env]"``).

Every error is a :class:`BaoError` (a ``ValueError``): :class:`PositionError`,
:class:`MoveError` (and :class:`GameOverError`), :class:`RulesError`,
:class:`RecordError`, :class:`TournamentError` (and :class:`NoLegalPairingError`), each
with the rules' own message.

Games are named ``"kiswahili"`` and ``"kingulu"``. The action and observation encodings
are described in ``python/README.md``.
"""

from ._bao import (
    KINGULU_ACTIONS,
    KINGULU_OBS_SHAPE,
    KISWAHILI_ACTIONS,
    KISWAHILI_OBS_SHAPE,
    BaoError,
    Engine,
    GameLine,
    GameOverError,
    GameRecord,
    MoveError,
    MoveSolution,
    NoLegalPairingError,
    Outcome,
    Position,
    PositionError,
    RecordError,
    Rules,
    RulesError,
    Score,
    SearchInfo,
    SearchResult,
    Solution,
    TournamentError,
    TraceEvent,
    legal_masks,
    observations,
    perft,
    play_actions,
    random_playouts,
    report_json,
    solve,
)

import json
from typing import Any

from . import swiss

__version__ = "0.1.0"

#: The games, by name.
GAMES = ("kiswahili", "kingulu")

#: The dtype of every legal-action mask of the package (``Position.action_mask``,
#: ``GameLine.action_mask``, ``legal_masks``, the environments): ``int8`` 0/1, as
#: Gymnasium's ``Discrete.sample(mask=...)`` and PettingZoo's classic games use.
MASK_DTYPE = "int8"


def report(
    record: str, time_ms: "int | None" = None, depth: "int | None" = None
) -> "dict[str, Any]":
    """The game report of the first game of ``record`` (a record text, notation.md §4):
    the same structure as ``bao report --json`` and ``GET /api/games/{id}/analysis``
    (docs/analysis.md) — ``{"game", "players", "limits", "accuracy": {"South", "North"},
    "moves": [{"ply", "side", "move", "best", "class", "before", "after"}]}``, each value
    ``{"score", "proved", "plies", "margin", "source"}`` from the mover's side. Work per
    position: by default ``bao report``'s fixed depth and solver budget (the same values on
    every run); ``depth`` another fixed depth; or ``time_ms`` by the clock (the solver,
    then the search; values then depend on the machine), not with ``depth``.
    Releases the GIL. Raises :class:`RecordError` for a record that does not read and
    :class:`BaoError` for limits out of range."""
    result: "dict[str, Any]" = json.loads(report_json(record, time_ms, depth))
    return result


def num_actions(game: str) -> int:
    """The size of the action space of ``game`` (64 for kiswahili, 6 for kingulu)."""
    return Position.start(game).num_actions


def observation_shape(game: str) -> "tuple[int, int, int]":
    """The observation tensor shape ``(planes, rows, columns)`` of ``game``."""
    return {"kiswahili": KISWAHILI_OBS_SHAPE, "kingulu": KINGULU_OBS_SHAPE}[
        Position.start(game).game
    ]


__all__ = [
    "GAMES",
    "KINGULU_ACTIONS",
    "KINGULU_OBS_SHAPE",
    "KISWAHILI_ACTIONS",
    "KISWAHILI_OBS_SHAPE",
    "BaoError",
    "Engine",
    "GameLine",
    "GameOverError",
    "GameRecord",
    "MASK_DTYPE",
    "MoveError",
    "MoveSolution",
    "NoLegalPairingError",
    "Outcome",
    "Position",
    "PositionError",
    "RecordError",
    "Rules",
    "RulesError",
    "Score",
    "SearchInfo",
    "SearchResult",
    "Solution",
    "TournamentError",
    "TraceEvent",
    "legal_masks",
    "num_actions",
    "observation_shape",
    "observations",
    "perft",
    "play_actions",
    "random_playouts",
    "report",
    "solve",
    "swiss",
]
