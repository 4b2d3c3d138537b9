"""Reading `match.py --record` files (JSON Lines, one game object a line), for the tools.

One reader, so that every tool says the same clear thing about a file it cannot use (which
file, which line, what is wrong) instead of a traceback, and reads the file line by line.
The tools import it as a sibling: a script's own directory is first on sys.path.
"""
import json
import os
import sys

# The fields `match.py` writes in every record that the tools read.
FIELDS = ("opening_index", "opening_len", "black", "white", "winner", "moves", "times_ms",
          "messages")


class RecordError(Exception):
    """A record file that cannot be read, or a line of it that is not a game."""


def games(paths):
    """Each game (a dict) of the record files in turn, read line by line; blank lines are
    skipped. Raises RecordError naming the file, and the line, for a file that cannot be
    opened or a line that is not a JSON object with the record's fields."""
    for path in paths:
        try:
            f = open(path, "rb")
        except OSError as e:
            raise RecordError(f"{path}: {e.strerror or e}") from None
        with f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    game = json.loads(line)
                except ValueError as e:  # not JSON, or not UTF-8
                    why = getattr(e, "msg", e)
                    raise RecordError(f"{path}:{number}: not JSON ({why})") from None
                if not isinstance(game, dict):
                    shown = json.dumps(game)[:40]
                    raise RecordError(f"{path}:{number}: not a game object ({shown})")
                missing = [k for k in FIELDS if k not in game]
                if missing:
                    raise RecordError(f"{path}:{number}: not a game record (no {', '.join(missing)})")
                yield game


def fail(error):
    """Ends a tool on a RecordError: `tool.py: error` on stderr, exit status 2."""
    print(f"{os.path.basename(sys.argv[0])}: {error}", file=sys.stderr)
    sys.exit(2)
