// The LemonLime package's header for the `machine` of the JLU course's part (2): what the
// course's judge program includes before the student's file. The student's file starts with
// `#include "machine.h"`, the only difference from the file the course takes, since LemonLime
// compiles it apart from the grader.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

void machine(int GamePanel[30][30], int n, int m, int &x, int &y);
