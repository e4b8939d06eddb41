// Our driver of the ACM class 2024 basic task, `stress acm-server --server FILE`: the course's
// basic.cpp around the student's server.h, so that stress can compare its output with our
// acm-server on generated games: InitMap(), PrintMap(), then for each `x y type` the operation,
// PrintMap(), and ExitGame() once game_state is not 0. One change: the end of the input ends
// the program (basic.cpp would go on reading nothing forever), as our judge ends a game the
// input leaves unfinished.

#include <iostream>

#include "server.h"

int main() {
  InitMap();
  PrintMap();
  while (true) {
    int pos_x, pos_y, type;
    if (!(std::cin >> pos_x >> pos_y >> type)) return 0;
    if (type == 0) {
      VisitBlock(pos_x, pos_y);
    } else if (type == 1) {
      MarkMine(pos_x, pos_y);
    } else if (type == 2) {
      AutoExplore(pos_x, pos_y);
    }
    PrintMap();
    if (game_state != 0) {
      ExitGame();
    }
  }
}
