# The judge's side of the pipes, the same in each of our interactors: `package` writes this file
# in place of the interactor's line `# INTERACTOR_IO`, after its PROTOCOL and TOP (the most a test
# scores). Whatever the submission does (closes its input, exits, writes a line of any length,
# bytes that are not text, more than it is asked for) ends in a verdict in the judge system's
# words, never in a Python error, and the interactor never holds more than LINE_LIMIT + 1 bytes
# of the submission's output.
import os
import re
import select
import signal
import sys

# A write to a submission that has gone must fail with EPIPE, which is a verdict, not kill the
# interactor: CPython ignores SIGPIPE on its own, an interpreter that inherits it would not.
if hasattr(signal, "SIGPIPE"):
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)

# The longest line a submission may write, its end left out: the protocol's lines are a few
# numbers of at most 10 characters each. A longer line is a wrong answer, read no further.
LINE_LIMIT = 100

# At most PIPE_BUF bytes per write: once select finds a pipe writable, Linux takes that many
# without blocking.
CHUNK = 4096

# A number as the protocol writes it: digits, a minus sign perhaps, at most 9 digits.
NUMBER = re.compile(rb"-?[0-9]{1,9}")


def verdict(score, message):
    """Ends the interaction: `score` the test's (0 to TOP), or None for a wrong answer."""
    if PROTOCOL == "hydro":
        # Hydro reads the fraction up to the first space: the message stays on the same line.
        if score is None:
            sys.stderr.write("wrong answer %s\n" % message)
        else:
            sys.stderr.write("points %r %s\n" % (score / TOP, message))
        sys.exit(0)
    if PROTOCOL == "acmoj":
        with open(sys.argv[2], "w") as out:
            out.write("%g\n%s\n" % (0 if score is None else score / TOP, message))
        sys.exit(0)
    feedback = sys.argv[3]
    with open(feedback + "/judgemessage.txt", "w") as out:
        out.write(message + "\n")
    if score is None:
        sys.exit(43)
    with open(feedback + "/score.txt", "w") as out:
        out.write("%g\n" % score)
    sys.exit(42)


def wrong(message):
    verdict(None, message)


class Submission:
    """The submission's ends of the pipes: what it writes is our stdin, what it reads our stdout.

    A text that cannot reach it makes it `deaf`: it closed its input or exited (EPIPE), or it
    left a full pipe unread while writing on, where a blocking write would wait for ever. That is
    judged at its next answer, so that the verdict does not depend on when it went: an answer
    that is not one is judged as such, the end of its output as the end, any other answer as
    having stopped reading."""

    def __init__(self):
        self.pending = b""  # read from the submission, not taken yet
        self.ended = False  # its output has ended
        self.deaf = False

    def send(self, text):
        data = text.encode()
        while data and not self.deaf:
            try:
                # What we hold of its output counts as its writing on: no wait then.
                readable, writable, _ = select.select([0], [1], [], 0 if self.pending else None)
            except OSError:
                # No select here: a plain write, which may block.
                readable, writable = [], [1]
            if writable:
                try:
                    data = data[os.write(1, data[:CHUNK]):]
                except BlockingIOError:
                    # A pipe left non-blocking by the judge system: select again.
                    pass
                except OSError:
                    self.deaf = True
            elif readable or self.pending:
                self.deaf = True

    def ready(self):
        """Whether its next line, or the end of its output, is there to read."""
        if self.pending or self.ended:
            return True
        try:
            return bool(select.select([0], [], [], 0)[0])
        except OSError:
            return True

    def line(self, where):
        """Its next line without the line's end, or None when its output has ended."""
        while True:
            end = self.pending.find(b"\n")
            if end >= 0:
                line, self.pending = self.pending[:end], self.pending[end + 1:]
                return line
            if len(self.pending) > LINE_LIMIT:
                wrong("%s: a line longer than %d bytes, %r..." % (where, LINE_LIMIT, self.pending[:20]))
            if self.ended:
                line, self.pending = self.pending, b""
                return line or None
            try:
                chunk = os.read(0, LINE_LIMIT + 1 - len(self.pending))
            except BlockingIOError:
                select.select([0], [], [])
                continue
            except OSError:
                chunk = b""
            self.ended = not chunk
            self.pending += chunk

    def numbers(self, form, where, refuse):
        """Its next answer: the integers that `form` names, one word each (such as "`x y`"),
        which `refuse` takes and says what is wrong with them, or None. Or a wrong answer."""
        gone = "%s: the submission stopped reading (it closed its input or exited, or wrote on " \
               "without reading)" % where
        if self.deaf and not self.ready():
            wrong(gone)
        line = self.line(where)
        if line is None:
            wrong("%s: no answer, the output ended (expected %s)" % (where, form))
        fields = line.split()
        if len(fields) != len(form.split()) or not all(NUMBER.fullmatch(f) for f in fields):
            wrong("%s: expected %s, got %r" % (where, form, line.strip()[:50]))
        numbers = [int(f) for f in fields]
        reason = refuse(*numbers)
        if reason is not None:
            wrong("%s: %s" % (where, reason))
        if self.deaf:
            wrong(gone)
        return numbers


submission = Submission()
