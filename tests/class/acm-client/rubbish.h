#ifndef CLIENT_H
#define CLIENT_H
// The course's "rubbish baseline" as we read it: it only clicks at random.
#include <iostream>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> view;
unsigned long long state = 88172645463325252ULL;

unsigned long long next_random() {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

void InitGame() {
  view.assign(rows, std::string(columns, '?'));
  int r, c;
  std::cin >> r >> c;
  Execute(r, c, 0);
}

void ReadMap() {
  for (int i = 0; i < rows; i++) std::cin >> view[i];
}

void Decide() {
  for (;;) {
    int at = (int)(next_random() % (unsigned long long)(rows * columns));
    if (view[at / columns][at % columns] == '?') {
      Execute(at / columns, at % columns, 0);
      return;
    }
  }
}
#endif
