#include "machine.h"
// A `machine` in the course's form for the LemonLime package: the two rules of the starter's
// hint (a number with as many closed cells around it as its value: all mines; a number with
// that many mines known around it: the rest are safe), else a random closed cell not known to
// be a mine. Weaker than our own machine, which LemonLime cannot link (it is Rust), and well
// above clicking blindly.

int count_around(int GamePanel[30][30], int known[30][30], int n, int m, int x, int y, int what)
{
    int count = 0;
    for (int i = x - 1; i <= x + 1; i++)
        for (int j = y - 1; j <= y + 1; j++)
            if (i >= 0 && i < n && j >= 0 && j < m && GamePanel[i][j] == -1 &&
                (what == 2 || known[i][j] == what))
                count++;
    return count;
}

void machine(int GamePanel[30][30], int n, int m, int &x, int &y)
{
    int known[30][30]; // 1 a mine, 0 not known
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) known[i][j] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                if (GamePanel[i][j] > 0 &&
                    count_around(GamePanel, known, n, m, i, j, 2) == GamePanel[i][j] &&
                    count_around(GamePanel, known, n, m, i, j, 0) > 0) {
                    for (int a = i - 1; a <= i + 1; a++)
                        for (int b = j - 1; b <= j + 1; b++)
                            if (a >= 0 && a < n && b >= 0 && b < m && GamePanel[a][b] == -1)
                                known[a][b] = 1;
                    changed = 1;
                }
    }
    int left = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            if (GamePanel[i][j] > 0 &&
                count_around(GamePanel, known, n, m, i, j, 1) == GamePanel[i][j])
                for (int a = i - 1; a <= i + 1; a++)
                    for (int b = j - 1; b <= j + 1; b++)
                        if (a >= 0 && a < n && b >= 0 && b < m && GamePanel[a][b] == -1 &&
                            known[a][b] == 0) {
                            x = a;
                            y = b;
                            return;
                        }
            if (GamePanel[i][j] == -1 && known[i][j] == 0) left++;
        }
    int pick = left > 0 ? rand() % left : 0;
    x = n / 2;
    y = m / 2;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (GamePanel[i][j] == -1 && known[i][j] == 0 && pick-- == 0) {
                x = i;
                y = j;
                return;
            }
}
