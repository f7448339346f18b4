"""Jobs on a Ray cluster (``pip install "./python[cluster]"``: ray, pyarrow).

``python -m bao.cluster COMMAND`` runs the work as Ray tasks, on a local Ray (started
for the command, ``--num-cpus`` workers) or on a running cluster (``--address``):

* ``match``: paired games between two engine levels, reported as ``bao match`` does
  (score and Elo); see :mod:`bao.cluster.match`.
* ``selfplay``: engine games written as NumPy or Parquet shards of positions with
  results, for tuning; see :mod:`bao.cluster.selfplay`.
* ``reach``: the positions reachable from a Bao Kingulu position, level by level, the
  same total as ``bao reach --position``; see :mod:`bao.cluster.reach`.

Every command is resumable with ``--out DIR`` (finished work is kept there and not
done again) and prints its progress on stderr. The engine is the package's
(``bao.Engine``, ``bao.GameLine``): every node of a cluster needs the ``bao`` package
installed (``pip install ./python`` on each, or a Ray ``runtime_env``).
"""

from .common import start_ray
from .match import MatchConfig, MatchReport, run_match
from .reach import ReachResult, run_reach
from .selfplay import SelfplayConfig, run_selfplay

__all__ = [
    "MatchConfig",
    "MatchReport",
    "ReachResult",
    "SelfplayConfig",
    "run_match",
    "run_reach",
    "run_selfplay",
    "start_ray",
]
