#ifndef CLIENT_H
#define CLIENT_H
// A stand-in for the course's rubbish baseline, which only clicks at random: it visits an
// unvisited cell chosen at random, from a fixed seed so that its score does not change from
// one run to the next.
#include <iostream>
#include <random>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> seen;
std::mt19937 rubbish_random(20241);

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
  std::vector<int> unvisited;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < columns; j++)
      if (seen[i][j] == '?') unvisited.push_back(i * columns + j);
  int cell = unvisited[rubbish_random() % unvisited.size()];
  Execute(cell / columns, cell % columns, 0);
}
#endif
