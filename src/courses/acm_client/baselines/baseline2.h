#ifndef CLIENT_H
#define CLIENT_H
// A stand-in for the course's baseline 2, which infers the obvious and reasons further: beside
// the two rules of baseline 1 it compares every two numbers whose unvisited cells overlap (the
// cells of one among the other's hold the difference of their mines), and when nothing is
// certain it visits the cell least likely to be a mine (the highest share of mines among the
// cells of any number around it; away from every number, the share of the mines left among
// the cells left).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

extern int rows;
extern int columns;
extern int total_mines;

void Execute(int r, int c, int type);

std::vector<std::string> seen;

// A number's unvisited cells around it, sorted, and the mines among them.
struct Constraint {
  std::vector<int> cells;
  int mines;
};

void InitGame() {
  seen.assign(rows, std::string(columns, '?'));
  int first_row, first_column;
  std::cin >> first_row >> first_column;
  Execute(first_row, first_column, 0);
}

void ReadMap() {
  for (int i = 0; i < rows; i++) std::cin >> seen[i];
}

void Play(int cell, int type) { Execute(cell / columns, cell % columns, type); }

std::vector<Constraint> Constraints(int &marked_total) {
  std::vector<Constraint> all;
  marked_total = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++) {
      if (seen[r][c] == '@') marked_total++;
      if (seen[r][c] < '0' || seen[r][c] > '8') continue;
      Constraint one;
      one.mines = seen[r][c] - '0';
      for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
          int i = r + dr, j = c + dc;
          if ((dr || dc) && i >= 0 && i < rows && j >= 0 && j < columns) {
            if (seen[i][j] == '?') one.cells.push_back(i * columns + j);
            if (seen[i][j] == '@') one.mines--;
          }
        }
      if (!one.cells.empty()) all.push_back(one);
    }
  return all;
}

// A move certain from one number, or from two: true if it was made.
bool Certain(const std::vector<Constraint> &all) {
  for (const Constraint &one : all) {
    if (one.mines == 0) {
      Play(one.cells[0], 0);
      return true;
    }
    if (one.mines == (int)one.cells.size()) {
      Play(one.cells[0], 1);
      return true;
    }
  }
  for (const Constraint &a : all)
    for (const Constraint &b : all) {
      if (a.cells.size() >= b.cells.size() ||
          !std::includes(b.cells.begin(), b.cells.end(), a.cells.begin(), a.cells.end()))
        continue;
      std::vector<int> rest;
      std::set_difference(b.cells.begin(), b.cells.end(), a.cells.begin(), a.cells.end(),
                          std::back_inserter(rest));
      int mines = b.mines - a.mines;
      if (mines == 0) {
        Play(rest[0], 0);
        return true;
      }
      if (mines == (int)rest.size()) {
        Play(rest[0], 1);
        return true;
      }
    }
  return false;
}

void Decide() {
  int marked_total;
  std::vector<Constraint> all = Constraints(marked_total);
  if (Certain(all)) return;
  std::vector<double> risk(rows * columns, -1.0);
  for (const Constraint &one : all)
    for (int cell : one.cells)
      risk[cell] = std::max(risk[cell], (double)one.mines / one.cells.size());
  int unvisited = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < columns; j++) unvisited += seen[i][j] == '?';
  double elsewhere = (double)(total_mines - marked_total) / std::max(unvisited, 1);
  int best = -1;
  for (int cell = 0; cell < rows * columns; cell++) {
    if (seen[cell / columns][cell % columns] != '?') continue;
    double here = risk[cell] < 0 ? elsewhere : risk[cell];
    if (best < 0 || here < (risk[best] < 0 ? elsewhere : risk[best])) best = cell;
  }
  Play(best, 0);
}
#endif
