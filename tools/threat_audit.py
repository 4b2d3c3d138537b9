#!/usr/bin/env python3
"""Where the games we did not win went wrong by threats, from `match.py --record` files.

For every game "ours" did not win, at each of our moves after the opening (until our
search reported a proven result), the strong engine's forced-win finder (VCF, then VCT;
`strong_probe threatsN`) is asked two things, each within NODES nodes:

  missed   the position before our move: did we have a forced win we did not play?
           (when we played its first move anyway, said so: the search did not know)
  refuted  the position after our move: does the opponent now have one? (only the
           first such move of each game is printed: from there the game was lost)

A position neither finds is not proven safe (the finder has a budget), and a forced win
found here may be deeper than a move's search can afford: this tells where to look.

usage: threat_audit.py PROBE NODES A.jsonl [B.jsonl ...]
  PROBE   the strong_probe example, e.g. target/release/examples/strong_probe
          (cargo build --release --no-default-features --example strong_probe)
"""
import re
import subprocess
import sys

import records


def forced_win(probe, nodes, moves):
    """The finder's answer line for the side to move after `moves`, or None."""
    out = subprocess.run(
        [probe, f"threats{nodes}"] + moves, capture_output=True, text=True, check=True
    ).stdout
    found = [line for line in out.splitlines() if line.startswith(("Vcf(", "Vct("))]
    return found[-1] if found else None


def first_move(line):
    """The first cell of a finder line, as the records write moves ("x,y")."""
    m = re.search(r"x: (\d+), y: (\d+)", line)
    return f"{m.group(1)},{m.group(2)}" if m else None


def our_moves(game):
    """(index of the move in the game, our MESSAGE for it) for each of our moves."""
    ours = 0 if game["black"] == "ours" else 1
    messages = game["messages"]["ours"]
    k = 0
    for i in range(game["opening_len"], len(game["moves"])):
        if i % 2 != ours:
            continue
        yield i, messages[k] if k < len(messages) else ""
        k += 1


def audit(probe, nodes, path, game):
    moves = game["moves"]
    colour = "Black" if game["black"] == "ours" else "White"
    head = f"{path} game {game['game']} ({colour}, {game['winner'] or 'draw'})"
    refuted = False
    for i, message in our_moves(game):
        if "win in" in message or "loss in" in message:
            break
        said = " ".join(message.split()[:4])
        win = forced_win(probe, nodes, moves[:i])
        if win:
            what = "played the win's first move" if first_move(win) == moves[i] else "missed"
            print(f"{head}: {what} at stone {i}, played {moves[i]} ({said}): {win[:100]}")
        if not refuted:
            theirs = forced_win(probe, nodes, moves[: i + 1])
            if theirs:
                refuted = True
                print(f"{head}: refuted after stone {i}, {moves[i]} ({said}): {theirs[:100]}")
        sys.stdout.flush()


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    probe, nodes = sys.argv[1], int(sys.argv[2])
    try:
        for path in sys.argv[3:]:
            for game in records.games([path]):
                if game["winner"] != "ours":
                    audit(probe, nodes, path, game)
    except records.RecordError as e:
        records.fail(e)


if __name__ == "__main__":
    main()
