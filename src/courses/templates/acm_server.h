#ifndef SERVER_H
#define SERVER_H
// Starter for the ACM class's basic task: your server.h, run by the course's basic.cpp (and
// by `stress acm-server --server FILE`): InitMap(), PrintMap(), then for each operation
// `x y type` read from std::cin: VisitBlock (type 0), MarkMine (1) or AutoExplore (2) on row x,
// column y (0-based, always on the map), PrintMap(), and ExitGame() once game_state is not 0.
//
// The contract:
// - The globals rows, columns, total_mines and game_state are read by basic.cpp and by
//   client.h: keep their names. game_state is 0 while the game runs, 1 won, -1 lost.
// - InitMap() reads `rows columns` and the map from std::cin: rows lines, `X` a mine, `.` safe.
// - VisitBlock: on an unvisited cell; a mine loses (the cell shows `X`); a safe cell shows the
//   mines around it, and a 0 visits its unvisited neighbours too, on and on. Visiting every
//   safe cell wins. On a visited or marked cell it does nothing.
// - MarkMine: on an unvisited cell; a mine shows `@`; a safe cell shows `X` and loses. On a
//   visited or marked cell it does nothing.
// - AutoExplore: on a visited number with exactly that many `@` around it, visits each
//   unvisited neighbour (a mine among them loses); else it does nothing.
// - PrintMap() prints rows lines of columns characters: `?` unvisited, `0`-`8` visited, `@`
//   marked, `X` the mine or the wrong mark that lost; once won, every mine shows `@`.
// - ExitGame() prints `YOU WIN!` and `visit_count total_mines`, or `GAME OVER!` and
//   `visit_count marked_mine_count`, each on a line, then exit(0).
//
// This starter visits one cell at a time and leaves AutoExplore undone: stress shows the
// first game where that matters.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int rows;
int columns;
int total_mines;
int game_state;

std::vector<std::string> mine_map;  // 'X' a mine, '.' safe
std::vector<std::string> shown;     // what PrintMap prints
int visit_count, marked_mine_count;

void InitMap() {
  std::cin >> rows >> columns;
  mine_map.assign(rows, "");
  shown.assign(rows, std::string(columns, '?'));
  total_mines = visit_count = marked_mine_count = game_state = 0;
  for (int i = 0; i < rows; i++) {
    std::cin >> mine_map[i];
    for (int j = 0; j < columns; j++) total_mines += mine_map[i][j] == 'X';
  }
}

int MinesAround(int r, int c) {
  int count = 0;
  for (int i = r - 1; i <= r + 1; i++)
    for (int j = c - 1; j <= c + 1; j++)
      if (i >= 0 && i < rows && j >= 0 && j < columns && mine_map[i][j] == 'X') count++;
  return count;
}

void VisitBlock(int r, int c) {
  if (shown[r][c] != '?') return;
  if (mine_map[r][c] == 'X') {
    shown[r][c] = 'X';
    game_state = -1;
    return;
  }
  shown[r][c] = '0' + MinesAround(r, c);
  visit_count++;
  // TODO: a '0' visits its unvisited neighbours too.
  if (visit_count == rows * columns - total_mines) game_state = 1;
}

void MarkMine(int r, int c) {
  if (shown[r][c] != '?') return;
  if (mine_map[r][c] == 'X') {
    shown[r][c] = '@';
    marked_mine_count++;
  } else {
    shown[r][c] = 'X';
    game_state = -1;
  }
}

void AutoExplore(int r, int c) {
  // TODO: visit the unvisited neighbours of a number whose marks around it match it.
}

void ExitGame() {
  if (game_state == 1) {
    std::cout << "YOU WIN!" << std::endl << visit_count << " " << total_mines << std::endl;
  } else {
    std::cout << "GAME OVER!" << std::endl << visit_count << " " << marked_mine_count << std::endl;
  }
  exit(0);
}

void PrintMap() {
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < columns; j++)
      std::cout << (game_state == 1 && mine_map[i][j] == 'X' ? '@' : shown[i][j]);
    std::cout << std::endl;
  }
}
#endif
