#!/usr/bin/env python3
"""Makes the bbpPairings comparison cases of this directory (see README.md).

usage: make_cases.py BBP_EXECUTABLE

For each configuration below, bbpPairings generates a random tournament (-g, with the
seed given); the tournament is cut after round K (the points recomputed, XXR set to the
total rounds, the announced absences of round K+1 kept) and bbpPairings pairs round K+1
(-p). caseNN.trf is the cut tournament, caseNN.out bbpPairings' pairing.
"""
import subprocess, sys, os

POINTS = {'1': 10, '=': 5, '0': 0, '+': 10, '-': 0, 'W': 10, 'D': 5, 'L': 0,
          'H': 5, 'F': 10, 'U': 10, 'Z': 0, ' ': 0}

# (players, rounds, draw %, forfeit rate, retired rate, half-point-bye rate, seed, rounds to pair)
# A round to pair equal to the rounds generated is paired with XXR one higher: after a
# full round robin of four players no pairing is legal (bbpPairings exits with 1).
CASES = [
    (5, 4, 20, 1000, 1000, 1000, 101, [0, 3]),
    (6, 5, 30, 5, 1000, 4, 102, [2, 4]),
    (7, 5, 10, 4, 4, 1000, 103, [1, 4]),
    (8, 7, 40, 1000, 1000, 1000, 104, [3, 6]),
    (9, 5, 20, 5, 4, 4, 105, [2, 4]),
    (10, 6, 30, 3, 1000, 2, 106, [3, 5]),
    (11, 7, 25, 10, 4, 4, 107, [0, 6]),
    (12, 6, 50, 1000, 2, 1000, 108, [2, 5]),
    (13, 8, 20, 5, 10, 4, 109, [4, 7]),
    (14, 7, 35, 4, 1000, 10, 110, [3, 6]),
    (15, 9, 15, 10, 10, 10, 111, [5, 8]),
    (17, 7, 30, 3, 4, 2, 112, [2, 6]),
    (20, 9, 25, 10, 1000, 4, 113, [4, 8]),
    (23, 7, 40, 5, 4, 1000, 114, [3, 6]),
    (26, 9, 30, 10, 10, 10, 115, [6, 8]),
    (4, 3, 20, 1000, 1000, 1000, 116, [3]),
]


def cut(text, k, total):
    lines = [l for l in text.replace('\r\n', '\n').replace('\r', '\n').split('\n') if l.strip()]
    out = []
    for l in lines:
        if l.startswith('XXR') or l.startswith('XXC'):
            continue
        if l.startswith('001'):
            head = l[:91].ljust(91)
            blocks = [l[91 + 10 * i:91 + 10 * i + 8].ljust(8) for i in range(k)]
            points = sum(POINTS[b[7].upper()] for b in blocks)
            following = l[91 + 10 * k:91 + 10 * k + 8].ljust(8)
            if following[:4] in ('0000', '    ') and following[7].upper() in 'HFZ-' and following.strip():
                blocks.append(following)
            head = head[:80] + ('%4.1f' % (points / 10)) + head[84:]
            l = (head + '  '.join(blocks)).rstrip()
        out.append(l)
    out.insert(1, 'XXR %d' % total)
    if k == 0:
        out.insert(2, 'XXC white1')
    return '\n'.join(out) + '\n'


def main():
    bbp = sys.argv[1]
    n = 0
    for players, rounds, draws, forfeit, retired, half, seed, ks in CASES:
        with open('config.tmp', 'w') as f:
            f.write('PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\nForfeitRate=%d\n'
                    'RetiredRate=%d\nHalfPointByeRate=%d\nHighestRating=2600\nLowestRating=1400\n'
                    % (players, rounds, draws, forfeit, retired, half))
        subprocess.run([bbp, '--dutch', '-g', 'config.tmp', '-o', 'generated.tmp', '-s', str(seed)], check=True)
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
