"""A Gymnasium single-agent environment: one side of a bao game against the bao engine.

The ids ``bao/Kiswahili-v0`` and ``bao/Kingulu-v0`` are registered with Gymnasium by
``import bao.env`` (``bao.env.register_envs``; ``gymnasium.make("bao/Kiswahili-v0",
level=3)``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ModuleNotFoundError as err:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"bao.env.gym needs gymnasium ({err}); install it with pip install gymnasium "
        "(or the package's [env] extra)"
    ) from err

import bao

from .render import board_text

__all__ = ["BaoGymEnv"]


class BaoGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """The learner plays ``agent_side`` (``"South"`` or ``"North"``) against
    ``bao.Engine(game, level)``; the engine moves at once whenever it is to move.

    Arguments: ``game``, ``level`` (1..10; levels 1–7 are deterministic for a seed,
    8–10 are limited by time and are not), ``agent_side``, ``rules`` (a ``bao.Rules``,
    profile name or ``None``), ``max_plies`` (truncate after this many plies of both
    sides; ``None`` = never), ``illegal_action`` (``"lose"``, the default: an action of
    the action space that is not legal here ends the episode with reward -1 and the
    rules' reason in ``info["illegal"]``, so every action of ``action_space`` is a valid
    input, as Gymnasium's ``check_env`` and unmasked learners expect; ``"raise"``: raise
    ``bao.MoveError`` with the rules' reason), ``render_mode`` (``"ansi"`` or
    ``"human"``).

    Observation: the float32 tensor of python/README.md from the learner's seat.
    Action: ``Discrete(64)`` (kiswahili) or ``Discrete(6)`` (kingulu); the legal ones are
    in ``info["action_mask"]`` and ``action_masks()``. Reward: +1 win, -1 loss, 0 draw,
    at the end of the game; 0 otherwise. ``reset(seed=s)`` seeds the engine from ``s``,
    so a seeded episode with the same actions is reproducible.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str = "kiswahili",
        level: int = 3,
        agent_side: str = "South",
        rules: Any = None,
        max_plies: int | None = 1000,
        illegal_action: str = "lose",
        render_mode: str | None = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        side = str(agent_side).capitalize()
        if side not in ("South", "North"):
            raise ValueError(f"agent_side must be 'South' or 'North', not {agent_side!r}")
        if not 1 <= int(level) <= 10:
            raise ValueError(f"level must be 1..10, not {level}")
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies must be >= 1 or None, not {max_plies}")
        self._start = bao.Position.start(game, rules)
        self.game = self._start.game
        self.level = int(level)
        self.agent_side = side
        self.max_plies = max_plies
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        seeds = 64 if self.game == "kiswahili" else 48
        self.observation_space = spaces.Box(
            0.0, float(seeds), bao.observation_shape(self.game), np.float32
        )
        self.action_space: spaces.Discrete = spaces.Discrete(self._start.num_actions)
        self.position = self._start
        self.plies = 0
        self._done = False
        self.engine = bao.Engine(self.game, level=self.level)

    # -- helpers -----------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (``int8`` 0/1, the package's one mask dtype) of the
        current position (for sb3-contrib's MaskablePPO and ``Discrete.sample(mask=)``)."""
        if self.position.is_over or self.position.side_to_move != self.agent_side:
            return np.zeros(int(self.action_space.n), np.int8)
        return self.position.action_mask()

    def _obs(self) -> np.ndarray:
        return self.position.observation(self.agent_side)

    def _info(self, **extra: Any) -> dict[str, Any]:
        info = {"action_mask": self.action_masks(), "plies": self.plies}
        if self.position.outcome is not None:
            info["outcome"] = str(self.position.outcome)
        info.update(extra)
        return info

    def _engine_moves(self) -> list[str]:
        """Lets the engine play while it is to move; returns its moves (texts)."""
        played = []
        while (
            not self.position.is_over
            and self.position.side_to_move != self.agent_side
            and not self._truncated()
        ):
            result = self.engine.search(self.position)
            assert result.action is not None  # the game is not over
            self.position = self.position.play(result.action)
            self.plies += 1
            played.append(result.move or "")
        return played

    def _truncated(self) -> bool:
        return self.max_plies is not None and self.plies >= self.max_plies

    def _reward(self) -> float:
        outcome = self.position.outcome
        return 0.0 if outcome is None else float(outcome.reward(self.agent_side))

    # -- gymnasium API -------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        engine_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.engine = bao.Engine(self.game, level=self.level, seed=engine_seed)
        position = (options or {}).get("position")
        if position is None:
            self.position = self._start
        elif isinstance(position, bao.Position):
            self.position = position
        else:
            self.position = bao.Position.from_text(self.game, position, self._start.rules)
        self.plies = 0
        replies = self._engine_moves()
        self._done = self.position.is_over
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info(engine_moves=replies)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise bao.GameOverError("the episode is over; call reset()")
        try:
            self.position = self.position.play(int(action))
        except bao.MoveError as err:
            if self.illegal_action == "raise":
                raise
            self._done = True
            return self._obs(), -1.0, True, False, self._info(illegal=str(err))
        self.plies += 1
        replies = self._engine_moves()
        terminated = self.position.is_over
        truncated = not terminated and self._truncated()
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._reward(), terminated, truncated, self._info(engine_moves=replies)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text


from bao.env import register_envs  # noqa: E402  (bao.env imports this module lazily)

register_envs()
