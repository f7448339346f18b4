"""The PettingZoo AEC environments pass PettingZoo's api_test; the Gymnasium wrapper
passes Gymnasium's env checker; seeded games are reproducible."""

import os
import subprocess
import sys
from types import ModuleType
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

# The extras (`pip install ./python[env]`) are optional for a local run: without them these
# tests are skipped, and pytest says so. Under CI (the environment variable CI is exactly
# `true`, the one rule of .ci/run and the README) a missing extra is an import error.
gymnasium: Any
pettingzoo: Any
if os.environ.get("CI") == "true":
    import gymnasium as _gymnasium
    import pettingzoo as _pettingzoo

    gymnasium, pettingzoo = _gymnasium, _pettingzoo
else:
    pettingzoo = pytest.importorskip("pettingzoo")
    gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import bao  # noqa: E402
from bao.env import BaoGymEnv, kingulu_v0, kiswahili_v0  # noqa: E402


@pytest.mark.parametrize("module", [kiswahili_v0, kingulu_v0])
def test_pettingzoo_api_test(module: ModuleType) -> None:
    api_test(module.env(), num_cycles=1000, verbose_progress=False)


def play_random_aec(env: Any, seed: int) -> Tuple[List[int], str, Dict[str, float]]:
    """Plays one game with masked random actions from a seeded generator; returns the
    actions, the final position text and the rewards."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    actions: List[int] = []
    rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        rewards[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        env.step(action)
    return actions, env.unwrapped.position.text, rewards


@pytest.mark.parametrize("module", [kiswahili_v0, kingulu_v0])
def test_seeded_random_game_is_reproducible(module: ModuleType) -> None:
    a = play_random_aec(module.env(), 11)
    b = play_random_aec(module.env(), 11)
    c = play_random_aec(module.env(), 12)
    assert a == b and a[0] != c[0]
    actions, final, rewards = a
    # Replaying the actions with the rules gives the same final position and result.
    env = module.raw_env()
    p = bao.Position.start(env.game)
    for x in actions:
        p = p.play(x)
    assert p.text == final and p.is_over and p.outcome is not None
    assert rewards == {"player_0": p.outcome.reward("South"), "player_1": p.outcome.reward("North")}
    assert sorted(rewards.values()) in ([-1, 1], [0, 0])


def test_aec_observation_and_illegal_action() -> None:
    env = kiswahili_v0.env()
    env.reset()
    assert env.agent_selection == "player_0"
    obs, *_ = env.last()
    assert obs["observation"].shape == (7, 4, 8)
    assert np.flatnonzero(obs["action_mask"]).tolist() == [20, 22, 24, 26]
    assert env.observe("player_1")["action_mask"].sum() == 0
    with pytest.raises(bao.MoveError, match="A1 is empty"):
        env.step(0)
    env.step(20)
    assert env.agent_selection == "player_1"
    assert env.unwrapped.position == bao.Position.start("kiswahili").play("A6<")


def test_aec_truncation_and_start_position() -> None:
    env = kingulu_v0.env(max_plies=2)
    env.reset()
    env.step(2)
    env.step(env.unwrapped.position.legal_actions()[0])
    assert all(env.truncations.values()) and not any(env.terminations.values())
    text = "1 0 6 6 0 1 / 6 6 2 7 0 6 ; S=7 N=0 ; North"
    env.reset(options={"position": text})
    assert env.agent_selection == "player_1" and env.unwrapped.position.text == text
    ansi = kiswahili_v0.env(render_mode="ansi")
    ansi.reset()
    assert ansi.render().splitlines()[3] == " 0  0  0  0  6  2  2  0   A1..A8"


def _registered_in_a_fresh_interpreter(code: str) -> str:
    """The bao ids in Gymnasium's registry after `code` in a new interpreter, and whether
    the environment module bao.env.gym was imported for them."""
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys\nimport gymnasium\n{code}\n"
            "print(sorted(i for i in gymnasium.registry if i.startswith('bao/')), 'bao.env.gym' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout


BOTH_IDS = "['bao/Kingulu-v0', 'bao/Kiswahili-v0']"


def test_import_bao_env_registers_the_gymnasium_ids() -> None:
    assert _registered_in_a_fresh_interpreter("import bao.env") == f"{BOTH_IDS} False\n"


def test_the_gymnasium_entry_point_registers_the_ids() -> None:
    # python/pyproject.toml: [project.entry-points."gymnasium.envs"] bao =
    # "bao.env:register_envs". Gymnasium 0.29 calls it on `import gymnasium`; Gymnasium 1.x
    # has no plugins (there `import bao.env`, or an id "bao.env:bao/...", registers them).
    load = (
        "from importlib import metadata\n"
        "[ep] = [e for e in metadata.entry_points().select(group='gymnasium.envs') if e.name == 'bao']\n"
        "assert ep.value == 'bao.env:register_envs', ep.value\n"
        "ep.load()()"
    )
    assert _registered_in_a_fresh_interpreter(load) == f"{BOTH_IDS} False\n"
    alone = _registered_in_a_fresh_interpreter("")
    if hasattr(gymnasium.envs.registration, "load_plugin_envs"):
        assert alone == f"{BOTH_IDS} False\n"
    else:
        assert alone == "[] False\n"
    made = _registered_in_a_fresh_interpreter(
        "env = gymnasium.make('bao.env:bao/Kingulu-v0', level=2)\n"
        "assert env.unwrapped.game == 'kingulu'"
    )
    assert made == f"{BOTH_IDS} True\n"


@pytest.mark.parametrize("env_id", ["bao/Kiswahili-v0", "bao/Kingulu-v0"])
def test_gymnasium_env_checker_on_the_default_envs(env_id: str) -> None:
    # As made by default (illegal_action="lose"): check_env steps unmasked samples.
    env = gymnasium.make(env_id)
    assert env.unwrapped.illegal_action == "lose"
    check_env(env.unwrapped)
    check_env(BaoGymEnv(env.unwrapped.game, level=2), skip_render_check=True)


def test_every_mask_is_int8() -> None:
    env = gymnasium.make("bao/Kingulu-v0")
    _, info = env.reset(seed=1)
    aec = kingulu_v0.env()
    aec.reset()
    masks = [
        info["action_mask"],
        env.unwrapped.action_masks(),
        aec.observe("player_0")["action_mask"],
        aec.observe("player_1")["action_mask"],
        bao.Position.start("kingulu").action_mask(),
        bao.GameLine(bao.Position.start("kingulu")).action_mask(),
        bao.legal_masks([bao.Position.start("kingulu")]),
    ]
    assert [m.dtype for m in masks] == [np.dtype(bao.MASK_DTYPE)] * 7
    assert info["action_mask"].tolist() == [0, 0, 1, 1, 1, 1]
    # Gymnasium's masked sampling takes it as it is.
    assert env.action_space.sample(mask=info["action_mask"]) in (2, 3, 4, 5)


def play_random_gym(env: BaoGymEnv, seed: int) -> Tuple[List[bytes], float, str]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    trace, total = [obs.tobytes()], 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, term, trunc, info = env.step(action)
        trace.append(obs.tobytes())
        total += reward
        if term or trunc:
            return trace, total, env.position.text


@pytest.mark.parametrize("game,side", [("kiswahili", "South"), ("kingulu", "North")])
def test_gymnasium_seeded_episode_is_reproducible(game: str, side: str) -> None:
    env = BaoGymEnv(game, level=1, agent_side=side)
    a = play_random_gym(env, 5)
    b = play_random_gym(BaoGymEnv(game, level=1, agent_side=side), 5)
    assert a == b and a[1] in (-1.0, 0.0, 1.0)
    c = play_random_gym(env, 6)
    assert c[0] != a[0]


def test_gymnasium_against_the_engine() -> None:
    env = gymnasium.make("bao/Kingulu-v0", level=3, agent_side="North")
    obs, info = env.reset(seed=0)
    assert obs.shape == (6, 2, 6) and len(info["engine_moves"]) == 1  # South moved first
    assert env.unwrapped.position.side_to_move == "North"
    assert (info["action_mask"] == env.unwrapped.action_masks()).all()
    raising = BaoGymEnv("kiswahili", level=3, illegal_action="raise")
    raising.reset(seed=0)
    with pytest.raises(bao.MoveError, match="A1 is empty"):
        raising.step(0)
    losing = BaoGymEnv("kiswahili", level=3)
    losing.reset(seed=0)
    _, reward, term, trunc, info = losing.step(0)
    assert (reward, term, trunc) == (-1.0, True, False) and "A1 is empty" in info["illegal"]
    with pytest.raises(bao.GameOverError):
        losing.step(20)


def test_environments_pickle() -> None:
    import pickle

    env = pickle.loads(pickle.dumps(kingulu_v0.raw_env(rules=bao.Rules("kingulu"), max_plies=50)))
    env.reset()
    assert env.max_plies == 50 and env.position == bao.Position.start("kingulu")
