#!/usr/bin/env python3
# The LemonLime package's special judge of `jlu-machine`: the grader, compiled with the
# contestant's `machine`, wrote the games' mean score (0 to 60) or `wrong` and why; the test
# scores the mean / 60 of its full score, rounded down. LemonLime's 6 arguments: input, output,
# answer, full score, score file, message file.
import re
import sys

_, _, output, _, full, score_file, message_file = sys.argv
# The grader writes two short lines. The contestant's `machine`, in the same process, may write
# any amount before them: reading only the start keeps a huge output a score of 0, not a
# MemoryError.
with open(output, "rb") as out:
    lines = out.read(4096).decode("utf-8", "replace").split("\n")
first = lines[0].strip()
if re.fullmatch(r"[0-9]{1,2}\.[0-9]{6}", first) and float(first) <= 60:
    score, message = int(int(full) * float(first) / 60 + 1e-9), "mean score %s" % first
elif first == "wrong":
    score, message = 0, "wrong answer: " + (lines[1] if len(lines) > 1 else "")
else:
    score, message = 0, "the grader's output is not a score: %r" % first[:50]
with open(score_file, "w") as out:
    out.write("%d\n" % score)
# ASCII, whatever the host's encoding (a Windows code page, a C locale): what the contestant
# wrote may be any text.
with open(message_file, "w", encoding="ascii", errors="backslashreplace") as out:
    out.write(message + "\n")
