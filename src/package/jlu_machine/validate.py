#!/usr/bin/env python3
# The input validator of the `jlu-machine` problem package (Kattis format): exit 42 when the
# test is written exactly as `n m k g`, then g seeds one a line, inside the limits (the
# course's GamePanel is 30x30; at least one cell is free of mines for the first click), else
# exit 43 with the reason on stderr. Standalone: Python 3 and its standard library only.
import re
import sys


def refuse(message):
    sys.stderr.write(message + "\n")
    sys.exit(43)


def main():
    text = sys.stdin.read()
    if not text.endswith("\n"):
        refuse("the input must end with a newline")
    lines = text[:-1].split("\n")
    header = lines[0]
    if not re.fullmatch(r"[1-9][0-9]* [1-9][0-9]* (0|[1-9][0-9]*) [1-9][0-9]*", header):
        refuse("line 1: expected `n m k g`, single spaces, got %r" % header[:50])
    n, m, k, games = map(int, header.split())
    if n > 30 or m > 30:
        refuse("line 1: the panel is at most 30x30, got %dx%d" % (n, m))
    if k > n * m - 1:
        refuse("line 1: k = %d leaves no cell for the first click" % k)
    if games > 100:
        refuse("line 1: at most 100 games, got %d" % games)
    if len(lines) != 1 + games:
        refuse("expected %d seeds, one a line, got %d lines" % (games, len(lines) - 1))
    for number, seed in enumerate(lines[1:], start=2):
        if not re.fullmatch(r"0|[1-9][0-9]{0,18}", seed) or int(seed) >= 2**63:
            refuse("line %d: expected a seed, 0 to 2^63 - 1, got %r" % (number, seed[:50]))
    sys.exit(42)


main()
