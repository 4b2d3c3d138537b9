#!/usr/bin/env python3
"""Two builds' matches against the same opponent, compared game by game.

Each game of `match.py --record A.jsonl` is paired with the game of B.jsonl played on
the same opening with our engine on the same colour. Most pairs end alike (the
opening decides them); only the pairs that differ carry the difference between the
builds, so its error is far smaller than two separate scores' errors suggest.

More record files after B pool B's runs (main's control runs, say): a pair then sets
A's points on an opening and colour against the mean of the pool's points there, so A
is measured against what that build usually scores in each game, not against one run.
Repeats of a game within A are averaged the same way.

usage: paired.py A.jsonl B.jsonl [B2.jsonl ...] [OPPONENT]   (OPPONENT: the other
       engine's name; by default the name that is not ours, known as carbon or pela)
"""
import math
import sys

import records

OPPONENTS = {"carbon", "pela"}


def games(path, opponent):
    """(opening, our colour) -> our points in each game there, from one record file."""
    out = {}
    for g in records.games([path]):
        ours = [n for n in g["times_ms"] if n not in opponent]
        if len(ours) != 1:
            sys.exit(f"{path}: game {g['game']}: which engine is ours? {list(g['times_ms'])}")
        me = ours[0]
        colour = "black" if g["black"] == me else "white"
        points = 1.0 if g["winner"] == me else 0.5 if g["winner"] is None else 0.0
        out.setdefault((g["opening_index"], colour), []).append(points)
    return out


def mean_points(paths, opponent):
    """(opening, our colour) -> our mean points there over the games of all `paths`."""
    pooled = {}
    for path in paths:
        for key, points in games(path, opponent).items():
            pooled.setdefault(key, []).extend(points)
    return {key: sum(p) / len(p) for key, p in pooled.items()}


def main():
    files = [arg for arg in sys.argv[1:] if arg.endswith(".jsonl")]
    names = [arg for arg in sys.argv[1:] if not arg.endswith(".jsonl")]
    if len(files) < 2 or len(names) > 1:
        sys.exit(__doc__)
    opponent = set(names) or OPPONENTS
    try:
        a, b = mean_points(files[:1], opponent), mean_points(files[1:], opponent)
    except records.RecordError as e:
        records.fail(e)
    keys = sorted(set(a) & set(b))
    if not keys:
        sys.exit("no game of one file has a partner in the other")
    for colour in ("black", "white"):
        ks = [k for k in keys if k[1] == colour]
        print(f"{colour}: A {sum(a[k] for k in ks):g}/{len(ks)}, "
              f"B {sum(b[k] for k in ks):g}/{len(ks)}")
    n = len(keys)
    diffs = [a[k] - b[k] for k in keys]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    sa, sb = sum(a[k] for k in keys), sum(b[k] for k in keys)
    print(f"{n} pairs: A {sa:g} ({100 * sa / n:.1f}%), B {sb:g} ({100 * sb / n:.1f}%), "
          f"A - B {100 * mean:+.1f} points ± {196 * math.sqrt(var / n):.1f} (95%), "
          f"{sum(1 for d in diffs if d)} pairs differ")


if __name__ == "__main__":
    main()
