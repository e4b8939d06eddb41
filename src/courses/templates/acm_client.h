#ifndef CLIENT_H
#define CLIENT_H
// Starter for the ACM class's advanced task: your client.h, played by the course's
// advanced.cpp (and by `stress acm-client --client FILE`) against the course's server.h.
//
// The contract:
// - rows, columns and total_mines are the server's globals (declared extern below); the
//   client is never told where the mines are, and stress's course batches do not rely on
//   total_mines.
// - Execute(r, c, type) is advanced.cpp's, declared here and defined there: it plays the move
//   on the server (type 0 visits (r, c), 1 marks it as a mine, 2 auto-explores around the
//   number at (r, c)); unless the game has ended, it then calls your ReadMap with the new map
//   on std::cin.
// - InitGame() starts each map: reset every global of yours here (a batch plays 50 maps in one
//   process), then read the first click `r c` from std::cin and visit it with Execute(r, c, 0)
//   (it is never a mine).
// - ReadMap() reads the map from std::cin: rows lines of columns characters, `?` unvisited,
//   `0`-`8` a visited cell and the mines around it, `@` a marked mine, `X` a mine visited or a
//   cell wrongly marked (only once the game is lost).
// - Decide() makes exactly one move with Execute; advanced.cpp calls it until the game ends.
// - A map scores (marked mines + visited cells) / cells; a batch, the mean of its best 45 maps.
// Your own output must go to std::cerr: std::cout is the map's.
//
// This starter visits the first unvisited cell: it plays, and loses most maps. Replace Decide
// with your reasoning.
#include <iostream>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> seen;  // the last map read

void InitGame() {
  seen.assign(rows, std::string(columns, '?'));
  int first_row, first_column;
  std::cin >> first_row >> first_column;
  Execute(first_row, first_column, 0);
}

void ReadMap() {
  for (int i = 0; i < rows; i++) std::cin >> seen[i];
}

void Decide() {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < columns; j++)
      if (seen[i][j] == '?') {
        Execute(i, j, 0);
        return;
      }
}
#endif
