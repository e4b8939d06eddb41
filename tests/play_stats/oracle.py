"""Plays games through ms-toollib (the players' analysis library) and prints its statistics.

Input, per game: `G rows cols`, then `rows` lines of the board (-1 a mine, else its count),
then `M` and the moves (`L r,c` left click, `R r,c` right click, `D r,c` chord), space
separated. Output, per game, one line: bbbv bbbv_solved left right double cl ce rtime bbbv_s
ioe thrp corr rtime_ms (ms-toollib's own figures, floats as Python's repr). ms-toollib times a game by
the clock: the first TIMED games wait before their last click, so that 3BV/s has a time.
"""
import sys
import time

import ms_toollib

PIXELS = 16  # ms-toollib's cell size in pixels: a click at a cell's centre
TIMED = 20
WAIT = 0.05


def play(board, moves, wait):
    video = ms_toollib.BaseVideo(board, PIXELS)
    for index, move in enumerate(moves):
        if wait and index == len(moves) - 1:
            time.sleep(WAIT)
        kind, at = move[0], move[1:].split(",")
        # ms-toollib takes (row, column) pixel positions.
        pos = (int(at[0]) * PIXELS + PIXELS // 2, int(at[1]) * PIXELS + PIXELS // 2)
        events = {"L": ["lc", "lr"], "R": ["rc", "rr"], "D": ["lc", "rc", "lr", "rr"]}[kind]
        for event in events:
            video.step(event, pos)
    v = video
    return [v.bbbv, v.bbbv_solved, v.left, v.right, v.double, v.cl, v.ce, v.rtime,
            v.bbbv_s, v.ioe, v.thrp, v.corr, v.rtime_ms]


def main():
    lines = iter(sys.stdin.read().splitlines())
    out = []
    for head in lines:
        _, rows, _cols = head.split()
        board = [[int(x) for x in next(lines).split()] for _ in range(int(rows))]
        moves = next(lines).split()[1:]
        figures = play(board, moves, len(out) < TIMED and len(moves) > 1)
        out.append(" ".join(repr(x) for x in figures))
    sys.stdout.write("\n".join(out) + "\n")


main()
