"""bao.openspiel: the games registered with OpenSpiel, run by OpenSpiel's own algorithms
and checks (MCTS, alpha-beta minimax, pyspiel.random_sim_test, serialization)."""

import pickle
from typing import Any, List

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import bao  # noqa: E402
import bao.openspiel  # noqa: E402,F401  (registers the games)
from open_spiel.python.algorithms import mcts, minimax  # noqa: E402

NAMES = ["bao_kiswahili", "bao_kingulu"]


@pytest.mark.parametrize("name", NAMES)
def test_load_game_type_and_info(name: str) -> None:
    game = pyspiel.load_game(name)
    gt = game.get_type()
    assert gt.short_name == name and name in pyspiel.registered_names()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    kiswahili = name == "bao_kiswahili"
    assert game.num_distinct_actions() == (64 if kiswahili else 6)
    assert (game.num_players(), game.min_utility(), game.max_utility(), game.utility_sum()) == (2, -1.0, 1.0, 0.0)
    assert game.max_game_length() == 1000
    assert game.observation_tensor_shape() == ([7, 4, 8] if kiswahili else [6, 2, 6])
    assert game.information_state_tensor_shape() == ([226] if kiswahili else [74])
    assert str(game) == f"{name}(max_plies=1000,options=,position=,rules={'mancala-world' if kiswahili else 'default'})"


def test_parameters_rules_options_position() -> None:
    game = pyspiel.load_game("bao_kiswahili(rules=kiba,options=takasia:off;max-plies:40,max_plies=50)")
    assert game.rules == bao.Rules("kiswahili", "kiba", {"takasia": "off", "max-plies": "40"})
    assert game.max_game_length() == 50
    t32 = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South"
    state = pyspiel.load_game("bao_kingulu", {"position": t32}).new_initial_state()
    assert str(state) == t32 and state.current_player() == 0
    with pytest.raises(bao.RulesError, match="unknown rules profile \"nope\""):
        pyspiel.load_game("bao_kiswahili", {"rules": "nope"})
    with pytest.raises(bao.RulesError, match="'takasia' is not NAME=VALUE"):
        pyspiel.load_game("bao_kiswahili", {"options": "takasia"})
    with pytest.raises(bao.PositionError):
        pyspiel.load_game("bao_kingulu", {"position": "1 2 3"})
    with pytest.raises(bao.BaoError, match="max_plies = 0"):
        pyspiel.load_game("bao_kingulu", {"max_plies": 0})


def test_state_play_strings_tensors() -> None:
    game = pyspiel.load_game("bao_kiswahili")
    s = game.new_initial_state()
    assert s.current_player() == 0 and s.legal_actions() == [20, 22, 24, 26]
    assert [s.action_to_string(0, a) for a in s.legal_actions()] == ["A6<", "A6>", "A7<", "A7>"]
    assert s.action_to_string(1, 20) == "a6<"  # the other seat's text of the same action
    s.apply_action(20)
    p = bao.Position.start("kiswahili").play("A6<")
    assert str(s) == p.text and s.current_player() == 1 and s.legal_actions() == p.legal_actions()
    for player, side in ((0, "South"), (1, "North")):
        assert np.array_equal(np.array(s.observation_tensor(player)), p.observation(side).ravel())
        info = np.array(s.information_state_tensor(player))
        assert np.array_equal(info[:-2], p.observation(side).ravel()) and info[-2:].tolist() == [1.0, 1.0]
        assert s.observation_string(player) == p.text
    assert s.information_state_string(0) == f"{bao.Position.start('kiswahili').text} | A6<"
    assert s.returns() == [0.0, 0.0] and not s.is_terminal()


def test_repetition_ends_the_state_like_a_game_line() -> None:
    t32 = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South"
    s = pyspiel.load_game("bao_kingulu", {"position": t32}).new_initial_state()
    for a in [5, 5, 5]:  # A6 a6 A6
        s.apply_action(a)
    assert not s.is_terminal() and s.information_state_tensor(0)[-2] == 2.0
    s.apply_action(5)  # a6: T32 for the third time (G-R15): South 27-21
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.current_player() == pyspiel.PlayerId.TERMINAL


def test_max_plies_cuts_with_zero_returns() -> None:
    s = pyspiel.load_game("bao_kiswahili", {"max_plies": 3}).new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert len(s.history()) == 3 and s.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", NAMES)
def test_random_games_return_sums_zero(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(20):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(int(rng.choice(s.legal_actions())))
        r = s.returns()
        assert sum(r) == 0.0 and r[0] in (-1.0, 0.0, 1.0)
        assert len(s.history()) < 1000  # every random game ended by the rules, not the cut
        seen.add(r[0])
    assert seen >= {-1.0, 1.0}


@pytest.mark.parametrize("name", NAMES)
def test_pyspiel_random_sim_test(name: str) -> None:
    # OpenSpiel's own consistency check: random games with clones, undo-free replays,
    # observation/information-state tensors and strings, and serialization round trips.
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_serialization_and_pickle(name: str) -> None:
    game = pyspiel.load_game(name)
    s = game.new_initial_state()
    for _ in range(5):
        s.apply_action(s.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, s)
    game2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(s2) == str(s) and s2.history() == s.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    s3 = pickle.loads(pickle.dumps(s))
    assert str(s3) == str(s) and s3.history() == s.history()
    clone = s.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == 6 and len(s.history()) == 5


def test_mcts_beats_uniform_random_at_kingulu() -> None:
    game = pyspiel.load_game("bao_kingulu")
    wins = 0
    for i in range(10):
        rng = np.random.RandomState(i)
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=200,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            random_state=rng,
        )
        me = i % 2  # MCTS plays South in even games, North in odd ones
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(bot.step(s) if s.current_player() == me else int(rng.choice(s.legal_actions())))
        wins += s.returns()[me] == 1.0
    assert wins >= 8, f"MCTS won {wins} of 10"


def late_kingulu_positions(n: int, depth: int, seed: int) -> List[bao.Position]:
    """`n` distinct positions of random Kingulu games (at most one a game) where every
    line ends within `depth` plies (perft(depth + 1) = 0) but some line lasts 8 plies
    or more."""
    rng = np.random.default_rng(seed)
    out: List[bao.Position] = []
    seen = set()
    while len(out) < n:
        p = bao.Position.start("kingulu")
        line = [p]
        while not p.is_over:
            kids = p.children()
            p = kids[rng.integers(len(kids))][1]
            line.append(p)
        # From the end back: the last position with a line of 8 plies or more (the
        # trees near the end are small, so perft stays cheap).
        for q in reversed(line[:-1]):
            if q.perft(8) > 0:
                if q.text not in seen and q.perft(depth + 1) == 0:
                    out.append(q)
                    seen.add(q.text)
                break
    return out


def test_minimax_agrees_with_bao_solve_on_50_late_kingulu_positions() -> None:
    results: dict[str, int] = {}
    for q in late_kingulu_positions(50, depth=14, seed=7):
        game = pyspiel.load_game("bao_kingulu", {"position": q.text})
        value, action = minimax.alpha_beta_search(game, game.new_initial_state(), maximum_depth=14)
        s = bao.solve(q)
        assert s.result is not None
        assert value == {"win": 1.0, "loss": -1.0, "draw": 0.0}[s.result], q.text
        results[s.result] = results.get(s.result, 0) + 1
    assert sum(results.values()) == 50 and set(results) == {"win", "loss", "draw"}


def test_mcts_and_minimax_take_the_game_from_its_module() -> None:
    # The classes are importable for type checks and subclassing.
    state: Any = pyspiel.load_game("bao_kingulu").new_initial_state()
    assert isinstance(state, bao.openspiel.BaoState) and state.position == bao.Position.start("kingulu")
