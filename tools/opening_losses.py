#!/usr/bin/env python3
"""Where a side's lost games come from: per opening and colour, over `match.py --record`
files, how many games it played and lost. Matches replay nearly the same games (both
engines are deterministic but for timing), so a few openings lost as White again and
again can hold most of a match's missing points; this lists them, worst first.

usage: opening_losses.py NAME A.jsonl [B.jsonl ...] [--top N]
  NAME   the side to count, as `match.py --name-a/--name-b` named it (e.g. ours)
"""
import collections
import sys

import records


def tally(name, paths):
    """(opening, colour) -> [games, lost, drawn] for `name` over the record files."""
    table = collections.defaultdict(lambda: [0, 0, 0])
    for game in records.games(paths):
        if name not in (game["black"], game["white"]):
            continue
        colour = "black" if game["black"] == name else "white"
        row = table[(game["opening_index"], colour)]
        row[0] += 1
        if game["winner"] is None:
            row[2] += 1
        elif game["winner"] != name:
            row[1] += 1
    return table


def main(argv):
    top = 15
    if "--top" in argv:
        i = argv.index("--top")
        value = argv[i + 1] if i + 1 < len(argv) else ""
        if not value.isdigit():
            sys.exit(f"--top wants a count, got {value!r}")
        top = int(value)
        argv = argv[:i] + argv[i + 2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    name, paths = argv[0], argv[1:]
    try:
        table = tally(name, paths)
    except records.RecordError as e:
        records.fail(e)
    games = sum(r[0] for r in table.values())
    lost = sum(r[1] for r in table.values())
    drawn = sum(r[2] for r in table.values())
    print(f"{name}: {games} games, {lost} lost, {drawn} drawn")
    for colour in ("black", "white"):
        g = sum(r[0] for (_, c), r in table.items() if c == colour)
        l = sum(r[1] for (_, c), r in table.items() if c == colour)
        print(f"  as {colour}: {l} of {g} lost")
    print("opening colour games lost share-of-losses")
    worst = sorted(table.items(), key=lambda kv: (-kv[1][1], kv[0]))[:top]
    for (opening, colour), (g, l, _) in worst:
        print(f"{opening:7d} {colour:6s} {g:5d} {l:4d} {100 * l / max(1, lost):5.1f}%")


if __name__ == "__main__":
    main(sys.argv[1:])
