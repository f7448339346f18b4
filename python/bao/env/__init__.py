"""Reinforcement-learning environments for the bao games.

* ``bao.env.kiswahili_v0`` and ``bao.env.kingulu_v0``: PettingZoo AEC environments
  (two agents, ``"player_0"`` = South and ``"player_1"`` = North), ``env()`` / ``raw_env()`` as in PettingZoo's
  classic games.
* ``bao.env.BaoGymEnv``: a Gymnasium single-agent environment against the bao engine at
  a chosen level (ids ``bao/Kiswahili-v0`` and ``bao/Kingulu-v0`` once
  ``bao.env.gym`` is imported).

The submodules import ``pettingzoo`` and ``gymnasium`` (``pip install "./python[env]"``);
importing ``bao`` alone does not.
"""

from typing import Any

__all__ = ["BaoGymEnv", "kiswahili_v0", "kingulu_v0"]


def __getattr__(name: str) -> Any:
    import importlib

    if name in ("kiswahili_v0", "kingulu_v0", "gym", "aec"):
        return importlib.import_module(f"{__name__}.{name}")
    if name == "BaoGymEnv":
        return importlib.import_module(f"{__name__}.gym").BaoGymEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
