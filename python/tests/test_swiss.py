"""bao.swiss: Swiss pairings, checks and standings on TRF files (docs/tournaments.md),
against the saved bbpPairings cases of crates/bao-swiss/tests/data (bbp: v5.0.1, the
2017 rules; bbp6: v6.0.0, the 2025 rules)."""

from pathlib import Path

import pytest

import bao
import bao.swiss
from bao.swiss import Standing

DATA = Path(__file__).resolve().parents[2] / "crates" / "bao-swiss" / "tests" / "data"


def text(name: str) -> str:
    return (DATA / name).read_text()


def expected(out: str) -> "list[tuple[int, int]] | None":
    """bbpPairings' -p output as pairs; None for 'exit 1' (no legal pairing)."""
    lines = out.split("\n")
    if lines[0] == "exit 1":
        return None
    count = int(lines[0])
    pairs = [tuple(int(x) for x in line.split()) for line in lines[1 : count + 1]]
    return [(p[0], p[1]) for p in pairs]


def test_the_bye_to_the_lowest_score_under_the_2025_rules() -> None:
    # bbpPairings' own test of [C5]: the 2025 rules give the bye to player 6 (0 points),
    # the 2017 rules to player 5 (1 point).
    trf = text("bbp6/bbp6-dutch_2025_C5.trf")
    assert bao.swiss.pair(trf) == [(1, 5), (3, 2), (6, 0)]
    assert bao.swiss.pair(trf, "2025") == [(1, 5), (3, 2), (6, 0)]
    assert bao.swiss.pair(trf, edition="2017") == [(1, 3), (6, 2), (5, 0)]
    # A TRF-2026 file names its edition (line 192); an argument overrides it.
    named = "192 FIDE_DUTCH_2017\n" + trf
    assert bao.swiss.pair(named) == [(1, 3), (6, 2), (5, 0)]
    assert bao.swiss.pair(named, "2025") == [(1, 5), (3, 2), (6, 0)]


@pytest.mark.parametrize("directory,edition", [("bbp6", "2025"), ("bbp", "2017")])
def test_every_saved_case_is_paired_as_bbp_pairings_pairs_it(directory: str, edition: str) -> None:
    cases = sorted((DATA / directory).glob("*.trf"))
    assert len(cases) == {"bbp6": 54, "bbp": 32}[directory]
    for case in cases:
        want = expected(case.with_suffix(".out").read_text())
        if want is None:
            with pytest.raises(bao.swiss.NoLegalPairingError, match="no legal pairing"):
                bao.swiss.pair(case.read_text(), edition)
        else:
            assert bao.swiss.pair(case.read_text(), edition) == want, case.name


def test_cases_in_full() -> None:
    # bbp6/case07: 9 players, the last round (5); player 7 gets the bye.
    assert bao.swiss.pair(text("bbp6/case07.trf")) == [(5, 1), (3, 2), (4, 9), (6, 8), (7, 0)]
    # bbp6/case02: 5 players after round 3 of 4 (2, 4 and 5 had the bye).
    assert bao.swiss.pair(text("bbp6/case02.trf")) == [(4, 1), (2, 5), (3, 0)]


def test_check_names_each_violation() -> None:
    assert bao.swiss.check(text("bbp6/case02.trf")) == []
    lines = text("bbp6/case02.trf").split("\n")
    # Player 2 meets player 1 again in round 3 instead of taking the bye; 1 meets 2.
    lines[3] = lines[3].replace("0000 - U", "   1 b 0").replace(" 2.0    2", " 1.0    2")
    lines[2] = lines[2].replace("   5 w 1", "   2 w 1")
    lines[6] = lines[6].replace("   1 b 0", "0000 - U").replace(" 1.0    5", " 2.0    5")
    assert bao.swiss.check("\n".join(lines)) == [
        "round 3: players 1 and 2 met again (first in round 2): C.1 no rematch",
        "round 3: player 5 received a second pairing-allocated bye (the first in round 1): C.2",
    ]


def test_a_bye_after_a_full_point_bye_breaks_only_the_2025_rules() -> None:
    # In case02, player 4 lost to player 2 in round 1 and had the pairing-allocated bye
    # in round 2; make round 1 a full-point bye for 4 (and an absence for 2).
    lines = text("bbp6/case02.trf").split("\n")
    lines[3] = lines[3].replace("   4 w 1", "0000 - Z").replace(" 2.0    2", " 1.0    2")
    lines[5] = lines[5].replace("   2 b 0", "0000 - F").replace(" 2.0    4", " 3.0    4")
    trf = "\n".join(lines)
    assert bao.swiss.check(trf, "2017") == []
    message = (
        "round 2: player 4 received the pairing-allocated bye after scoring a win's points"
        " without playing in round 1: C.2 (2025)"
    )
    assert bao.swiss.check(trf) == [message]
    assert bao.swiss.check(trf, "2025") == [message]


def test_standings_with_tiebreaks() -> None:
    table = bao.swiss.standings(text("bbp6/case02.trf"))
    assert table[0] == Standing(
        rank=1,
        start=1,
        name="Test0001 Player0001",
        points=2.5,
        tiebreaks={"bh-c1": 3.0, "bh": 3.5, "sb": 2.75, "de": 0.0, "wins": 2.0},
    )
    assert [(s.rank, s.start, s.points) for s in table] == [
        (1, 1, 2.5),
        (2, 2, 2.0),
        (3, 4, 2.0),
        (4, 3, 1.5),
        (5, 5, 1.0),
    ]
    assert [s.tiebreaks["bh"] for s in table] == [3.5, 5.0, 3.5, 4.5, 5.0]
    assert list(table[0].tiebreaks) == ["bh-c1", "bh", "sb", "de", "wins"]
    rr = bao.swiss.standings(text("bbp6/case02.trf"), round_robin=True)
    assert list(rr[0].tiebreaks) == ["de", "sb", "wins"]


def test_bad_input_is_a_tournament_error() -> None:
    assert issubclass(bao.swiss.NoLegalPairingError, bao.swiss.TournamentError)
    assert issubclass(bao.TournamentError, bao.BaoError)
    trf = text("bbp6/case02.trf")
    with pytest.raises(bao.TournamentError, match='unknown edition "2016" of the Dutch rules: 2017 or 2025'):
        bao.swiss.pair(trf, "2016")
    with pytest.raises(bao.TournamentError, match=r"^line 2: XXR needs a number of rounds 1\.\.99"):
        bao.swiss.pair(trf.replace("XXR 4", "XXR x"))
    with pytest.raises(bao.TournamentError, match="no XXR line"):
        bao.swiss.pair(trf.replace("XXR 4\n", ""))
    with pytest.raises(bao.TournamentError, match=r"line 3: round 1: unknown result '7'"):
        bao.swiss.check(trf.replace("   3 b =", "   3 b 7"))
    with pytest.raises(TypeError):
        bao.swiss.pair(42)  # type: ignore[arg-type]
    assert bao.swiss.EDITIONS == ("2017", "2025")
