#!/usr/bin/env python3
"""One engine's reply times over `match.py --record` files: the numbers the issue asks for.

match.py prints the mean, median, p95 and max; the floor on reply time is judged by
the slowest reply and the 99th percentile, so this reads every reply of the record.

usage: reply_times.py ENGINE TURN_MS A.jsonl [B.jsonl ...]
"""
import sys

import records


def percentile(sorted_ms, p):
    """The nearest-rank percentile: the smallest reply at or above p% of all replies."""
    rank = max(1, -(-len(sorted_ms) * p // 100))
    return sorted_ms[int(rank) - 1]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, turn = sys.argv[1], float(sys.argv[2])
    for path in sys.argv[3:]:
        ms = []
        try:
            for game in records.games([path]):
                ms.extend(game["times_ms"].get(engine, []))
        except records.RecordError as e:
            records.fail(e)
        if not ms:
            print(f"{path}: no replies by {engine}")
            continue
        ms.sort()
        over = sum(1 for t in ms if t > turn)
        print(
            f"{path}: {len(ms)} replies, median {percentile(ms, 50):.0f} ms, "
            f"p99 {percentile(ms, 99):.0f} ms, max {ms[-1]:.0f} ms, {over} over {turn:.0f} ms"
        )


if __name__ == "__main__":
    main()
