// The LemonLime package's grader of `jlu-machine`: it plays the test's games with the
// contestant's `machine`, all in one process as the course's judge program does, and writes
// their mean score (0 to 60) for the package's special judge, or `wrong` and why.
//
// The test: `n m k g`, then one line per game of k + 1 distinct cells (row * m + column): the
// game's mines are the first k of them that are not the first click, so the first click is
// never a mine and the grader needs no random numbers of its own.
#include "machine.h"

static int panel[30][30];
static bool mine[30][30];

static int win_bonus(int clicks) {
    const int below[] = {80, 90, 100, 120, 150, 200, 250};
    const int bonus[] = {10, 9, 8, 7, 5, 3, 1};
    for (int i = 0; i < 7; i++)
        if (clicks < below[i]) return bonus[i];
    return 0;
}

// Opens (x, y) and, from every 0 opened, its neighbours; returns how many were opened.
static int open_from(int n, int m, int x, int y) {
    static int stack[30 * 30 * 9][2];
    int top = 0, opened = 0;
    stack[top][0] = x, stack[top][1] = y, top++;
    while (top > 0) {
        top--;
        int i = stack[top][0], j = stack[top][1];
        if (panel[i][j] != -1) continue;
        int around = 0;
        for (int a = i - 1; a <= i + 1; a++)
            for (int b = j - 1; b <= j + 1; b++)
                if (a >= 0 && a < n && b >= 0 && b < m && mine[a][b]) around++;
        panel[i][j] = around;
        opened++;
        if (around > 0) continue;
        for (int a = i - 1; a <= i + 1; a++)
            for (int b = j - 1; b <= j + 1; b++)
                if (a >= 0 && a < n && b >= 0 && b < m && panel[a][b] == -1)
                    stack[top][0] = a, stack[top][1] = b, top++;
    }
    return opened;
}

// One game; its score in tenths of a point, or -1 after writing why the click is wrong.
static int play(int n, int m, int k, const int *order, int game) {
    for (int i = 0; i < 30; i++)
        for (int j = 0; j < 30; j++) panel[i][j] = i < n && j < m ? -1 : 0, mine[i][j] = false;
    int opened = 0;
    for (int clicks = 0; clicks < 400; clicks++) {
        int view[30][30];
        for (int i = 0; i < 30; i++)
            for (int j = 0; j < 30; j++) view[i][j] = panel[i][j];
        int x = -1, y = -1;
        machine(view, n, m, x, y);
        if (x < 0 || x >= n || y < 0 || y >= m) {
            printf("wrong\ngame %d, click %d: (%d, %d) is not a cell of the %dx%d panel\n",
                   game + 1, clicks + 1, x, y, n, m);
            return -1;
        }
        if (clicks == 0)
            for (int i = 0, dealt = 0; dealt < k; i++)
                if (order[i] != x * m + y) mine[order[i] / m][order[i] % m] = true, dealt++;
        if (mine[x][y]) return opened;
        opened += open_from(n, m, x, y);
        if (opened == n * m - k) return 500 + 10 * win_bonus(clicks + 1);
    }
    return opened;
}

int main() {
    int n, m, k, games;
    if (scanf("%d %d %d %d", &n, &m, &k, &games) != 4) return 1;
    static int order[30 * 30 + 1];
    // Fixed, so that a judging repeats; the course calls srand() once before the first game too.
    srand(1);
    long tenths = 0;
    for (int game = 0; game < games; game++) {
        for (int i = 0; i <= k; i++)
            if (scanf("%d", &order[i]) != 1) return 1;
        int score = play(n, m, k, order, game);
        if (score < 0) return 0;
        tenths += score;
    }
    printf("%.6f\n%d games\n", tenths / 10.0 / games, games);
    return 0;
}
