#include "machine.h"
// A weak `machine` for the LemonLime package: it clicks the first closed cell.

void machine(int GamePanel[30][30], int n, int m, int &x, int &y)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (GamePanel[i][j] == -1) {
                x = i;
                y = j;
                return;
            }
}
