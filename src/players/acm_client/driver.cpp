// Our driver of the ACM class 2024 advanced task, `stress acm-client --client FILE`: it stands
// where the course's advanced.cpp stands, with the student's client.h, and plays as its
// TestBatch() does: for each map, InitGame() (which reads the first click from std::cin), then
// Decide() until the game ends; Execute(r, c, type) runs the move on the server, prints the map
// with PrintMap() and feeds it to ReadMap() through std::cin, swapping the streams' buffers as
// advanced.cpp does.
//
// The server is ours (the default): every move goes to stress, which plays it by the acm-server
// rules and answers with the game state and the map; the student's client stays in this one
// process for the whole batch (global variables, static ones and the random engines carry over,
// as in the course's TestBatch). Protocol, on the stdin and stdout this process was started
// with:
//   in:  `rows columns total_mines r0 c0`: a new game (r0 c0 is the first click, made for the
//        client through InitGame); the end of the input ends the process.
//   out: `r c type` for each Execute; in: `game_state`, then the map's rows lines.
//   out: `E` when the game is over for the client.
// With MINEJUDGE_THEIR_SERVER defined, the student's server.h is the server, as in the course's
// advanced.cpp, and the process plays one map read from stdin (InitMap, then the first click);
// each move is only reported, `r c type`, for stress to score the game on its own server.
// The student's own output goes to stderr either way.

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "minejudge_pipe.h"

namespace minejudge_driver {

// The next line (without its newline); false at the end of the input.
bool next_line(std::string &line) {
  line.clear();
  int c = next_byte();
  if (c < 0) return false;
  while (c >= 0 && c != '\n') {
    line.push_back((char)c);
    c = next_byte();
  }
  return true;
}

void report_move(int r, int c, int type) {
  char line[96];
  int length = snprintf(line, sizeof line, "%d %d %d\n", r, c, type);
  write_all(line, (size_t)length);
}

}  // namespace minejudge_driver

#ifdef MINEJUDGE_THEIR_SERVER
#include "server.h"
#else
// The server's part the client sees, played by stress.
int rows;
int columns;
int total_mines;
int game_state;

namespace minejudge_driver {
std::string map_text;

void play(int r, int c, int type) {
  report_move(r, c, type);
  long long state;
  if (!next_int(state)) exit(0);
  game_state = (int)state;  // next_int took the end of its line too
  map_text.clear();
  std::string line;
  for (int i = 0; i < rows; ++i) {
    if (!next_line(line)) exit(0);
    map_text += line;
    map_text += '\n';
  }
}
}  // namespace minejudge_driver

void InitMap() {}
void VisitBlock(int r, int c) { minejudge_driver::play(r, c, 0); }
void MarkMine(int r, int c) { minejudge_driver::play(r, c, 1); }
void AutoExplore(int r, int c) { minejudge_driver::play(r, c, 2); }
void ExitGame() {}
void PrintMap() { std::cout << minejudge_driver::map_text; }
#endif

#include "client.h"

// advanced.cpp's Execute, in batch mode (a finished game returns to the batch).
void Execute(int row, int column, int type) {
#ifdef MINEJUDGE_THEIR_SERVER
  minejudge_driver::report_move(row, column, type);
#endif
  if (type == 0) {
    VisitBlock(row, column);
  } else if (type == 1) {
    MarkMine(row, column);
  } else if (type == 2) {
    AutoExplore(row, column);
  } else {
    std::cerr << "Invalid type = " << type << std::endl;
    exit(-1);
  }
  if (game_state != 0) {
    ExitGame();
    return;
  }
  std::ostringstream oss;
  std::streambuf *old_output_buffer = std::cout.rdbuf();
  std::cout.rdbuf(oss.rdbuf());
  PrintMap();
  std::cout.rdbuf(old_output_buffer);
  std::istringstream iss(oss.str());
  std::streambuf *old_input_buffer = std::cin.rdbuf();
  std::cin.rdbuf(iss.rdbuf());
  ReadMap();
  std::cin.rdbuf(old_input_buffer);
}

int main() {
  using namespace minejudge_driver;
  in_fd = dup(0);
  out_fd = dup(1);
  dup2(2, 1);
#ifdef MINEJUDGE_THEIR_SERVER
  // advanced.cpp's TestSingle on the map on stdin.
  InitMap();
  InitGame();
  while (true) {
    Decide();
    if (game_state != 0) break;
  }
  std::cout.flush();
  return 0;
#else
  int nothing = open("/dev/null", O_RDONLY);
  dup2(nothing, 0);
  for (;;) {
    long long r, c, mines, r0, c0;
    if (!next_int(r) || !next_int(c) || !next_int(mines) || !next_int(r0) || !next_int(c0))
      return 0;
    rows = (int)r;
    columns = (int)c;
    total_mines = (int)mines;
    game_state = 0;
    // advanced.cpp's TestSingle in batch mode, the first click read by InitGame.
    std::istringstream first(std::to_string(r0) + " " + std::to_string(c0) + "\n");
    std::streambuf *old_input_buffer = std::cin.rdbuf();
    std::cin.rdbuf(first.rdbuf());
    InitGame();
    while (true) {
      Decide();
      if (game_state != 0) break;
    }
    std::cin.rdbuf(old_input_buffer);
    std::cout.flush();
    write_all("E\n", 2);
  }
#endif
}
