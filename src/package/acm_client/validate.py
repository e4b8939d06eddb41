#!/usr/bin/env python3
# The input validator of the `acm-client` package: a test is `t` (1 to 100) maps, each
# `n m` (2 to 30 each, as the course's maps), n rows of m characters `.` or `X` with at least
# one mine and one safe cell, and the first click `r c`, a safe cell; single spaces, `\n` line
# ends, nothing after. Kattis's protocol: exit 42 if valid, 43 otherwise (the reason on stderr).
import re
import sys


def refuse(why):
    sys.stderr.write(why + "\n")
    sys.exit(43)


def number(text, low, high, what):
    if not re.fullmatch(r"0|[1-9][0-9]{0,3}", text) or not low <= int(text) <= high:
        refuse("%s: expected %d to %d, got %r" % (what, low, high, text[:20]))
    return int(text)


def main():
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        refuse("not ASCII")
    if not text.endswith("\n"):
        refuse("the last line does not end in a newline")
    lines = text[:-1].split("\n")
    count = number(lines[0], 1, 100, "line 1: maps")
    at = 1
    for index in range(count):
        where = "map %d" % (index + 1)
        if at >= len(lines):
            refuse("%s: missing" % where)
        sides = lines[at].split(" ")
        if len(sides) != 2:
            refuse("line %d: expected `n m`" % (at + 1))
        n, m = (number(s, 2, 30, "line %d" % (at + 1)) for s in sides)
        rows = lines[at + 1:at + 1 + n]
        if len(rows) != n or any(not re.fullmatch(r"[.X]{%d}" % m, row) for row in rows):
            refuse("%s: expected %d rows of %d characters `.` or `X`" % (where, n, m))
        mines = sum(row.count("X") for row in rows)
        if not 1 <= mines < n * m:
            refuse("%s: %d mines; the course's maps have 1 to n*m-1" % (where, mines))
        if at + 1 + n >= len(lines):
            refuse("%s: no first click" % where)
        first = lines[at + 1 + n].split(" ")
        if len(first) != 2:
            refuse("line %d: expected `r c`" % (at + n + 2))
        r = number(first[0], 0, n - 1, "line %d: r" % (at + n + 2))
        c = number(first[1], 0, m - 1, "line %d: c" % (at + n + 2))
        if rows[r][c] == "X":
            refuse("%s: the first click is a mine" % where)
        at += n + 2
    if at != len(lines):
        refuse("line %d: text after the last map" % (at + 1))
    sys.exit(42)


main()
