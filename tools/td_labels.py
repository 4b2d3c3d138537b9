#!/usr/bin/env python3
"""Positions of our match games, labelled with where our own search said the game went.

Reads `match.py --record` files of our brain against Carbon or Pela (15x15, or
`--size`) and writes one line per position our brain searched and did not find decided
(once, however many games reached it): the moves up to it and a target, the mean
winning chance our next AHEAD searches in that game gave (sigmoid(score / 200), "win in
N" 1, "loss in N" 0), the game's result standing in for searches after its end. A
temporal-difference label: the search a few moves on has seen what the opponent really
did with the position, which the position's own evaluation could only guess; the result
alone says more about which engine was stronger than about the position (see
docs/network.md). Input for `examples/tune.rs`; with `--net`, lines as
`examples/label.rs` writes them (the target as a score, SCALE times its logit), for
`examples/train_net.rs --scale 200 --lambda-deep 0`.

With `--size N` the records are of an N x N board (match.py --size; the records do not
say), and each line for `examples/tune.rs` carries it; run once per board size and
concatenate the outputs.

usage: td_labels.py [--ahead N] [--net] [--size N] RECORD.jsonl... > labels.jsonl (counts on stderr)
"""
import json
import math
import random
import sys

import records
from records_to_games import OPPONENTS, SIZE, WIN, score_of

SCALE = 200


def chance(message):
    """Our search's winning chance in a MESSAGE line ("win in N" 1, "loss in N" 0), or
    None without a score."""
    score = score_of(message)
    if score is None:
        return None
    if abs(score) > WIN // 2:
        return 1.0 if score > 0 else 0.0
    return 1 / (1 + math.exp(-score / SCALE))


def positions(g, ahead, size=SIZE):
    """(moves, target, result) for each undecided position we searched in the record `g`;
    the result as `examples/label.rs` writes it: 1 Black won, -1 White won, 0 a draw."""
    if sum(p in OPPONENTS for p in (g["black"], g["white"])) != 1:
        return
    if any(int(v) >= size for m in g["moves"] for v in m.split(",")):
        return
    mine = "white" if g["black"] in OPPONENTS else "black"
    ours_black = mine == "black"
    result = {g[mine]: 1.0, None: 0.5}.get(g["winner"], 0.0)
    black_result = {g["black"]: 1, g["white"]: -1}.get(g["winner"], 0)
    moves = g["moves"]
    ours = [i for i in range(g["opening_len"], len(moves)) if (i % 2 == 0) == ours_black]
    said = [chance(m) for m in g["messages"].get(g[mine], [])[: len(ours)]]
    for t, p in enumerate(said):
        if p is None or p in (0.0, 1.0):
            continue
        later = [
            said[t + k] if t + k < len(said) and said[t + k] is not None else result
            for k in range(1, ahead + 1)
        ]
        yield moves[: ours[t]], sum(later) / len(later), black_result


def as_label(moves, target, result):
    """A line for the network's trainer: the moves as [x, y] pairs, the target as a
    search score (held off the certain ends, which the trainer reads as won or lost) and
    the game's result."""
    p = min(max(target, 0.005), 0.995)
    score = round(SCALE * math.log(p / (1 - p)))
    cells = [[int(v) for v in m.split(",")] for m in moves]
    return {"moves": cells, "score": score, "result": result}


def distinct(moves, said):
    """One position's line from all the games that reached it (a match replays its
    openings, and runs of the same builds replay whole games): the targets' mean and the
    results' mean rounded. Left repeated, a held-out tenth would hold copies of what was
    fitted (52 622 lines of 17 405 positions on 4 December)."""
    n = len(said)
    return moves, sum(t for t, _ in said) / n, round(sum(r for _, r in said) / n)


def main():
    args = sys.argv[1:]
    ahead, net, size = 3, False, SIZE
    while args[:1] in (["--ahead"], ["--net"], ["--size"]):
        if args[0] == "--net":
            net, args = True, args[1:]
        elif args[0] == "--size":
            # Only a number here: examples/tune.rs checks each line's size against the
            # engine's own bounds, the one place they are written.
            if len(args) < 2 or not args[1].isdigit() or int(args[1]) < 1:
                sys.exit("--size takes a board size (a positive number)")
            size, args = int(args[1]), args[2:]
        else:
            ahead, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__)
    if net and size != SIZE:
        sys.exit("--net writes 15x15 positions only (examples/train_net.rs)")
    seen = {}
    try:
        for game in records.games(args):
            for moves, target, result in positions(game, ahead, size):
                seen.setdefault(tuple(moves), []).append((target, result))
    except records.RecordError as e:
        records.fail(e)
    out = [distinct(list(moves), said) for moves, said in seen.items()]
    # Shuffled (fixed seed): the tuner holds out every tenth line.
    random.Random(7).shuffle(out)
    for moves, target, result in out:
        line = (
            as_label(moves, target, result)
            if net
            else {"moves": moves, "target": round(target, 4)}
        )
        if size != SIZE and not net:
            line["size"] = size
        print(json.dumps(line))
    print(f"{len(args)} files, {len(out)} distinct positions", file=sys.stderr)


if __name__ == "__main__":
    main()
