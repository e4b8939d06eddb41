#ifndef CLIENT_H
#define CLIENT_H
// Visits the first unvisited cell, printing each move to std::cout (which advanced.cpp keeps
// for the map) and to std::cerr (which is the client's own).
#include <iostream>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> seen;

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
        std::cerr << "visit " << i << ' ' << j << '\n';
        std::cout << "visit " << i << ' ' << j << '\n';
        Execute(i, j, 0);
        return;
      }
}
#endif
