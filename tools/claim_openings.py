#!/usr/bin/env python3
"""Matches on only the positions where a change acts, from `match.py --record` files.

A change that acts only in some positions (here: once our search has proven a loss)
moves a whole match's score by less than two runs of one build differ, because most
games part ways early, from timing alone, long before such a position. Played from
those positions instead, each build meets the opponent only where the change acts.

  openings [--before] RECORDS... > claims.txt
      The position before each game's first "loss in N" claim of ours (N >= 12; one
      per game, each position once), as a match.py openings file (offsets from the
      centre of 15x15); with --before, the position of our move before that one (where
      the loss was made). Play it: match.py --openings claims.txt --games 2×count.
  score  A.jsonl [B.jsonl ...]
      Points of "ours" in the games where ours was the side to move at the start
      (match.py plays each opening with both colours; the other game of each pair
      has ours on the side that claimed the win). Positions both files played are
      compared one by one.

usage: claim_openings.py openings RECORDS... | claim_openings.py score A.jsonl [B.jsonl]
"""
import sys

import records
from paired import OPPONENTS, mean_points
from threat_audit import our_moves

CENTRE = 7
SHORTEST = 12


def claim_positions(paths, before):
    """Moves before our first loss claim of N >= SHORTEST plies (or, `before`, before
    our move ahead of it), once per position."""
    seen = set()
    for game in records.games(paths):
        if not game.get("messages", {}).get("ours"):
            continue
        previous = None
        for i, message in our_moves(game):
            if " loss in " not in message:
                previous = i
                continue
            plies = int(message.split(" loss in ")[1].split()[0])
            at = previous if before else i
            if plies >= SHORTEST and at is not None:
                position = tuple(game["moves"][:at])
                if position not in seen:
                    seen.add(position)
                    yield position
            break


def offsets(position):
    """A position as an openings line: each move's offset from the centre."""
    cells = (move.split(",") for move in position)
    return " ".join(f"{int(x) - CENTRE},{int(y) - CENTRE}" for x, y in cells)


def points_to_move(path):
    """Opening index -> our points (the mean over repeats), for games where ours moved
    first after it."""
    lengths = {g["opening_index"]: g["opening_len"] for g in records.games([path])}
    return {
        int(opening): points
        for (opening, colour), points in mean_points([path], OPPONENTS).items()
        if (colour == "black") == (lengths[opening] % 2 == 0)
    }


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("openings", "score"):
        sys.exit(__doc__)
    try:
        if sys.argv[1] == "openings":
            before = sys.argv[2] == "--before"
            paths = sys.argv[3:] if before else sys.argv[2:]
            print("# positions before our first loss claim, from match records")
            for position in claim_positions(paths, before):
                print(offsets(position))
            return
        scores = [points_to_move(p) for p in sys.argv[2:]]
    except records.RecordError as e:
        records.fail(e)
    common = sorted(set.intersection(*(set(s) for s in scores)))
    for path, s in zip(sys.argv[2:], scores):
        print(f"{path}: {sum(s[k] for k in common)} of {len(common)} positions")
    if len(scores) == 2:
        a, b = scores
        print("first better:", [k for k in common if a[k] > b[k]])
        print("second better:", [k for k in common if a[k] < b[k]])


if __name__ == "__main__":
    main()
