#!/usr/bin/env python3
"""Compares bao-swiss with bbpPairings on generated tournaments, every round.

usage: compare.py --bbp BBP_EXE --ours PAIR_EXE --edition 2017|2025
                  [--tournaments N] [--seed S] [--max-players P] [--keep DIR]

For each tournament, bbpPairings generates it (--dutch -g CONFIG -o FILE -s SEED, with
a random number of players 2..P, of rounds 1..11 and random rates of draws, forfeits,
retirements and half-point byes); the tournament is cut after every round K in turn
(the points recomputed, XXR set to the total rounds, the announced absences of round
K+1 kept, `XXC white1` while no game has a colour) and both engines pair round K+1: bbpPairings
with `--dutch FILE -p`, ours with `PAIR_EXE FILE EDITION` (the crate's example `pair`:
cargo build --release -p bao-swiss --example pair). The outputs are compared byte for
byte, exit codes included (bbpPairings exits 1 when no pairing is legal, as ours does;
a file both refuse as bad input, bbpPairings with 3 and ours with 2, is counted apart).

Use bbpPairings v5.0.1 with --edition 2017 and v6.0.0 with --edition 2025: each
generates its tournaments by its own rules. Differences are kept in DIR (default
./differences) as the cut file and both outputs; the last line printed is the summary.
"""
import argparse
import os
import random
import subprocess
import sys

POINTS = {'1': 10, '=': 5, '0': 0, '+': 10, '-': 0, 'W': 10, 'D': 5, 'L': 0,
          'H': 5, 'F': 10, 'U': 10, 'Z': 0, ' ': 0}


def cut(text, k, total):
    """The tournament after round k, to pair round k+1 of `total`."""
    lines = [l for l in text.replace('\r\n', '\n').replace('\r', '\n').split('\n') if l.strip()]
    out = []
    coloured = False
    for l in lines:
        if l[:3] in ('XXR', 'XXC', '142', '152'):
            continue
        if l.startswith('001'):
            head = l[:91].ljust(91)
            blocks = [l[91 + 10 * i:91 + 10 * i + 8].ljust(8) for i in range(k)]
            coloured = coloured or any(b[5] in 'wb' for b in blocks)
            points = sum(POINTS[b[7].upper()] for b in blocks)
            following = l[91 + 10 * k:91 + 10 * k + 8].ljust(8)
            if following[:4] in ('0000', '    ') and following[7].upper() in 'HFZ-' and following.strip():
                blocks.append(following)
            head = head[:80] + ('%4.1f' % (points / 10)) + head[84:]
            l = (head + '  '.join(blocks)).rstrip()
        out.append(l)
    out.insert(1, 'XXR %d' % total)
    if not coloured:
        # Before any colour was given bbpPairings needs the first colour.
        out.insert(2, 'XXC white1')
    return '\n'.join(out) + '\n'


def run(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        return r.returncode, r.stdout
    except subprocess.TimeoutExpired:
        return 'timeout', ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bbp', required=True)
    ap.add_argument('--ours', required=True)
    ap.add_argument('--edition', required=True, choices=['2017', '2025'])
    ap.add_argument('--tournaments', type=int, default=20)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--max-players', type=int, default=40)
    ap.add_argument('--keep', default='differences')
    a = ap.parse_args()
    os.makedirs(a.keep, exist_ok=True)
    rng = random.Random(a.seed)
    made = rounds = same = refused = 0
    differ = []
    for t in range(a.tournaments):
        players = rng.randint(2, a.max_players)
        total = rng.randint(1, min(11, max(1, players - 1)))
        config = ('PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\nForfeitRate=%d\n'
                  'RetiredRate=%d\nHalfPointByeRate=%d\nHighestRating=2600\nLowestRating=1400\n'
                  % (players, total, rng.randint(0, 60), rng.choice([3, 5, 10, 50, 1000]),
                     rng.choice([2, 4, 10, 1000]), rng.choice([2, 4, 10, 1000])))
        with open('compare.cfg', 'w') as f:
            f.write(config)
        seed = a.seed * 100000 + t
        if run([a.bbp, '--dutch', '-g', 'compare.cfg', '-o', 'compare.trf', '-s', str(seed)])[0] != 0:
            continue
        made += 1
        text = open('compare.trf', newline='').read()
        for k in range(total):
            name = os.path.join(a.keep, 'e%s_s%d_t%d_r%d.trf' % (a.edition, a.seed, t, k + 1))
            with open(name, 'w') as f:
                f.write(cut(text, k, total))
            theirs = run([a.bbp, '--dutch', name, '-p'])
            ours = run([a.ours, name, a.edition])
            rounds += 1
            if theirs[0] == ours[0] and (theirs[0] != 0 or theirs[1] == ours[1]):
                same += 1
                os.remove(name)
            elif theirs[0] == 3 and ours[0] == 2:
                # Both refuse the input (bbpPairings exits 3, ours 2 for bad input).
                refused += 1
                os.remove(name)
            else:
                differ.append(name)
                for suffix, (code, out) in (('.bbp', theirs), ('.ours', ours)):
                    with open(name + suffix, 'w') as f:
                        f.write(out if code == 0 else 'exit %s\n' % code)
        print('tournament %d: %d players, %d rounds; so far %d/%d rounds the same'
              % (t, players, total, same, rounds), file=sys.stderr, flush=True)
    for name in ('compare.cfg', 'compare.trf'):
        if os.path.exists(name):
            os.remove(name)
    for name in differ[:20]:
        print('differs:', name)
    print('edition %s, seed %d: %d tournaments, %d rounds paired, %d the same, '
          '%d refused as bad input by both, %d different'
          % (a.edition, a.seed, made, rounds, same, refused, rounds - same - refused))


if __name__ == '__main__':
    main()
