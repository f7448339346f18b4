"""Reinforcement-learning environments for the bao games.

* ``bao.env.kiswahili_v0`` and ``bao.env.kingulu_v0``: PettingZoo AEC environments
  (two agents, ``"player_0"`` = South and ``"player_1"`` = North), ``env()`` / ``raw_env()`` as in PettingZoo's
  classic games.
* ``bao.env.BaoGymEnv``: a Gymnasium single-agent environment against the bao engine at
  a chosen level, with the ids ``bao/Kiswahili-v0`` and ``bao/Kingulu-v0``
  (``gymnasium.make("bao/Kingulu-v0", level=3)``). ``import bao.env`` registers them
  (when Gymnasium is installed), and so does ``gymnasium.make("bao.env:bao/Kingulu-v0")``
  without an import; python/pyproject.toml declares ``bao = "bao.env:register_envs"``
  under the entry points ``gymnasium.envs``, which Gymnasium 0.29 calls on
  ``import gymnasium`` (Gymnasium 1.x loads no plugins).

The submodules import ``pettingzoo`` and ``gymnasium`` (``pip install "./python[env]"``);
importing ``bao`` alone does not.
"""

from typing import Any

__all__ = ["BaoGymEnv", "kiswahili_v0", "kingulu_v0", "register_envs"]

# The Gymnasium ids and the game of each.
_GYM_IDS = (("bao/Kiswahili-v0", "kiswahili"), ("bao/Kingulu-v0", "kingulu"))


def register_envs() -> None:
    """Registers ``bao/Kiswahili-v0`` and ``bao/Kingulu-v0`` with Gymnasium (ids already
    registered are left alone). The environment module ``bao.env.gym`` is imported only by
    ``gymnasium.make``. Gymnasium calls this through the ``gymnasium.envs`` entry point."""
    # From the registration module: while `import gymnasium` loads the entry points, the
    # package does not yet hold `register` and `registry`.
    from gymnasium.envs.registration import register, registry

    for env_id, game in _GYM_IDS:
        if env_id not in registry:
            register(id=env_id, entry_point="bao.env.gym:BaoGymEnv", kwargs={"game": game})


def __getattr__(name: str) -> Any:
    import importlib

    if name in ("kiswahili_v0", "kingulu_v0", "gym", "aec"):
        return importlib.import_module(f"{__name__}.{name}")
    if name == "BaoGymEnv":
        return importlib.import_module(f"{__name__}.gym").BaoGymEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


try:
    import gymnasium as _gymnasium  # noqa: F401  (its import loads the entry point too)
except ImportError:  # Gymnasium is an extra (python[env]): without it there is nothing to register
    pass
else:
    register_envs()
