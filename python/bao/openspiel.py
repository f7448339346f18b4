"""The bao games as OpenSpiel games: ``import bao.openspiel`` registers ``bao_kiswahili``
and ``bao_kingulu`` with ``pyspiel`` (``pyspiel.load_game("bao_kingulu")``), so
OpenSpiel's algorithms (MCTS, ``open_spiel.python.algorithms.minimax``, CFR-style tree
walkers, ``pyspiel.random_sim_test``) run on them unchanged.

Game parameters (``pyspiel.load_game("bao_kiswahili", {"rules": "kiba"})`` or
``"bao_kiswahili(rules=kiba,options=takasia=off)"``):

* ``rules``: the rules profile (``bao.Rules.profiles(game)``; default: the game's
  default profile, ``mancala-world`` / ``default``);
* ``options``: options that differ from the profile, ``NAME=VALUE`` or ``NAME:VALUE``
  separated by ``;``, ``,`` or spaces (``"takasia=off;max-plies=400"``; K-§3.3,
  G-§4.7; inside a game string, where ``=`` and ``,`` are OpenSpiel's, write
  ``bao_kiswahili(options=takasia:off;max-plies:400)``);
* ``position``: a start position text (notation.md §2; default ``""``: the start);
* ``max_plies``: the game is cut after this many plies, returns 0 for both (default
  1000; OpenSpiel needs a finite ``max_game_length``; random games end within ~250).

Players: 0 = South, 1 = North. Actions are the package's action indices (relative to
the mover, python/README.md): 64 for Bao la Kiswahili, 6 for Bao Kingulu; ascending
``legal_actions()`` is the canonical move order. ``action_to_string`` gives the move text
(``A6<``, ``a3``). A state is a ``bao.GameLine``, so a position's third occurrence ends
a Bao Kingulu game scored by G-R14 (G-R15) and OPT-MAX-PLIES adjudicates, as in every
other front end; ``returns()`` are +1/−1 for the winner/loser, 0/0 for a draw or a cut.

Observations (``observation_tensor(player)``): the package's planes seen from
``player``'s seat (python/README.md "Observation encoding"), flattened; the dict view
is ``{"board": (planes, rows, columns)}``. The information state
(``information_state_tensor``) is the same planes plus two numbers the history adds
and the rules use: how often the current position has occurred (G-R15) and the plies
played (OPT-MAX-PLIES, the cut); ``information_state_string`` is the start and the move
texts. Serialization is OpenSpiel's default (the action history), and
``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state`` round-trip.

Needs the ``openspiel`` extra (``pip install "./python[openspiel]"``: the ``open_spiel``
wheel).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

try:
    import pyspiel
except ModuleNotFoundError as err:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"bao.openspiel needs OpenSpiel ({err}); install it with pip install open_spiel "
        '(or the package\'s [openspiel] extra: pip install "./python[openspiel]")'
    ) from err

import bao

__all__ = ["BaoGame", "BaoState", "BaoObserver", "GAME_NAMES", "DEFAULT_MAX_PLIES"]

#: OpenSpiel short name -> bao game name.
GAME_NAMES = {"bao_kiswahili": "kiswahili", "bao_kingulu": "kingulu"}
#: The default ``max_plies`` game parameter.
DEFAULT_MAX_PLIES = 1000
_LONG_NAMES = {"kiswahili": "Bao la Kiswahili", "kingulu": "Bao Kingulu"}


def _parameters(game: str) -> dict[str, Any]:
    return {
        "rules": bao.Rules.profiles(game)[0],
        "options": "",
        "position": "",
        "max_plies": DEFAULT_MAX_PLIES,
    }


def _game_type(short_name: str) -> Any:
    game = GAME_NAMES[short_name]
    return pyspiel.GameType(
        short_name=short_name,
        long_name=_LONG_NAMES[game],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


def _options(text: str) -> dict[str, str]:
    """``"a=b;c:d"`` (separated by ``;``, ``,`` or spaces) as a dict; an item without
    ``=`` or ``:`` is a ``RulesError``."""
    out: dict[str, str] = {}
    for item in re.split(r"[;,\s]+", text.strip()):
        if not item:
            continue
        m = re.fullmatch(r"([^=:]+)[=:](.*)", item)
        if m is None:
            raise bao.RulesError(f"game parameter options: {item!r} is not NAME=VALUE")
        out[m.group(1)] = m.group(2)
    return out


class BaoGame(pyspiel.Game):
    """A bao game for OpenSpiel; made by ``pyspiel.load_game("bao_kiswahili" |
    "bao_kingulu", params)`` once this module is imported."""

    GAME = "kiswahili"
    SHORT_NAME = "bao_kiswahili"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = dict(_parameters(self.GAME))
        merged.update(params or {})
        unknown = sorted(set(merged) - set(_parameters(self.GAME)))
        if unknown:
            raise bao.RulesError(f"unknown game parameters {unknown} for {self.SHORT_NAME}")
        max_plies = int(merged["max_plies"])
        if max_plies < 1:
            raise bao.BaoError(f"game parameter max_plies = {max_plies}: give at least 1")
        self.rules = bao.Rules(self.GAME, str(merged["rules"]), _options(str(merged["options"])))
        text = str(merged["position"]).strip()
        self.start = (
            bao.Position.from_text(self.GAME, text, self.rules)
            if text
            else bao.Position.start(self.GAME, self.rules)
        )
        self.max_plies = max_plies
        self.obs_shape = bao.observation_shape(self.GAME)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.start.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_plies,
        )
        super().__init__(_game_type(self.SHORT_NAME), info, merged)

    def new_initial_state(self) -> BaoState:
        """The start (or the ``position`` parameter), South or North to move as it says."""
        return BaoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BaoObserver:
        """The observer of observation tensors (default) or of information states
        (``iig_obs_type.perfect_recall``)."""
        if params:
            raise bao.BaoError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return BaoObserver(self, perfect_recall)


class BaoKiswahiliGame(BaoGame):
    """``bao_kiswahili``: Bao la Kiswahili (docs/bao-la-kiswahili.md)."""

    GAME = "kiswahili"
    SHORT_NAME = "bao_kiswahili"


class BaoKinguluGame(BaoGame):
    """``bao_kingulu``: Bao Kingulu (docs/bao-kingulu.md)."""

    GAME = "kingulu"
    SHORT_NAME = "bao_kingulu"


_SIDES = ("South", "North")


class BaoState(pyspiel.State):
    """A game in progress: a ``bao.GameLine`` (``line``) plus the ply cut."""

    def __init__(self, game: BaoGame) -> None:
        super().__init__(game)
        self.line = bao.GameLine(game.start)
        self.max_plies = game.max_plies

    # -- OpenSpiel's API ---------------------------------------------------------------

    def current_player(self) -> int:
        """0 (South) or 1 (North) to move, ``pyspiel.PlayerId.TERMINAL`` at the end."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return _SIDES.index(self.line.current.side_to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return self.line.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.line.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        position = self.line.current
        if _SIDES[player] != position.side_to_move:
            position = position.mirrored()  # the other seat: same action, its move text
        return position.move_text(int(action))

    def is_terminal(self) -> bool:
        """Over by the rules (also G-R15, OPT-MAX-PLIES) or cut at ``max_plies``."""
        return self.line.is_over or self.line.plies >= self.max_plies

    def returns(self) -> list[float]:
        """``[South, North]``: +1 winner, −1 loser, 0 for a draw, a cut or an open game."""
        outcome = self.line.outcome
        if outcome is None:
            return [0.0, 0.0]
        return [float(outcome.reward("South")), float(outcome.reward("North"))]

    def __str__(self) -> str:
        return self.line.current.text

    # -- extras ------------------------------------------------------------------------

    @property
    def position(self) -> bao.Position:
        """The current position."""
        return self.line.current


class BaoObserver:
    """OpenSpiel's PyObserver for the bao games (see the module docs)."""

    def __init__(self, game: BaoGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        planes, rows, cols = game.obs_shape
        size = planes * rows * cols + (2 if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        board = self.tensor[: planes * rows * cols].reshape(game.obs_shape)
        self.dict: dict[str, np.ndarray] = {"board": board}
        if perfect_recall:
            self.dict["occurrences"] = self.tensor[-2:-1]
            self.dict["plies"] = self.tensor[-1:]

    def set_from(self, state: BaoState, player: int) -> None:
        """Fills ``tensor`` (and its ``dict`` views) with ``state`` seen by ``player``."""
        self.dict["board"][...] = state.line.current.observation(_SIDES[player])
        if self.perfect_recall:
            self.dict["occurrences"][0] = state.line.occurrences
            self.dict["plies"][0] = state.line.plies

    def string_from(self, state: BaoState, player: int) -> str:
        """The position text; with perfect recall the start text and the moves."""
        if self.perfect_recall:
            return " ".join([state.line.start.text, "|", *state.line.moves])
        return state.line.current.text


for _cls in (BaoKiswahiliGame, BaoKinguluGame):
    if _cls.SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_cls.SHORT_NAME), _cls)
