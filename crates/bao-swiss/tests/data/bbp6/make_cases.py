#!/usr/bin/env python3
"""Makes the bbpPairings v6 (2025 rules) comparison cases of this directory (README.md).

usage: make_cases.py BBP6_EXECUTABLE

For each configuration below, bbpPairings v6 generates a random tournament (-g, with
the seed given), paired round by round by the 2025 rules; the tournament is cut after
round K (points recomputed, XXR = total rounds, the announced absences of round K+1
kept; compare.py's `cut`) and bbpPairings pairs round K+1 (-p). caseNN.trf is the cut
tournament, caseNN.out bbpPairings' pairing ('exit 1' when no pairing is legal).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from compare import cut  # noqa: E402

# (players, rounds, draw %, forfeit rate, retired rate, half-point-bye rate, seed,
# rounds to pair). Odd fields and byes, forfeits and absences: what the 2025 rules
# changed ([C2], [C5], [C9], floats of unplayed rounds, completion in every bracket).
CASES = [
    (5, 4, 20, 1000, 1000, 1000, 201, [1, 3]),
    (7, 5, 10, 4, 4, 1000, 202, [2, 4]),
    (9, 5, 20, 5, 4, 4, 203, [1, 3, 4]),
    (11, 7, 25, 10, 4, 4, 204, [2, 5, 6]),
    (13, 8, 20, 5, 10, 4, 205, [3, 7]),
    (15, 9, 15, 3, 10, 3, 206, [4, 8]),
    (17, 7, 30, 3, 4, 2, 207, [2, 6]),
    (19, 9, 25, 4, 1000, 3, 208, [4, 8]),
    (21, 7, 40, 5, 4, 1000, 209, [3, 6]),
    (25, 9, 30, 4, 10, 3, 210, [5, 8]),
    (31, 9, 20, 3, 5, 3, 211, [3, 7, 8]),
    (8, 7, 40, 3, 1000, 2, 212, [3, 6]),
    (12, 6, 50, 3, 2, 1000, 213, [2, 5]),
    (20, 9, 25, 10, 1000, 4, 214, [4, 8]),
    (4, 3, 20, 1000, 1000, 1000, 215, [3]),
    # Seeds where bbpPairings v5 (2017 rules) pairs these rounds differently.
    (21, 7, 25, 3, 4, 3, 300, [5]),
    (13, 7, 25, 3, 4, 3, 303, [2, 3, 4]),
    (15, 7, 25, 3, 4, 3, 304, [4]),
    (17, 7, 25, 3, 4, 3, 305, [5]),
    (19, 7, 25, 3, 4, 3, 306, [3]),
    (21, 7, 25, 3, 4, 3, 307, [3, 6]),
    (9, 7, 25, 3, 4, 3, 308, [2]),
    (11, 7, 25, 3, 4, 3, 316, [5, 6]),
    (21, 7, 25, 3, 4, 3, 335, [2, 4, 6]),
    (11, 7, 25, 3, 4, 3, 337, [2, 5]),
    (15, 7, 25, 3, 4, 3, 339, [2, 6]),
]


def main():
    bbp = sys.argv[1]
    n = 0
    for players, rounds, draws, forfeit, retired, half, seed, ks in CASES:
        with open('config.tmp', 'w') as f:
            f.write('PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\nForfeitRate=%d\n'
                    'RetiredRate=%d\nHalfPointByeRate=%d\nHighestRating=2600\nLowestRating=1400\n'
                    % (players, rounds, draws, forfeit, retired, half))
        subprocess.run([bbp, '--dutch', '-g', 'config.tmp', '-o', 'generated.tmp', '-s', str(seed)],
                       check=True)
        text = open('generated.tmp', newline='').read()
        for k in ks:
            n += 1
            name = 'case%02d' % n
            with open(name + '.trf', 'w') as f:
                f.write(cut(text, k, max(rounds, k + 1)))
            out = subprocess.run([bbp, '--dutch', name + '.trf', '-p'], capture_output=True, text=True)
            with open(name + '.out', 'w') as f:
                f.write(out.stdout if out.returncode == 0 else 'exit %d\n' % out.returncode)
    os.remove('config.tmp')
    os.remove('generated.tmp')


main()
