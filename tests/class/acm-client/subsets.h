#ifndef CLIENT_H
#define CLIENT_H
// A stronger baseline: the single-number rules, then the subset rule between two numbers
// (when one's unknown cells hold the other's, the difference holds the difference of their
// mines), then the unknown cell least likely a mine by a local estimate.
#include <iostream>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> board;

void InitGame() {
  board.assign(rows, std::string(columns, '?'));
  int r, c;
  std::cin >> r >> c;
  Execute(r, c, 0);
}

void ReadMap() {
  for (int i = 0; i < rows; i++) std::cin >> board[i];
}

static bool on(int r, int c) { return r >= 0 && c >= 0 && r < rows && c < columns; }

struct Clue {
  std::vector<int> unknown;
  int mines;
};

static Clue clue_at(int r, int c) {
  Clue clue{{}, board[r][c] - '0'};
  for (int dr = -1; dr <= 1; dr++)
    for (int dc = -1; dc <= 1; dc++) {
      int a = r + dr, b = c + dc;
      if ((dr || dc) && on(a, b)) {
        if (board[a][b] == '?') clue.unknown.push_back(a * columns + b);
        if (board[a][b] == '@') clue.mines--;
      }
    }
  return clue;
}

static bool contains(const std::vector<int> &big, const std::vector<int> &small) {
  for (int x : small) {
    bool found = false;
    for (int y : big) found = found || x == y;
    if (!found) return false;
  }
  return true;
}

void Decide() {
  std::vector<Clue> clues;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++)
      if (board[r][c] >= '1' && board[r][c] <= '8') {
        Clue clue = clue_at(r, c);
        if (clue.unknown.empty()) continue;
        if (clue.mines == 0) {
          Execute(r, c, 2);
          return;
        }
        if (clue.mines == (int)clue.unknown.size()) {
          Execute(clue.unknown[0] / columns, clue.unknown[0] % columns, 1);
          return;
        }
        clues.push_back(clue);
      }
  for (const Clue &a : clues)
    for (const Clue &b : clues) {
      if (&a == &b || a.unknown.size() >= b.unknown.size() || !contains(b.unknown, a.unknown)) continue;
      int extra = b.mines - a.mines;
      int rest = (int)(b.unknown.size() - a.unknown.size());
      for (int cell : b.unknown) {
        bool shared = false;
        for (int x : a.unknown) shared = shared || x == cell;
        if (shared) continue;
        if (extra == 0) {
          Execute(cell / columns, cell % columns, 0);
          return;
        }
        if (extra == rest) {
          Execute(cell / columns, cell % columns, 1);
          return;
        }
      }
    }
  int best = -1;
  double least = 2.0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++) {
      if (board[r][c] != '?') continue;
      double risk = 0.15;
      for (const Clue &clue : clues)
        for (int cell : clue.unknown)
          if (cell == r * columns + c) {
            double p = (double)clue.mines / clue.unknown.size();
            if (p > risk || risk == 0.15) risk = p;
          }
      if (risk < least) {
        least = risk;
        best = r * columns + c;
      }
    }
  Execute(best / columns, best % columns, 0);
}
#endif
