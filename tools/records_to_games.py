#!/usr/bin/env python3
"""Match records as training games for `examples/train_net`.

Reads `match.py --record` files of our brain against Carbon or Pela and writes one
`examples/datagen.rs` line per distinct game: the moves, the score our search gave
each of its own moves (from its MESSAGE line, "win in N" / "loss in N" as the search's
mate scores; the opponent's moves get none) and the result (1 when Black won).

usage: records_to_games.py OUT.jsonl RECORD.jsonl... (prints the counts on stderr)
"""
import json
import re
import sys

import records

OPPONENTS = ("carbon", "pela")
WIN = 100_000_000
SIZE = 15
SCORE = re.compile(r"score (win in \d+|loss in \d+|-?\d+)")


def score_of(message):
    """Our search's score in a MESSAGE line, or None."""
    m = SCORE.search(message)
    if not m:
        return None
    s = m.group(1)
    if s.startswith("win"):
        return WIN - int(s.split()[-1])
    if s.startswith("loss"):
        return -WIN + int(s.split()[-1])
    return int(s)


def convert(g):
    """One record as a training game, or None when it is not ours against a partner."""
    theirs = [p for p in (g["black"], g["white"]) if p in OPPONENTS]
    if len(theirs) != 1:
        return None
    me = g["white"] if g["black"] == theirs[0] else g["black"]
    moves = [[int(v) for v in m.split(",")] for m in g["moves"]]
    if any(not (0 <= x < SIZE and 0 <= y < SIZE) for x, y in moves):
        return None
    opening = g["opening_len"]
    ours = 0 if g["black"] == me else 1
    messages = iter(g["messages"].get(me, []))
    scores = [None] * len(moves)
    for i in range(opening, len(moves)):
        if i % 2 == ours:
            scores[i] = score_of(next(messages, ""))
    winner = g["winner"]
    result = 0 if winner is None else 1 if winner == g["black"] else -1
    return {"moves": moves, "scores": scores, "result": result, "opening": opening}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    seen = set()
    games = []
    try:
        for g in records.games(sys.argv[2:]):
            key = " ".join(g.get("moves", []))
            game = convert(g) if key not in seen else None
            if game is not None:
                seen.add(key)
                games.append(game)
    except records.RecordError as e:
        records.fail(e)
    # Written once all records are read: a bad record leaves OUT as it was.
    with open(sys.argv[1], "w") as out:
        for game in games:
            out.write(json.dumps(game) + "\n")
    positions = sum(len(game["moves"]) - game["opening"] for game in games)
    print(f"{len(games)} games, {positions} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
