#ifndef CLIENT_H
#define CLIENT_H
// A stand-in for the course's baseline 1, which infers the obvious: around a number whose
// mines are all marked it auto-explores; a number with as many unvisited cells around it as
// mines still to find has them all marked. Nothing else is inferred: when neither applies, it
// visits an unvisited cell at random (from a fixed seed).
#include <iostream>
#include <random>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> seen;
std::mt19937 baseline1_random(20242);

void InitGame() {
  seen.assign(rows, std::string(columns, '?'));
  int first_row, first_column;
  std::cin >> first_row >> first_column;
  Execute(first_row, first_column, 0);
}

void ReadMap() {
  for (int i = 0; i < rows; i++) std::cin >> seen[i];
}

// The unvisited and the marked cells around (r, c).
void Around(int r, int c, std::vector<int> &unvisited, int &marked) {
  unvisited.clear();
  marked = 0;
  for (int dr = -1; dr <= 1; dr++)
    for (int dc = -1; dc <= 1; dc++) {
      int i = r + dr, j = c + dc;
      if ((dr || dc) && i >= 0 && i < rows && j >= 0 && j < columns) {
        if (seen[i][j] == '?') unvisited.push_back(i * columns + j);
        if (seen[i][j] == '@') marked++;
      }
    }
}

void Decide() {
  std::vector<int> unvisited;
  int marked;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++) {
      if (seen[r][c] < '0' || seen[r][c] > '8') continue;
      Around(r, c, unvisited, marked);
      if (unvisited.empty()) continue;
      int left = seen[r][c] - '0' - marked;
      if (left == 0) {
        Execute(r, c, 2);
        return;
      }
      if (left == (int)unvisited.size()) {
        Execute(unvisited[0] / columns, unvisited[0] % columns, 1);
        return;
      }
    }
  std::vector<int> all;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < columns; j++)
      if (seen[i][j] == '?') all.push_back(i * columns + j);
  int cell = all[baseline1_random() % all.size()];
  Execute(cell / columns, cell % columns, 0);
}
#endif
