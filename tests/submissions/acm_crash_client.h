#ifndef CLIENT_H
#define CLIENT_H
// A client whose InitGame dereferences a null pointer on the batch's second map.
#include <iostream>

extern int rows;
extern int columns;

void Execute(int r, int c, int type);

int games = 0;

void InitGame() {
  if (++games == 2) {
    int *nothing = 0;
    *nothing = 1;
  }
  int first_row, first_column;
  std::cin >> first_row >> first_column;
  Execute(first_row, first_column, 0);
}

void ReadMap() {
  char cell;
  for (int i = 0; i < rows * columns; i++) std::cin >> cell;
}

void Decide() { Execute(rand() % rows, rand() % columns, 0); }
#endif
