#!/usr/bin/env python3
"""How one engine used a match clock, over `match.py --record` files of games played
with `--match-ms`: per file, the games, the least time it had left at the end of a game,
and the games it finished past the clock (which match.py does not forfeit, but a
Gomocup manager does).

usage: clock_use.py ENGINE MATCH_MS files.jsonl...
"""
import sys

import records


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, clock = sys.argv[1], float(sys.argv[2])
    for path in sys.argv[3:]:
        try:
            totals = [sum(g["times_ms"].get(engine, [])) for g in records.games([path])]
        except records.RecordError as e:
            records.fail(e)
        if not totals:
            print(f"{path}: no games of {engine}")
            continue
        over = sum(t > clock for t in totals)
        print(f"{path}: {len(totals)} games, least left {clock - max(totals):.0f} ms, "
              f"median used {sorted(totals)[len(totals) // 2] / 1000:.1f} s, "
              f"{over} past the clock")


if __name__ == "__main__":
    main()
