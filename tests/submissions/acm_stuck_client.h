#ifndef CLIENT_H
#define CLIENT_H
// A client that visits its first click again and again: nothing changes, the game never ends.
#include <iostream>

extern int rows;
extern int columns;

void Execute(int r, int c, int type);

int first_row, first_column;

void InitGame() {
  std::cin >> first_row >> first_column;
  Execute(first_row, first_column, 0);
}

void ReadMap() {
  char cell;
  for (int i = 0; i < rows * columns; i++) std::cin >> cell;
}

void Decide() { Execute(first_row, first_column, 0); }
#endif
