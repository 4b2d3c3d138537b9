#!/usr/bin/env python3
"""Random 3- or 5-stone openings for A/B matches, beside Piskvork's 40.

Black at the centre, White within two cells of it, Black's second stone within three;
with STONES=5, the first three within two cells and the last two within three.
One opening per shape up to the board's eight symmetries, none that is one of
Piskvork's. An opening is kept when our brain, searching 300 000 positions with White
to move, scores it for White between LOW and HIGH (Piskvork's 3-stone openings score
-87 to -181 that way): slightly Black's, as theirs are.

usage: gen_openings.py COUNT SEED BRAIN [PISKVORK_OPENINGS [STONES]] > openings.txt
"""
import random
import re
import subprocess
import sys

LOW, HIGH = -190, -40


def canonical(stones):
    """The least of the eight symmetric images of the stones (offsets from the centre)."""
    forms = []
    for t in range(8):
        form = []
        for x, y in stones:
            a, b = (y, x) if t & 4 else (x, y)
            form.append((-a if t & 1 else a, -b if t & 2 else b))
        forms.append(tuple(form))
    return min(forms)


def read_openings(path):
    """Openings in match.py's format: `x,y, x,y, ...` offsets, '#' starts a comment."""
    for line in open(path):
        line = line.split("#")[0].strip()
        if line:
            nums = [int(t) for t in line.replace(",", " ").split()]
            yield list(zip(nums[0::2], nums[1::2]))


def white_score(brain, stones):
    """Our brain's score for White to move after the three stones, or None."""
    cmd = "START 15\nINFO max_node 300000\nINFO timeout_turn 5000\nBOARD\n"
    for i, (x, y) in enumerate(stones):
        own = 1 if i % 2 == 1 else 2  # the brain plays White: its stones are field 1
        cmd += f"{7 + x},{7 + y},{own}\n"
    cmd += "DONE\nEND\n"
    out = subprocess.run([brain], input=cmd, capture_output=True, text=True, timeout=60).stdout
    m = re.search(r"score (-?\d+) ", out)
    return int(m.group(1)) if m else None


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    count, seed, brain = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    seen = set()
    if len(sys.argv) > 4:
        seen.update(canonical(s) for s in read_openings(sys.argv[4]))
    n = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    if n not in (3, 5):
        sys.exit("STONES is 3 or 5")
    reach = [2, 3] if n == 3 else [2, 2, 3, 3]
    print(f"# {count} random {n}-stone openings (seed {seed}), White scored {LOW}..{HIGH};"
          " see tools/gen_openings.py")
    found = 0
    for _ in range(100 * count):
        if found == count:
            break
        stones = [(0, 0)] + [(rng.randint(-k, k), rng.randint(-k, k)) for k in reach]
        key = canonical(stones)
        if len(set(stones)) < n or key in seen:
            continue
        seen.add(key)
        score = white_score(brain, stones)
        if score is not None and LOW <= score <= HIGH:
            found += 1
            print(", ".join(f"{x},{y}" for x, y in stones), f"  # White {score}", flush=True)


if __name__ == "__main__":
    main()
