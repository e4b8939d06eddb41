#!/usr/bin/env python3
# The interactor of the `jlu-machine` problem package (interactive and scoring): it plays the
# JLU course's games against the submission, as the course's judge program calls `machine` once
# per click, and scores them as the course does. Standalone: Python 3 and its standard library
# only (problemtools runs it with PyPy 3, whose `random` draws the same numbers as CPython's, so
# a seed deals the same mines under both).
#
# The test: `n m k g`, then g seeds, one a line. Each game is dealt from its seed after the
# first click (so the first click is never a mine). Before every click the submission gets the
# panel: `n m k`, then n rows of m numbers (-1 closed, 0-8 open), and answers `x y`; after the
# last game it gets `0 0 0`. The submission's output is on stdin, its input on stdout. A wrong
# answer: a line that is not two integers, a cell off the panel, the end of the output, or a
# submission that stops reading (`package` puts the pipes' code, interactor_io.py, in place of
# the line `# INTERACTOR_IO` below).
# PROTOCOL (arguments; verdict):
#   kattis  input answer feedback_dir; exit 42 and the games' mean score (0 to 60) in
#           feedback_dir/score.txt, or exit 43 and why in feedback_dir/judgemessage.txt
#   acmoj   input output; the mean score / 60 (0 for a bad answer) on output's first line, the
#           message after it
#   hydro   input output answer (Hydro's testlib order); the verdict on stderr, testlib's way:
#           `points F message` (F the mean score / 60) or `wrong answer message`
import random

PROTOCOL = "kattis"
TOP = 60.0
CLICK_LIMIT = 400

# INTERACTOR_IO


def win_bonus(clicks):
    """The course's bonus for a win in `clicks` clicks."""
    for below, bonus in ((80, 10), (90, 9), (100, 8), (120, 7), (150, 5), (200, 3), (250, 1)):
        if clicks < below:
            return bonus
    return 0


def neighbours(n, m, x, y):
    for i in range(max(0, x - 1), min(n, x + 2)):
        for j in range(max(0, y - 1), min(m, y + 2)):
            if (i, j) != (x, y):
                yield i, j


def open_from(panel, mines, n, m, x, y):
    """Opens (x, y) and, from every 0 opened, its neighbours; returns how many were opened."""
    opened, stack = 0, [(x, y)]
    while stack:
        i, j = stack.pop()
        if panel[i][j] != -1:
            continue
        panel[i][j] = sum((a, b) in mines for a, b in neighbours(n, m, i, j))
        opened += 1
        if panel[i][j] == 0:
            stack.extend(neighbours(n, m, i, j))
    return opened


def click(n, m, game, clicks):
    """The submission's next click, or wrong answer."""
    where = "game %d, click %d" % (game + 1, clicks + 1)

    def off_panel(x, y):
        if not (0 <= x < n and 0 <= y < m):
            return "(%d, %d) is not a cell of the %dx%d panel" % (x, y, n, m)

    return submission.numbers("`x y`", where, off_panel)


def play(n, m, k, seed, game):
    """One game; its score in tenths of a point."""
    panel = [[-1] * m for _ in range(n)]
    mines, opened = None, 0
    for clicks in range(CLICK_LIMIT):
        rows = "\n".join(" ".join(map(str, row)) for row in panel)
        submission.send("%d %d %d\n%s\n" % (n, m, k, rows))
        x, y = click(n, m, game, clicks)
        if mines is None:
            cells = [(i, j) for i in range(n) for j in range(m) if (i, j) != (x, y)]
            mines = set(random.Random(seed).sample(cells, k))
        if (x, y) in mines:
            return opened
        opened += open_from(panel, mines, n, m, x, y)
        if opened == n * m - k:
            return 500 + 10 * win_bonus(clicks + 1)
    return opened


def main():
    with open(sys.argv[1]) as test:
        numbers = [int(token) for token in test.read().split()]
    n, m, k, games = numbers[:4]
    seeds = numbers[4:4 + games]
    tenths = sum(play(n, m, k, seed, game) for game, seed in enumerate(seeds))
    # The games are over: a submission gone before it reads this keeps its score.
    submission.send("0 0 0\n")
    mean = tenths / 10.0 / games
    verdict(mean, "%d games, mean score %g" % (games, mean))


main()
