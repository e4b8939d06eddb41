// Starter for the THU "Mine" judge (`mine-ops`): a whole program, reading stdin and writing
// stdout, tested by `stress mine-ops -- ./your-program`.
//
// The contract (our mine-ops judge, byte for byte):
// - Input: `n m`, n rows of m characters (`*` a mine, `.` safe), then one operation per line,
//   `Flag x y`, `Sweep x y` or `DSweep x y` (row x, column y, 1-based), until `Quit`.
// - Each operation counts as a step, and gets its reply:
//   Flag    on a closed cell: `success` (flagged); on a flagged one: `cancelled` (unflagged);
//           on an open one: `swept`.
//   Sweep   on an open cell: `swept`; on a flagged one: `flagged`; on a mine: `boom`, and the
//           game is over; else it opens the cell, and a cell with no mine around it opens its
//           eight neighbours too, on and on (flags in the way are opened): the reply is
//           `K cell(s) detected`, then the K cells opened, one `x y count` line each, by row
//           then column (count: the mines around).
//   DSweep  on a cell that is not an open number: `not swept`; on an open number with not as
//           many flags around it as its number: `failed`; else it sweeps every closed,
//           unflagged neighbour at once: `boom` if one is a mine (game over), else the cells
//           opened as for Sweep, or `no cell detected` when none was.
// - After each Sweep or DSweep that hits no mine, whatever its reply (`flagged` and
//   `not swept` too), the game is won if no safe cell is closed: `finish`. Flag never ends it.
//   After `boom`: `game over`. At `Quit`: `give up`. Then `total step S`, S the operations
//   before the end.
//
// This starter opens one cell per Sweep and answers every DSweep `not swept`: it runs, and
// stress shows the first game where that is wrong.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

int n, m;
std::vector<std::string> board;      // '*' a mine
std::vector<std::vector<int>> state;  // 0 closed, 1 flagged, 2 open
int safe_closed;

int MinesAround(int x, int y) {
  int count = 0;
  for (int i = x - 1; i <= x + 1; i++)
    for (int j = y - 1; j <= y + 1; j++)
      if (i >= 0 && i < n && j >= 0 && j < m && board[i][j] == '*') count++;
  return count;
}

// Returns true when the game is over (boom).
bool Sweep(int x, int y) {
  if (state[x][y] == 2) {
    std::printf("swept\n");
  } else if (state[x][y] == 1) {
    std::printf("flagged\n");
  } else if (board[x][y] == '*') {
    std::printf("boom\n");
    return true;
  } else {
    // TODO: a cell with no mine around it opens its neighbours too.
    state[x][y] = 2;
    safe_closed--;
    std::printf("1 cell(s) detected\n%d %d %d\n", x + 1, y + 1, MinesAround(x, y));
  }
  return false;
}

int main() {
  std::cin >> n >> m;
  board.assign(n, "");
  state.assign(n, std::vector<int>(m, 0));
  safe_closed = 0;
  for (int i = 0; i < n; i++) {
    std::cin >> board[i];
    for (int j = 0; j < m; j++) safe_closed += board[i][j] != '*';
  }
  std::string op;
  int steps = 0;
  const char *ending = "give up";
  while (std::cin >> op && op != "Quit") {
    int x, y;
    std::cin >> x >> y;
    x--, y--;
    steps++;
    if (op == "Flag") {
      if (state[x][y] == 2) {
        std::printf("swept\n");
      } else {
        std::printf(state[x][y] == 0 ? "success\n" : "cancelled\n");
        state[x][y] = 1 - state[x][y];
      }
    } else if (op == "Sweep") {
      if (Sweep(x, y)) {
        ending = "game over";
        break;
      }
    } else {
      std::printf("not swept\n");  // TODO: DSweep
    }
    if (op != "Flag" && safe_closed == 0) {
      ending = "finish";
      break;
    }
  }
  std::printf("%s\ntotal step %d\n", ending, steps);
  return 0;
}
