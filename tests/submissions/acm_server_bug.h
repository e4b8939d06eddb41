#ifndef SERVER_H
#define SERVER_H
// A server.h with a bug: after a win, the mines it did not mark still print as `?`
// (the course prints every mine as `@` on the winning map).
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int rows;
int columns;
int total_mines;
int game_state;

std::vector<std::string> mines;  // 'X' a mine
std::vector<std::string> shown;  // '?' unvisited, '0'-'8', '@' marked, 'X' lost
int visit_count, marked_mine_count;

void InitMap() {
  std::cin >> rows >> columns;
  mines.assign(rows, "");
  shown.assign(rows, std::string(columns, '?'));
  total_mines = visit_count = marked_mine_count = game_state = 0;
  for (int i = 0; i < rows; i++) {
    std::cin >> mines[i];
    for (char c : mines[i]) total_mines += c == 'X';
  }
}

int Around(int r, int c) {
  int count = 0;
  for (int a = r - 1; a <= r + 1; a++)
    for (int b = c - 1; b <= c + 1; b++)
      if (a >= 0 && a < rows && b >= 0 && b < columns && mines[a][b] == 'X') count++;
  return count;
}

void CheckWin() {
  if (game_state == 0 && visit_count == rows * columns - total_mines) game_state = 1;
}

void Open(int r, int c) {
  if (r < 0 || r >= rows || c < 0 || c >= columns || shown[r][c] != '?') return;
  shown[r][c] = '0' + Around(r, c);
  visit_count++;
  if (shown[r][c] == '0')
    for (int a = r - 1; a <= r + 1; a++)
      for (int b = c - 1; b <= c + 1; b++) Open(a, b);
}

void VisitBlock(int r, int c) {
  if (shown[r][c] != '?') return;
  if (mines[r][c] == 'X') {
    shown[r][c] = 'X';
    game_state = -1;
    return;
  }
  Open(r, c);
  CheckWin();
}

void MarkMine(int r, int c) {
  if (shown[r][c] != '?') return;
  if (mines[r][c] == 'X') {
    shown[r][c] = '@';
    marked_mine_count++;
  } else {
    shown[r][c] = 'X';
    game_state = -1;
  }
}

void AutoExplore(int r, int c) {
  if (shown[r][c] < '0' || shown[r][c] > '8') return;
  int marked = 0;
  for (int a = r - 1; a <= r + 1; a++)
    for (int b = c - 1; b <= c + 1; b++)
      if (a >= 0 && a < rows && b >= 0 && b < columns && shown[a][b] == '@') marked++;
  if (marked != shown[r][c] - '0') return;
  for (int a = r - 1; a <= r + 1; a++)
    for (int b = c - 1; b <= c + 1; b++)
      if (a >= 0 && a < rows && b >= 0 && b < columns && shown[a][b] == '?' && game_state == 0) {
        if (mines[a][b] == 'X') {
          shown[a][b] = 'X';
          game_state = -1;
        } else {
          Open(a, b);
        }
      }
  CheckWin();
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
    for (int j = 0; j < columns; j++) {
      char c = shown[i][j];
      std::cout << c;
    }
    std::cout << std::endl;
  }
}
#endif
