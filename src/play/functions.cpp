// Our driver of the JLU course's part (3) for `play --functions FILE`: it stands where the
// teacher's GUI framework (CButtonView.cpp) stands, with the student's file compiled in, and
// calls their
//   int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30], int n, int m, int k)
//   void machine(int GamePanel[30][30], int n, int m, int &x, int &y)
// in this one process, as the GUI does (so rand() and static variables carry over from call to
// call). A file may define either function or both: each is declared weak here, so a missing
// one links as a null address, which this driver reports instead of calling. The rules are not
// here: play keeps the game and checks what the functions answer.
//
// Protocol (on the stdin and stdout this process was started with; one line each way):
//   in:  `seed`, once: srand(seed) ...
//   out: `functions R M`: R, M are 1 when RefreshGamePanel, machine are defined, else 0.
//   in:  `1 n m k x y` then the n*m panel values (-1 closed) and the n*m mine flags (0 or 1),
//        row-major: RefreshGamePanel(panel, x, y, mine, n, m, k) is called ...
//   out: `r v1 ... v(n*m)`: what it returned, then the panel it left.
//   in:  `2 n m` then the n*m panel values: machine(copy of the panel, n, m, x, y) ...
//   out: `x y` (-1 -1 when it set neither).
// The end of the input ends the process. The student's own output goes to stderr, unbuffered,
// so that it cannot be taken for an answer and what they print before a crash is shown.

// The headers the teacher's program includes (iostream.h is our shim of the pre-standard one).
#include <iostream.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <math.h>

int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30], int n, int m, int k)
    __attribute__((weak));
void machine(int GamePanel[30][30], int n, int m, int &x, int &y) __attribute__((weak));

#include "submission.cpp"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "minejudge_pipe.h"

namespace minejudge_driver {

int panel[30][30];
int mines[30][30];
char line[30 * 30 * 12 + 64];

// Reads n*m values into `into` (the rest of the 30x30 array set to `outside`); false at the
// end of the input.
bool read_cells(int into[30][30], long long n, long long m, int outside) {
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 30; ++j) into[i][j] = outside;
  for (long long i = 0; i < n; ++i)
    for (long long j = 0; j < m; ++j) {
      long long value;
      if (!next_int(value)) return false;
      into[i][j] = (int)value;
    }
  return true;
}

bool in_range(long long n, long long m) { return n >= 1 && n <= 30 && m >= 1 && m <= 30; }

}  // namespace minejudge_driver

int main() {
  using namespace minejudge_driver;
  take_conversation();
  // Unbuffered, so that what they print before a crash is not lost with the crash.
  setvbuf(stdout, NULL, _IONBF, 0);
  long long seed;
  if (!next_int(seed)) return 0;
  srand((unsigned)seed);
  int length = snprintf(line, sizeof line, "functions %d %d\n", RefreshGamePanel ? 1 : 0,
                        machine ? 1 : 0);
  write_all(line, (size_t)length);
  for (;;) {
    long long request, n, m;
    if (!next_int(request) || !next_int(n) || !next_int(m)) return 0;
    if (!in_range(n, m)) return 3;
    if (request == 1) {
      long long k, x, y;
      if (!next_int(k) || !next_int(x) || !next_int(y)) return 0;
      if (!read_cells(panel, n, m, -1) || !read_cells(mines, n, m, 0)) return 0;
      if (!RefreshGamePanel) return 4;
      int result = RefreshGamePanel(panel, (int)x, (int)y, mines, (int)n, (int)m, (int)k);
      fflush(stdout);
      length = snprintf(line, sizeof line, "%d", result);
      for (long long i = 0; i < n; ++i)
        for (long long j = 0; j < m; ++j)
          length += snprintf(line + length, sizeof line - (size_t)length, " %d", panel[i][j]);
      line[length++] = '\n';
      write_all(line, (size_t)length);
    } else if (request == 2) {
      if (!read_cells(panel, n, m, -1)) return 0;
      if (!machine) return 4;
      int x = -1, y = -1;
      machine(panel, (int)n, (int)m, x, y);
      fflush(stdout);
      length = snprintf(line, sizeof line, "%d %d\n", x, y);
      write_all(line, (size_t)length);
    } else {
      return 3;
    }
  }
}
