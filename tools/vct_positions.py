#!/usr/bin/env python3
"""Positions for `examples/vct_bench.rs`, from `match.py --record` files.

Every position after one of our moves in the games we did not win, and in about one
won game in seven, is labelled by what the strong engine's forced-win finder
(`strong_probe threatsNODES`: a VCF, then a VCT) says of the side to move (the
opponent): `vcf`, `vct`, `none` (proven: no win by threats) or `unknown` (the budget
ran out). One line per position: the label, then the moves from Black's first.

usage: vct_positions.py PROBE NODES A.jsonl [B.jsonl ...] > positions.txt
  PROBE   the strong_probe example, e.g. target/release/examples/strong_probe
"""
import random
import subprocess
import sys

import records
from threat_audit import our_moves


def label(probe, nodes, moves):
    """What the finder says of the side to move after `moves`."""
    out = subprocess.run(
        [probe, f"threats{nodes}"] + moves, capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    if out.startswith("Vct("):
        return "vct"
    if out.startswith("Vcf("):
        return "vcf"
    return "none" if "complete: true" in out else "unknown"


def positions(paths, rng):
    """The move lists after each of our moves, in the games chosen."""
    for game in records.games(paths):
        if game["winner"] == "ours" and rng.random() > 0.15:
            continue
        moves = game["moves"]
        for i, _ in our_moves(game):
            if i < len(moves) - 2:
                yield moves[: i + 1]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    probe, nodes, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    rng = random.Random(1)
    try:
        all_positions = list(positions(paths, rng))
    except records.RecordError as e:
        records.fail(e)
    rng.shuffle(all_positions)
    seen = set()
    for moves in all_positions:
        key = " ".join(moves)
        if key not in seen:
            seen.add(key)
            print(label(probe, nodes, moves), key, flush=True)


if __name__ == "__main__":
    main()
