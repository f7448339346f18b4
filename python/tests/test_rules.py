"""The rules from Python agree with the Rust crate: perft, the worked cases of both
specifications (K-T1..T30, G-T1..T31 via the crate's data files), actions, profiles."""

import random
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import bao

KISWAHILI_START = (
    "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ;"
    " S=22 N=22 ; house S+ N+ ; South ; takasia -"
)
KINGULU_START = "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South"


# --- perft (K-T18, G-§7.3, crates/bao-rules/tests/data/kingulu_perft.txt) -------------


def test_kiswahili_perft_matches_rust() -> None:
    # crates/bao-rules/tests/kiswahili_cases.rs t18_perft
    assert [bao.perft("kiswahili", d) for d in range(1, 6)] == [4, 14, 38, 124, 405]
    assert bao.perft("kiswahili", 0) == 1


def test_kingulu_perft_matches_rust(data_dir: Path) -> None:
    want = [4, 15, 50, 130, 336, 840, 2114, 5408]
    assert [bao.perft("kingulu", d) for d in range(1, 9)] == want
    # The same numbers as the Rust data file.
    rows = [
        line.split()
        for line in (data_dir / "kingulu_perft.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert [int(n) for _, n in rows] == want


def test_perft_of_a_position_and_divide() -> None:
    start = bao.Position.start("kiswahili")
    assert start.perft(5) == 405
    assert bao.perft("kiswahili", 3, position=start) == 38
    assert bao.perft("kiswahili", 3, position=KISWAHILI_START) == 38
    # K-T1: North's replies to each first move (kiswahili_cases.rs t01).
    assert start.perft_divide(2) == [("A6<", 4), ("A6>", 4), ("A7<", 2), ("A7>", 4)]
    k = bao.Position.start("kingulu")
    assert [m for m, _ in k.perft_divide(3)] == ["A3", "A4", "A5", "A6"]
    assert sum(n for _, n in k.perft_divide(3)) == 50
    # G-§7.3: the line A5 a5 A3 ends the game; 1 leaf at depth 0, none at depth 1.
    end = k.play("A5").play("a5").play("A3")
    assert (end.perft(0), end.perft(1)) == (1, 0)
    assert end.outcome == bao.Outcome("North", "score")
    assert end.scores == (22, 26)


def test_perft_with_rules() -> None:
    # The kujifunza start (K-§3.5: 2 seeds in every hole, mtaji) by hand: captures are
    # compulsory (K-R9) and every 2-seed lap ends 2 holes on, in an occupied hole. It
    # captures when that hole is in the front row (its opposite hole has 2 seeds): A1>,
    # A2>, A3..A6 either way, A7<, A8< (12; A1<, A2<, A7>, A8> end in the back row), and
    # from the back row B1< (sows A1 A2), B2< (B1 A1), B7> (B8 A8), B8> (A8 A7): 16 moves.
    assert bao.perft("kiswahili", 1, rules="kujifunza") == 16
    assert bao.Position.start("kiswahili", "kujifunza").legal_moves() == [
        "A1>", "A2>", "A3<", "A3>", "A4<", "A4>", "A5<", "A5>", "A6<", "A6>", "A7<", "A8<",
        "B1<", "B2<", "B7>", "B8>",
    ]
    with pytest.raises(bao.RulesError, match="unknown rules profile"):
        bao.perft("kiswahili", 1, rules="nope")


# --- worked cases ----------------------------------------------------------------------


def kiswahili_cases(path: Path) -> List[Dict[str, Any]]:
    cases: List[Dict[str, Any]] = []
    case: Dict[str, Any] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            case = {"name": line[1:-1], "rules": [], "after": [], "result": [], "never": []}
            cases.append(case)
            continue
        key, _, rest = line.partition(" ")
        if key == "rules":
            case["rules"] += [kv.split("=", 1) for kv in rest.split()]
        elif key == "position":
            case["position"] = rest
        elif key == "legal":
            case["legal"] = rest.split()
        elif key == "never-ending":
            case["never"] = rest.split()
        elif key in ("after", "result"):
            mv, _, value = rest.partition(" = ")
            case[key].append((mv.strip(), value.strip()))
        elif key == "laps":
            pass  # lap counts are not exposed to Python
        else:
            raise AssertionError(f"unknown key {key!r}")
    return cases


def rules_of(game: str, pairs: List[List[str]]) -> bao.Rules:
    rules = bao.Rules(game)
    for k, v in pairs:
        rules = bao.Rules(game, v) if k == "profile" else rules.replace({k: v})
    return rules


def test_kiswahili_worked_cases(data_dir: Path) -> None:
    cases = kiswahili_cases(data_dir / "kiswahili_cases.txt")
    assert len(cases) == 46
    checked = 0
    for case in cases:
        name = case["name"]
        rules = rules_of("kiswahili", case["rules"])
        pos = bao.Position.from_text("kiswahili", case["position"], rules)
        assert pos.text == case["position"], name
        if "legal" in case:
            assert pos.legal_moves() == case["legal"], name
            assert [pos.move_text(a) for a in pos.legal_actions()] == case["legal"], name
            assert pos.is_over == (case["legal"] == []), name
        for mv in case["never"]:
            with pytest.raises(bao.MoveError, match="never ends"):
                pos.play(mv)
        for mv, want in case["after"]:
            nxt = pos.play(mv)
            assert nxt.text == want, f"{name}: after {mv}"
            assert pos.play(pos.parse_move(mv)) == nxt, name
            traced, events = pos.play_traced(mv)
            assert traced == nxt and events, name
            checked += 1
        for mv, want in case["result"]:
            outcome = pos.play(mv).outcome
            assert (str(outcome) if outcome else "none") == want, f"{name}: result {mv}"
            checked += 1
    assert checked == 54 + 5


def kingulu_cases(path: Path) -> List[Tuple[str, List[Tuple[str, str]]]]:
    cases: List[Tuple[str, List[Tuple[str, str]]]] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key == "case":
            cases.append((rest, []))
        else:
            cases[-1][1].append((key, rest.strip()))
    return cases


def test_kingulu_worked_cases(data_dir: Path) -> None:
    cases = kingulu_cases(data_dir / "kingulu_cases.txt")
    assert len(cases) == 45
    for name, lines in cases:
        rules = bao.Rules("kingulu")
        pos = after = bao.Position.start("kingulu")  # each case sets its position first
        moved = False
        for key, value in lines:
            if key == "rules":
                rules = rules.replace({k: v for k, v in (o.split("=", 1) for o in value.split())})
            elif key == "position":
                pos = bao.Position.from_text("kingulu", value, rules)
                assert pos.text == value, name
            elif key == "legal":
                assert (" ".join(pos.legal_moves()) or "-") == value, name
            elif key == "illegal":
                mv, _, why = value.partition(" ")
                with pytest.raises(bao.MoveError) as err:
                    pos.parse_move(mv)
                assert why in str(err.value), f"{name}: {err.value}"
            elif key == "move":
                after, events = pos.play_traced(value)
                moved = True
                assert pos.play(value) == after, name
                last = [e for e in events if e.kind != "game-end"][-1]
                assert last.counts == after.counts, name
                assert last.stores == after.stores, name
                lifts = sum(e.kind == "lift" for e in events)
            elif key == "after":
                assert after.text == value, name
            elif key == "next":
                assert (" ".join(after.legal_moves()) or "-") == value, name
            elif key == "scores":
                scores = (after if moved else pos).scores
                assert scores is not None and " ".join(map(str, scores)) == value, name
            elif key == "outcome":
                o = (after if moved else pos).outcome
                got = "none" if o is None else (o.winner or "draw")
                assert got == value, name
            elif key == "laps":
                assert str(lifts) == value, f"{name}: laps"
            else:
                raise AssertionError(f"unknown key {key}")


# --- positions, moves and actions ------------------------------------------------------


def test_start_positions_and_first_moves() -> None:
    p = bao.Position.start("kiswahili")
    assert p.text == KISWAHILI_START == str(p)
    assert p.game == "kiswahili" and p.side_to_move == "South" and p.stage == "namua"
    assert p.legal_moves() == ["A6<", "A6>", "A7<", "A7>"]  # K-T1
    # action = 4 * hole + 2 * (direction is ">") + safari, holes A1..A8 = 0..7.
    assert p.legal_actions() == [20, 22, 24, 26]
    assert p.action_mask().tolist() == [int(a in (20, 22, 24, 26)) for a in range(64)]
    assert p.num_actions == 64 and p.stores == (22, 22) and p.scores is None
    k = bao.Position.start("kingulu")
    assert k.text == KINGULU_START
    assert k.legal_moves() == ["A3", "A4", "A5", "A6"]  # G-T1
    assert k.legal_actions() == [2, 3, 4, 5]
    assert k.scores == (24, 24)
    after = k.play("A3")
    assert after.text == "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"  # G-T2
    assert after.legal_actions() == [a for a in range(6) if after.legal_moves().count(f"a{a + 1}")]


def test_actions_and_texts_agree_on_random_games() -> None:
    rng = random.Random(7)
    for game in bao.GAMES:
        for _ in range(30):
            p = bao.Position.start(game)
            while not p.is_over:
                texts, actions = p.legal_moves(), p.legal_actions()
                assert actions == sorted(actions) and len(set(actions)) == len(actions)
                assert [p.move_text(a) for a in actions] == texts
                assert [p.parse_move(t) for t in texts] == actions
                assert p.action_mask().sum() == len(actions)
                kids = p.children()
                assert [a for a, _ in kids] == actions
                a, child = rng.choice(kids)
                assert p.play(a) == child == p.play(p.move_text(a))
                p = child


def test_positions_are_immutable_and_hashable() -> None:
    a, b = bao.Position.start("kiswahili"), bao.Position("kiswahili")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    c = a.play("A6<")
    assert c != a and a.text == KISWAHILI_START
    assert bao.Position.from_text("kiswahili", c.text) == c
    with pytest.raises(AttributeError):
        a.text = "x"  # type: ignore[misc]
    assert a != bao.Position.start("kingulu")
    assert repr(a) == f"Position('kiswahili', '{KISWAHILI_START}')".replace("'", '"')


def test_observation_tensors() -> None:
    p = bao.Position.start("kiswahili")
    obs = p.observation()
    assert obs.shape == (7, 4, 8) and obs.dtype.name == "float32"
    assert obs[0].reshape(-1).tolist() == p.counts
    assert obs[1, 2, 4] == 1 and obs[1, 1, 3] == 1 and obs[1].sum() == 2  # both nyumbas
    assert obs[2].sum() == 2  # both functional (6 seeds, K-R8.3)
    assert obs[3].sum() == 0  # no takasia
    assert (obs[4] == 22).all() and (obs[5] == 22).all() and (obs[6] == 1).all()
    north = p.observation("North")
    assert (north[6] == 0).all()
    # North's view is South's view of the mirrored position, to-move plane aside.
    m = p.mirrored().observation("South")
    assert (north[:6] == m[:6]).all()
    # T9 A1< takasias a6 (K-R11): marked in North's front row from North's seat.
    t9 = bao.Position.from_text(
        "kiswahili",
        "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 3 0 3 0 0 0 2 2 / 2 0 0 0 0 1 1 0 ;"
        " S=0 N=0 ; house S- N- ; South ; takasia -",
    ).play("A1<")
    o = t9.observation()
    assert t9.side_to_move == "North" and o[3, 2, 5] == 1 and o[3].sum() == 1
    k = bao.Position.start("kingulu").play("A3")
    ko = k.observation("South")
    assert ko.shape == (6, 2, 6)
    assert ko[0].reshape(-1).tolist() == k.counts
    assert (ko[3] == 7).all() and (ko[4] == 0).all() and (ko[5] == 0).all()
    kn = k.observation("North")
    assert kn[0, 1].tolist() == [1, 0, 6, 6, 0, 1]  # North's own row a1..a6
    assert kn[0, 0].tolist() == [6, 0, 7, 2, 6, 6]  # South's row A6..A1 from North's seat
    assert (kn[3] == 0).all() and (kn[4] == 7).all() and (kn[5] == 1).all()


def test_kingulu_reservation_planes() -> None:
    # G-T6 style: find a position with a reserved pit by random play and check the planes.
    rng = random.Random(3)
    for _ in range(200):
        p = bao.Position.start("kingulu")
        while not p.is_over and "*" not in p.text:
            p = rng.choice(p.children())[1]
        if "*" in p.text:
            break
    assert "*" in p.text
    for side in ("South", "North"):
        o = p.observation(side)
        assert o[1].sum() + o[2].sum() == p.text.count("*")


# --- traced play (K-R4.4, R6.4; crates/bao-rules/tests/kiswahili_options.rs) -------------


def test_traced_safari_move_events() -> None:
    t5 = bao.Position.from_text(
        "kiswahili",
        "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ;"
        " S=12 N=12 ; house S+ N+ ; South ; takasia -",
    )
    after, events = t5.play_traced("A2>+")
    assert after == t5.play("A2>+")
    assert [e.kind for e in events] == [
        "enter", "capture", "kichwa", "sow", "safari", "lift", "nyumba-lost", "sow",
        "capture", "kichwa", "sow", "lift", "sow", "lift", "sow", "lift", "sow", "lift",
        "sow", "lift", "sow", "lift", "sow", "end",
    ]  # fmt: skip
    assert events[1].holes == ["a7"] and events[1].seeds == 5
    assert events[2].holes == ["A1"]
    assert events[3].holes == ["A1", "A2", "A3", "A4", "A5"]
    assert events[-1].counts == after.counts and events[-1].stores == after.stores
    _, stop = t5.play_traced("A2>")
    assert stop[-1].kind == "nyumba-stop"
    t9 = bao.Position.from_text(
        "kiswahili",
        "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 3 0 3 0 0 0 2 2 / 2 0 0 0 0 1 1 0 ;"
        " S=0 N=0 ; house S- N- ; South ; takasia -",
    )
    _, ev = t9.play_traced("A1<")
    assert ev[-1].kind == "takasia" and ev[-1].holes == ["a6"]


def test_traced_kingulu_relay() -> None:
    after, events = bao.Position.start("kingulu").play_traced("A3")
    assert [(e.kind, e.holes[:1], e.seeds) for e in events] == [
        ("lift", ["A3"], 4), ("sow", ["A4"], 4), ("lift", ["a1"], 5), ("sow", ["a2"], 5),
        ("lift", ["a6"], 5), ("sow", ["A1"], 5), ("lift", ["A5"], 6), ("sow", ["A6"], 6),
        ("lift", ["a5"], 6), ("sow", ["a6"], 6), ("capture", ["a2"], 7), ("end", ["A5"], 0),
    ]  # fmt: skip
    assert events[0].text == "South lifts 4 seeds from A3"
    assert events[0].counts == [4] * 8 + [0] + [4] * 3
    assert events[-1].stores == (7, 0) == after.stores


# --- rules and profiles ----------------------------------------------------------------


def test_every_profile_loads() -> None:
    assert bao.Rules.profiles("kiswahili") == ["mancala-world", "de-voogt", "kiba", "kujifunza"]
    assert bao.Rules.profiles("kingulu") == ["default"]
    for game in bao.GAMES:
        for name in bao.Rules.profiles(game):
            rules = bao.Rules(game, name)
            assert rules.profile == name and rules.game == game
            p = bao.Position.start(game, rules)
            assert p.rules == rules and p.legal_moves()
            assert bao.Rules(game, name, rules.options()) == rules
            assert rules.differences() == {}
    kuj = bao.Position.start("kiswahili", "kujifunza")
    assert kuj.text == (
        "2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 ;"
        " S=0 N=0 ; house S- N- ; South ; takasia -"
    )
    assert kuj.stage == "mtaji"
    assert bao.Rules("kiswahili", "kujifunza").options()["takasia"] == "off"
    assert bao.Rules("kiswahili", "de-voogt").options()["takasia-singleton"] == "exempt"


def test_options_by_keyword_and_dict() -> None:
    r = bao.Rules("kiswahili", takasia=False, max_plies=200, first_player="north")
    assert r.differences() == {"first-player": "north", "takasia": "off", "max-plies": "200"}
    assert r == bao.Rules("kiswahili", options={"takasia": "off", "max-plies": 200, "first-player": "north"})
    assert bao.Position.start("kiswahili", r).side_to_move == "North"
    k = bao.Rules("kingulu", first_player="north")
    assert bao.Position.start("kingulu", k).legal_moves() == ["a3", "a4", "a5", "a6"]
    assert hash(r) == hash(r.replace()) and r != bao.Rules("kiswahili")


def test_pickling_round_trips() -> None:
    import pickle

    p = bao.Position.start("kiswahili", bao.Rules("kiswahili", "kiba", takasia=False)).play("A6<")
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.rules == p.rules and q.rules.differences() == {"takasia": "off"}
    k = bao.Position.start("kingulu").play("A3")
    assert pickle.loads(pickle.dumps(k)) == k
    o = bao.Outcome(None, "score")
    assert pickle.loads(pickle.dumps(o)) == o
