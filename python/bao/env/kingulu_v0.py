"""``kingulu_v0``: Bao Kingulu as a PettingZoo AEC environment (see ``bao.env.aec.BaoAECEnv``).

``env(**kwargs)`` is the raw environment in PettingZoo's ``OrderEnforcingWrapper``;
``raw_env(**kwargs)`` is the bare one. Keyword arguments: ``rules``, ``max_plies``,
``render_mode``.
"""

from typing import Any

from .aec import BaoAECEnv  # first: a clear ImportError without pettingzoo

from pettingzoo.utils import wrappers  # noqa: E402

__all__ = ["env", "raw_env"]


def raw_env(**kwargs: Any) -> BaoAECEnv:
    """The bare AEC environment."""
    return BaoAECEnv(game="kingulu", **kwargs)


def env(**kwargs: Any) -> Any:
    """The AEC environment with PettingZoo's order enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
