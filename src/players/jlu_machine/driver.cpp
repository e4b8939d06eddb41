// Our driver of the JLU course's part (2), `stress jlu-machine --function FILE`: it stands
// where the teacher's judge program stands, with the student's `machine` compiled in, and
// calls it for every click of every game in this one process (so rand() and static variables
// carry over from click to click and game to game, as in the teacher's program). The rules
// are not here: the games are played by stress, which sends each panel and reads each click.
//
// Protocol (on the stdin and stdout this process was started with):
//   in:  `seed n m`, once; srand(seed) is called once with it.
//   in:  `k i1 j1 v1 ... ik jk vk`: the k cells of the panel that changed since the last call
//        (a new game sets the opened cells back to -1); then machine(panel, n, m, x, y) is
//        called on a copy of the panel (the student may scribble on it) ...
//   out: `x y` ... and its answer goes back. The end of the input ends the process.
// The student's own output (forbidden by the course, but it happens) goes to stderr, so that
// it cannot be taken for a click.

// The headers the teacher's program includes (iostream.h is our shim of the pre-standard one).
#include <iostream.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <math.h>

#include "submission.cpp"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "minejudge_pipe.h"

#define PANEL_CHANGED "minejudge: machine() changed GamePanel"

namespace minejudge_driver {

int panel[30][30];
bool told_change = false;

}  // namespace minejudge_driver

int main() {
  using namespace minejudge_driver;
  take_conversation();
  long long seed, n, m;
  if (!next_int(seed) || !next_int(n) || !next_int(m)) return 0;
  srand((unsigned)seed);
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 30; ++j) panel[i][j] = -1;
  for (;;) {
    long long changed;
    if (!next_int(changed)) return 0;
    for (long long c = 0; c < changed; ++c) {
      long long i, j, v;
      if (!next_int(i) || !next_int(j) || !next_int(v)) return 0;
      panel[i][j] = (int)v;
    }
    int view[30][30];
    memcpy(view, panel, sizeof view);
    int x = -1, y = -1;
    machine(view, (int)n, (int)m, x, y);
    // The course allows machine() to read its panel only: a change is told once, on stderr,
    // where grade looks for it (the copy keeps the games as the course's judge plays them).
    if (!told_change && memcmp(view, panel, sizeof view) != 0) {
      told_change = true;
      static const char note[] = "\n" PANEL_CHANGED "\n";
      (void)!write(2, note, sizeof note - 1);
    }
    char line[64];
    int length = snprintf(line, sizeof line, "%d %d\n", x, y);
    fflush(stdout);
    write_all(line, (size_t)length);
  }
}
