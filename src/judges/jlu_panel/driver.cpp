// Our driver of the JLU course's part (3), `stress jlu-panel --function FILE`: the console
// judge of part (1) around the student's
//   int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30], int n, int m, int k)
// so that stress can compare its output with our jlu-panel on generated games. All the game's
// logic is the student's: this reads the game, skips a click on an open cell (part (1) ignores
// it, and the GUI of part (3) never calls the function there), calls the function for every
// other click and prints the panel, `You lose` (-1) or `You win` (1), as part (1) prints them.
// k is the number of mines (a mine listed twice counts once); mine[i][j] is 1 for a mine.
// The student's own output goes to stderr, so that it is not taken for the panel.

// The headers the teacher's program includes (iostream.h is our shim of the pre-standard one).
#include <iostream.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <math.h>

#include "submission.cpp"

#include <unistd.h>

namespace minejudge_driver {
int GamePanel[30][30];
int mine[30][30];
}  // namespace minejudge_driver

int main() {
  using namespace minejudge_driver;
  FILE *out = fdopen(dup(1), "w");
  dup2(2, 1);
  int n, m, k, l;
  if (scanf("%d %d %d %d", &n, &m, &k, &l) != 4) return 0;
  int mines = 0;
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 30; ++j) GamePanel[i][j] = -1;
  for (int c = 0; c < k; ++c) {
    int i, j;
    if (scanf("%d %d", &i, &j) != 2) return 0;
    if (!mine[i][j]) ++mines;
    mine[i][j] = 1;
  }
  bool printed = false;
  for (int c = 0; c < l; ++c) {
    int x, y;
    if (scanf("%d %d", &x, &y) != 2) break;
    if (GamePanel[x][y] != -1) continue;
    if (printed) fputc('\n', out);
    printed = true;
    int result = RefreshGamePanel(GamePanel, x, y, mine, n, m, mines);
    if (result == -1) {
      fputs("You lose\n", out);
      break;
    }
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < m; ++j) fprintf(out, "%d ", GamePanel[i][j]);
      fputc('\n', out);
    }
    if (result == 1) {
      fputs("You win\n", out);
      break;
    }
  }
  fflush(stdout);
  fflush(out);
  return 0;
}
