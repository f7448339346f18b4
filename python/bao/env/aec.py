"""The PettingZoo AEC environment shared by ``kiswahili_v0`` and ``kingulu_v0``."""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.utils import EzPickle, seeding
    from pettingzoo import AECEnv
except ModuleNotFoundError as err:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"bao.env needs pettingzoo and gymnasium ({err}); install them with "
        "pip install pettingzoo gymnasium (or the package's [env] extra)"
    ) from err

import bao

from .render import board_text

#: The agents, named as in PettingZoo's classic games: ``"player_0"`` plays South (the
#: rows A/B, first to move by default), ``"player_1"`` plays North (rows a/b).
AGENTS = ("player_0", "player_1")
SIDES = {"player_0": "South", "player_1": "North"}
AGENT_OF = {"South": "player_0", "North": "player_1"}


class BaoAECEnv(AECEnv, EzPickle):
    """A two-player bao game as a PettingZoo AEC environment.

    Arguments: ``game`` (``"kiswahili"``/``"kingulu"``), ``rules`` (a ``bao.Rules``, a
    profile name or ``None``), ``max_plies`` (truncate both agents after this many plies;
    ``None`` = never), ``render_mode`` (``"ansi"`` returns the board text, ``"human"``
    prints it).

    Observations are dicts ``{"observation": float32 tensor, "action_mask": int8[A]}``
    seen from the observing agent's seat (python/README.md); the mask is all zeros for
    the agent not to move. Rewards: +1 to the winner and -1 to the loser when the game
    ends, 0 for a draw and on every other step. An illegal action raises
    ``bao.MoveError`` with the rules' reason (wrap with PettingZoo's
    ``TerminateIllegalWrapper`` to penalise it instead). ``reset(options={"position":
    text})`` starts from a position text. The game has no randomness: ``seed`` only
    seeds ``np_random``.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "bao_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str = "kiswahili",
        rules: Any = None,
        max_plies: int | None = 1000,
        render_mode: str | None = None,
    ):
        EzPickle.__init__(self, game, rules, max_plies, render_mode)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies must be >= 1 or None, not {max_plies}")
        self.game = game
        self._start = bao.Position.start(game, rules)
        self.metadata = dict(self.metadata, name=f"{self._start.game}_v0")
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        n = self._start.num_actions
        shape = bao.observation_shape(game)
        seeds = 64 if self._start.game == "kiswahili" else 48
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, float(seeds), shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
        self.observation_spaces = {a: self._obs_space for a in AGENTS}
        self.action_spaces = {a: self._act_space for a in AGENTS}
        self.position = self._start
        self.plies = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.position.observation(SIDES[agent])
        if agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        ):
            mask = self.position.action_mask()
        else:
            mask = np.zeros(self._act_space.n, np.int8)
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or not hasattr(self, "np_random"):
            self.np_random, _ = seeding.np_random(seed)
        position = (options or {}).get("position")
        if position is None:
            self.position = self._start
        elif isinstance(position, bao.Position):
            self.position = position
        else:
            self.position = bao.Position.from_text(self._start.game, position, self._start.rules)
        self.plies = 0
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        over = self.position.is_over
        self.terminations = {a: over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENT_OF[self.position.side_to_move]
        if over:
            self._set_rewards()
            self._accumulate_rewards()

    def _set_rewards(self) -> None:
        outcome = self.position.outcome
        assert outcome is not None
        for a in self.agents:
            self.rewards[a] = outcome.reward(SIDES[a])
            self.infos[a] = {"outcome": str(outcome)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise bao.MoveError(f"{agent} must play an action; the game is not over")
        self.position = self.position.play(int(action))
        self.plies += 1
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        if self.position.is_over:
            self.terminations = {a: True for a in self.agents}
            self._set_rewards()
        elif self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = AGENT_OF[self.position.side_to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
