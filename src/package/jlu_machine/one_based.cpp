#include "machine.h"
// A wrong `machine` for the LemonLime package: it counts rows and columns from 1, so it clicks
// outside the panel once the last row's cells are its choice.

void machine(int GamePanel[30][30], int n, int m, int &x, int &y)
{
    for (int i = n - 1; i >= 0; i--)
        for (int j = m - 1; j >= 0; j--)
            if (GamePanel[i][j] == -1) {
                x = i + 1;
                y = j + 1;
                return;
            }
}
