"""Swiss tournaments on FIDE TRF files: the engine of ``bao swiss`` and the server
(the Rust crate ``bao-swiss``; docs/tournaments.md).

* :func:`pair`: the next round by the FIDE Dutch system (Handbook C.04.3), the rules of
  2025 (in force since 1 February 2026) by default or those of 2017 — the same pairings
  as bbpPairings v6.0.0 and v5.0.1.
* :func:`check`: every violation of the absolute criteria in the played rounds.
* :func:`standings`: the table with tie-breaks (Buchholz Cut 1, Buchholz,
  Sonneborn-Berger, direct encounter, wins; a round robin's own order).

A report is the text of a TRF-16 file (``001`` player lines, ``XXR`` the total rounds,
``XXC``, ``XXP``, ``BB?`` point lines) or of TRF-2026 (``142``, ``152``, ``162``,
``192``, ``240``). South is "white". Errors: :class:`TournamentError` (a file that does
not read, naming the line; or one that cannot be paired as it stands) and its subclass
:class:`NoLegalPairingError`, both :class:`bao.BaoError`.
"""

from dataclasses import dataclass

from ._bao import (
    NoLegalPairingError,
    TournamentError,
    swiss_check,
    swiss_pair,
    swiss_standings,
)

#: The editions of the Dutch rules, oldest first; ``"2025"`` is the default.
EDITIONS = ("2017", "2025")


def pair(trf_text: str, edition: "str | None" = None) -> "list[tuple[int, int]]":
    """The next round's pairings of the tournament ``trf_text`` as ``(south, north)``
    start numbers in board order, ``north`` 0 for the pairing-allocated bye — what
    ``bao swiss pair`` and bbpPairings ``-p`` print. ``edition``: ``"2025"`` or
    ``"2017"``; ``None`` takes the one the file names (TRF-2026 line ``192``), else
    ``"2025"``. Releases the GIL. Raises :class:`NoLegalPairingError` when no pairing
    meets the absolute criteria, :class:`TournamentError` for a file that does not read
    or has no next round (no ``XXR``, all rounds played)."""
    return swiss_pair(trf_text, edition)


def check(trf_text: str, edition: "str | None" = None) -> "list[str]":
    """Every violation of the absolute criteria in the played rounds of ``trf_text``,
    one sentence each (``"round 2: players 1 and 2 met again (first in round 1): C.1 no
    rematch"``); empty when there is none. ``edition`` as for :func:`pair` (the two
    differ in who may receive the bye, C.2)."""
    return swiss_check(trf_text, edition)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    #: The rank; players equal on points and every tie-break share it.
    rank: int
    #: The start (pairing) number.
    start: int
    #: The name, as the file gives it.
    name: str
    #: Points.
    points: float
    #: Tie-break values by key, in the order they break ties (Swiss: ``bh-c1`` Buchholz
    #: Cut 1, ``bh`` Buchholz, ``sb`` Sonneborn-Berger, ``de`` direct encounter,
    #: ``wins``; round robin: ``de``, ``sb``, ``wins``).
    tiebreaks: "dict[str, float]"


def standings(trf_text: str, round_robin: bool = False) -> "list[Standing]":
    """The standings after the played rounds of ``trf_text``, best first, with the
    tie-breaks of a Swiss tournament (``round_robin=True``: those of a round robin)."""
    return [
        Standing(
            rank=row["rank"],
            start=row["start"],
            name=row["name"],
            points=row["points"],
            tiebreaks=dict(row["tiebreaks"]),
        )
        for row in swiss_standings(trf_text, round_robin)
    ]


__all__ = [
    "EDITIONS",
    "NoLegalPairingError",
    "Standing",
    "TournamentError",
    "check",
    "pair",
    "standings",
]
