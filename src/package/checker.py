#!/usr/bin/env python3
# The output checker of a minejudge problem package: compares a solution's output with the
# answer the way the course's own judge does (MODE), called the way this judge system calls
# checkers (PROTOCOL). Standalone: Python 3 and its standard library only.
#
# MODE:
#   exact      byte for byte, except that a missing or extra final newline is forgiven
#   line-ends  line by line, spaces and tabs at the ends of lines and blank lines at the end
#              forgiven
#   tokens     word by word: the whitespace between words does not matter
# PROTOCOL (arguments; verdict):
#   kattis  input answer feedback_dir < output; exit 42 accepted, 43 wrong
#   lemon   input output answer full_score score_file message_file; the score in score_file
#   acmoj   input output answer score_file message_file; 1 or 0 in score_file
#   dmoj    not run: DMOJ's judge imports this file and calls check(output, answer)
import sys

MODE = "exact"
PROTOCOL = "kattis"


def lines(text):
    rows = [line.rstrip(b" \t") for line in text.split(b"\n")]
    while rows and rows[-1] == b"":
        rows.pop()
    return rows


def difference(output, answer):
    """None when output is right, else what is wrong, in a few words."""
    if MODE == "tokens":
        got, want = output.split(), answer.split()
        what = "word"
    elif MODE == "line-ends":
        got, want = lines(output), lines(answer)
        what = "line"
    else:
        got = output[:-1] if output.endswith(b"\n") else output
        want = answer[:-1] if answer.endswith(b"\n") else answer
        got, want = got.split(b"\n"), want.split(b"\n")
        what = "line"
    for at, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return "%s %d differs: read %r, expected %r" % (what, at + 1, a[:60], b[:60])
    if len(got) != len(want):
        return "%d %ss read, %d expected" % (len(got), what, len(want))
    return None


def check(process_output, judge_output, **kwargs):
    """DMOJ's checker call: True when the output is right (DMOJ passes more keywords)."""
    return difference(process_output, judge_output) is None


def read(path):
    with open(path, "rb") as file:
        return file.read()


ARGUMENTS = {"kattis": 4, "lemon": 7, "acmoj": 6}


def main(args):
    if PROTOCOL == "dmoj":
        sys.stderr.write("error: DMOJ's judge imports this checker and calls check(); it is not run\n")
        return 1
    if len(args) < ARGUMENTS[PROTOCOL]:
        sys.stderr.write("error: the %s protocol passes %d arguments\n" % (PROTOCOL, ARGUMENTS[PROTOCOL] - 1))
        return 1
    if PROTOCOL == "kattis":
        answer, feedback = read(args[2]), args[3]
        wrong = difference(sys.stdin.buffer.read(), answer)
        with open(feedback + "/judgemessage.txt", "w") as file:
            file.write(wrong or "accepted")
        return 43 if wrong else 42
    output, answer = read(args[2]), read(args[3])
    wrong = difference(output, answer)
    if PROTOCOL == "lemon":
        score = "0" if wrong else args[4]
        score_file, message_file = args[5], args[6]
    else:
        score = "0" if wrong else "1"
        score_file, message_file = args[4], args[5]
    with open(score_file, "w") as file:
        file.write(score + "\n")
    with open(message_file, "w") as file:
        file.write((wrong or "accepted") + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
