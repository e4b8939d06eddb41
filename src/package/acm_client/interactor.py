#!/usr/bin/env python3
# The interactor of the `acm-client` problem package (interactive and scoring): it is the ACM
# class's server, playing each map of the test against the submission as the course's
# `advanced.cpp` plays a batch, and scores the batch as the course does. Standalone: Python 3
# and its standard library only.
#
# The test: `t`, then t maps, each `n m`, n rows of `.` (safe) and `X` (mine), and the first
# click `r c` (never a mine), made for the submission. For each map the submission gets `n m`
# and the map after the first click, n rows of `?` (unvisited), `0`-`8` (visited), `@` (marked)
# and `X` (the mine or the wrong mark that lost); while the map shows the game running (a `?`
# and no `X`) it answers a move `r c type` (0-based; 0 visit, 1 mark, 2 auto-explore) and gets
# the map after it. After the last map it gets `0 0`. A map scores (marked mines + visited
# cells) / cells, a won map 1; the test scores 100 x the mean of its best 90% of maps. A wrong
# answer: a line that is not three integers, a move that is not one, more than 2nm moves on a
# map, the end of the output, or a submission that stops reading (`package` puts the pipes'
# code, interactor_io.py, in place of the line `# INTERACTOR_IO` below).
# PROTOCOL (arguments; verdict):
#   kattis  input answer feedback_dir; exit 42 and the score (0 to 100) in
#           feedback_dir/score.txt, or exit 43 and why in feedback_dir/judgemessage.txt
#   acmoj   input output; the score / 100 (0 for a bad move) on output's first line, the
#           message after it
#   hydro   input output answer (Hydro's testlib order); the verdict on stderr, testlib's way:
#           `points F message` (F the score / 100) or `wrong answer message`
PROTOCOL = "kattis"
TOP = 100.0

# INTERACTOR_IO


class Game:
    """One map under the course's server rules."""

    def __init__(self, mines):
        self.n, self.m = len(mines), len(mines[0])
        self.mine = mines
        self.shown = [["?"] * self.m for _ in range(self.n)]
        self.state = 0  # 0 running, 1 won, -1 lost
        self.marked = 0
        self.safe_left = sum(row.count(False) for row in mines)

    def neighbours(self, r, c):
        for i in range(max(0, r - 1), min(self.n, r + 2)):
            for j in range(max(0, c - 1), min(self.m, c + 2)):
                if (i, j) != (r, c):
                    yield i, j

    def visit(self, r, c):
        if self.state != 0 or self.shown[r][c] != "?":
            return
        if self.mine[r][c]:
            self.state, self.shown[r][c] = -1, "X"
            return
        stack = [(r, c)]
        while stack:
            i, j = stack.pop()
            if self.shown[i][j] != "?":
                continue
            count = sum(self.mine[a][b] for a, b in self.neighbours(i, j))
            self.shown[i][j] = str(count)
            self.safe_left -= 1
            if count == 0:
                stack.extend(self.neighbours(i, j))

    def mark(self, r, c):
        if self.state != 0 or self.shown[r][c] != "?":
            return
        if self.mine[r][c]:
            self.marked += 1
            self.shown[r][c] = "@"
        else:
            self.state, self.shown[r][c] = -1, "X"

    def auto_explore(self, r, c):
        if self.state != 0 or not self.shown[r][c].isdigit():
            return
        marks = sum(self.shown[a][b] == "@" for a, b in self.neighbours(r, c))
        if marks == int(self.shown[r][c]):
            for a, b in list(self.neighbours(r, c)):
                self.visit(a, b)

    def play(self, r, c, kind):
        (self.visit, self.mark, self.auto_explore)[kind](r, c)
        if self.state == 0 and self.safe_left == 0:
            self.state = 1
            for i in range(self.n):
                for j in range(self.m):
                    if self.mine[i][j]:
                        self.shown[i][j] = "@"

    def share(self):
        """The map's score: (marked mines + visited cells) / cells, every mine once won."""
        visited = sum(row.count(False) for row in self.mine) - self.safe_left
        marked = sum(row.count(True) for row in self.mine) if self.state == 1 else self.marked
        return (marked + visited) / float(self.n * self.m)

    def text(self):
        return "\n".join("".join(row) for row in self.shown) + "\n"


def move(game, index, moves):
    """The submission's next move, or wrong answer."""
    where = "map %d, move %d" % (index + 1, moves + 1)

    def not_a_move(r, c, kind):
        if not (0 <= r < game.n and 0 <= c < game.m) or kind not in (0, 1, 2):
            return "%d %d %d is not a move on the %dx%d map" % (r, c, kind, game.n, game.m)

    return submission.numbers("`r c type`", where, not_a_move)


def play(mines, first, index):
    """One map, its first click made for the submission; its share."""
    game = Game(mines)
    game.play(first[0], first[1], 0)
    submission.send("%d %d\n%s" % (game.n, game.m, game.text()))
    # Every useful move changes the map: more moves than twice the cells only stall.
    limit = 2 * game.n * game.m
    moves = 0
    while game.state == 0:
        if moves == limit:
            wrong("map %d: %d moves and the game goes on" % (index + 1, limit))
        r, c, kind = move(game, index, moves)
        moves += 1
        game.play(r, c, kind)
        submission.send(game.text())
    return game.share()


def maps(text):
    """The test's maps: (mines, first click) each."""
    tokens = text.split()
    count, at, out = int(tokens[0]), 1, []
    for _ in range(count):
        n, m = int(tokens[at]), int(tokens[at + 1])
        rows = tokens[at + 2:at + 2 + n]
        first = (int(tokens[at + 2 + n]), int(tokens[at + 3 + n]))
        out.append(([[ch == "X" for ch in row] for row in rows], first))
        at += n + 4
    return out


def main():
    with open(sys.argv[1]) as test:
        shares = [play(mines, first, i) for i, (mines, first) in enumerate(maps(test.read()))]
    # The maps are over: a submission gone before it reads this keeps its score.
    submission.send("0 0\n")
    kept = sorted(shares)[len(shares) // 10:]
    score = 100.0 * sum(kept) / len(kept)
    verdict(score, "%d maps, %d won, score %g" % (len(shares), sum(s == 1 for s in shares), score))


main()
