#!/usr/bin/env python3
"""Two builds' matches against the same opponent, compared game by game.

Each game of `match.py --record A.jsonl` is paired with the game of B.jsonl played on
the same opening with our engine on the same colour. Most pairs end alike (the
opening decides them); only the pairs that differ carry the difference between the
builds, so its error is far smaller than two separate scores' errors suggest.

usage: paired.py A.jsonl B.jsonl [OPPONENT]   (OPPONENT: the other engine's name;
       by default the name that is not ours, known as carbon or pela)
"""
import json
import math
import sys

OPPONENTS = {"carbon", "pela"}


def games(path, opponent):
    """(opening, our colour) -> our points, from one record file."""
    out = {}
    for line in open(path):
        g = json.loads(line)
        ours = [n for n in g["times_ms"] if n not in opponent]
        if len(ours) != 1:
            sys.exit(f"{path}: game {g['game']}: which engine is ours? {list(g['times_ms'])}")
        me = ours[0]
        colour = "black" if g["black"] == me else "white"
        points = 1.0 if g["winner"] == me else 0.5 if g["winner"] is None else 0.0
        out[(g["opening_index"], colour)] = points
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    opponent = {sys.argv[3]} if len(sys.argv) > 3 else OPPONENTS
    a, b = games(sys.argv[1], opponent), games(sys.argv[2], opponent)
    keys = sorted(set(a) & set(b))
    if not keys:
        sys.exit("no game of one file has a partner in the other")
    for colour in ("black", "white"):
        ks = [k for k in keys if k[1] == colour]
        print(f"{colour}: A {sum(a[k] for k in ks)}/{len(ks)}, B {sum(b[k] for k in ks)}/{len(ks)}")
    n = len(keys)
    diffs = [a[k] - b[k] for k in keys]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    sa, sb = sum(a[k] for k in keys), sum(b[k] for k in keys)
    print(f"{n} pairs: A {sa} ({100 * sa / n:.1f}%), B {sb} ({100 * sb / n:.1f}%), "
          f"A - B {100 * mean:+.1f} points ± {196 * math.sqrt(var / n):.1f} (95%), "
          f"{sum(1 for d in diffs if d)} pairs differ")


if __name__ == "__main__":
    main()
