"use strict";
// The page keeps no rules: it sends each move to the server and draws what it answers. Two
// boards can be shown: the game's, or a position pasted (or set up) for analysis. With
// `play --functions`, the student's RefreshGamePanel is checked after every click (the server
// answers the differences) and their machine plays beside ours.
//
// Every word the page shows is in TEXT, one table per language (the HTML names its words by
// key: data-t and its kin); a message is kept as a function of the language, so that switching
// the language says it again.

const TEXT = {
  en: {
    language: "English",
    languageLabel: "language",
    title: "Minesweeper",
    levelLabel: "board",
    beginner: "Beginner 9×9, 10 mines",
    intermediate: "Intermediate 16×16, 40 mines",
    expert: "Expert 30×16, 99 mines",
    jlu: "JLU 20×20, 50 mines",
    custom: "Custom…",
    rows: "rows",
    cols: "cols",
    minesLabel: "mines",
    newGame: "New game",
    newGameTitle: "N",
    replay: "Replay",
    replayTitle: "the same board again: same mines, same first click",
    counterMines: "mines",
    counterMinesTitle: "mines left",
    counterTime: "time",
    counterTimeTitle: "time in seconds",
    counterClicks: "clicks",
    counterClicksTitle: "clicks",
    hint: "Hint",
    hintTitle: "H",
    autoplay: "Autoplay",
    autoTitle: "A",
    stop: "Stop",
    autoBy: "by",
    byOurs: "our AI",
    byYours: "your machine",
    speed: "speed",
    speedTitle: "autoplay speed",
    analysis: "Analysis",
    analysisTitle: "every closed cell's mine probability",
    flagMode: "Flag mode",
    flagModeTitle: "a tap flags instead of opening",
    zoomOut: "−",
    zoomOutTitle: "smaller cells",
    zoomFit: "Fit",
    zoomFitTitle: "cells that fit the screen",
    zoomIn: "+",
    zoomInTitle: "larger cells (or pinch the board)",
    options: "Options",
    startLabel: "start",
    startSafe: "safe: the first click is never a mine",
    startOpening: "opening: the first click is a 0",
    seed: "seed",
    seedPlaceholder: "random",
    peekLabel: "peek: a right click (or long press) on an open cell shows the mines, the course's " +
      "test; the game is then marked as peeked",
    resetStats: "Reset statistics",
    exporting: "Export to a judge",
    judgeLabel: "judge",
    export: "Export",
    positioning: "Analyse a position",
    textLabel: "position",
    textPlaceholder: "Paste a JLU panel (-1 closed, numbers), an ACM map (? closed, digits, @ marked) " +
      "or a picture (. closed, digits, F flag), one row per line",
    pminesLabel: "mines",
    pminesPlaceholder: "unknown",
    analyse: "Analyse",
    fromGame: "This game",
    fromGameTitle: "this game's board as text",
    back: "Back to the game",
    help: "Left click (or tap) opens a cell; right click, long press, or <b>Flag mode</b> flags it. " +
      "Clicking a number whose flags are all placed opens its other neighbours. Keys: Space or Enter " +
      "opens or chords the cell under the pointer (arrows move a cursor), F flags, N new game, H hint, " +
      "A autoplay. <b>Hint</b> and <b>Autoplay</b> trust only the numbers: your flags are beliefs, " +
      "shown as proven, not proven or refuted. <b>Analysis</b> shows every closed cell's mine " +
      "probability. A hint, autoplay, the analysis or a peek marks the game in the statistics. " +
      "Large boards: <b>+</b> and <b>−</b> (or two fingers) zoom, one finger pans.",
    where: (row, col) => "(row " + row + ", col " + col + ")",
    list: (items) => items.join(", "),
    clicks: (n) => n + (n === 1 ? " click" : " clicks"),
    cells: (n) => n + (n === 1 ? " cell" : " cells"),
    mines: (n) => n + (n === 1 ? " mine" : " mines"),
    statusReady: "Click any cell to start",
    statusReadyOpening: "Click any cell: it opens a 0",
    statusPlaying: "Playing",
    statusWon: "You win!",
    statusLost: "You lose",
    statusMarks: (marks) => " (" + marks.join(", ") + ")",
    markAssisted: "assisted",
    markPeeked: "peeked",
    markReplay: "replay",
    statusPosition: (format) => "Position: " + format,
    "format-jlu-panel": "JLU panel",
    "format-acm-map": "ACM map",
    "format-picture": "picture",
    moveFirst: (at, opening) => "open " + at + ": the first click is never a mine" +
      (opening ? ", and shows a 0" : ""),
    moveWrongFlag: (at) => "remove the flag at " + at + ": the numbers prove that cell certainly safe",
    moveFlag: (at) => "flag " + at + ": certainly a mine",
    moveMark: (at) => "mark " + at + ": certainly a mine",
    moveChord: (at) => "open around " + at + ": every cell it opens is certainly safe",
    moveAutoExplore: (at) => "auto-explore around " + at + ": every cell it opens is certainly safe",
    moveSafe: (at) => "open " + at + ": certainly safe",
    moveUnderFlag: (at, p) => "no cell is proven safe; the best guess " + at + " is under your flag, " +
      "which the numbers do not prove: remove it to open it (mine probability " + p + ")",
    moveFifty: (at, p) => "no cell is proven safe; guess " + at + " now, mine probability " + p +
      ": wherever it is a mine, closed cells form that nothing can tell apart (a 50/50 every player faces)",
    moveWalled: (at, p) => "no cell is proven safe; guess " + at + ", mine probability " + p +
      ": only walled-off closed cells are left, and an exact search finds this move wins them most often",
    moveGuess: (at, p) => "no cell is proven safe; guess " + at + ", mine probability " + p,
    flagsProven: (n) => n + " proven",
    flagsUnproven: (n) => n + " not proven (amber)",
    flagsWrong: (n) => n + " refuted by the numbers (red)",
    flagsSaid: (parts) => " Your flags: " + parts + ".",
    flagsCannotFit: " Your unproven flags cannot all be right.",
    sayHint: (text) => "Hint: " + text + ".",
    sayBestMove: (text) => "Best move: " + text + ".",
    sayNoSafeMove: "No move: no closed cell can be safe.",
    sayOver: "The game is over: no move to suggest.",
    sayAI: (text) => "AI: " + text + ".",
    sayMinesShown: "Mines shown (the grey dots); this game is marked as peeked.",
    sayMinesLater: "The mines are placed at the first click.",
    sayPeekOff: "Peek is off (Options): a right click on an open cell shows nothing.",
    sayFlagMode: "Flag mode: a tap flags (or unflags) a cell.",
    sayFirstAnyCell: "Any first click is safe: nothing to analyse yet.",
    sayAssisted: " This game is marked as assisted.",
    sayBoard: (seed, at) => " Board: seed " + seed + ", first click " + at + ".",
    sayWon: (clicks, seconds, board) => "All safe cells open in " + clicks + " and " + seconds + " s." + board,
    sayLost: (board) => "A mine: game over." + board + " Replay for the same board, New game for another.",
    sayReplay: "The same board again, its first click made.",
    sayExportOnGame: "Export works on a game: go back to the game first.",
    sayExported: (judge, name) => "Exported for " + judge + ": `" + judge + " < " + name + ".in` prints " +
      name + ".ans.",
    downloadInput: "input",
    downloadOutput: "expected output",
    analysisProven: (safe, mines) => safe + " proven safe, " + mines + " proven.",
    analysisGuess: (at, p) => " Best guess " + at + ", mine probability " + p,
    analysisScore: (score) => " (score " + score + ")",
    analysisThen: (list) => "; then " + list,
    analysisEnd: ".",
    positionHead: (rows, cols, format, assumed) => rows + "×" + cols + " " + format + ", " + assumed + ". ",
    "assumed-given": (k) => k + " mines",
    "assumed-jlu-board": (k) => k + " mines (the JLU course's 20×20 board)",
    "assumed-jlu-density": (d) => "mine count unknown: a density of " + d + "% assumed (the JLU course's)",
    "assumed-acm-density": (d) => "mine count unknown: a density of " + d + "% assumed (the ACM course's maps)",
    positionNone: "No arrangement of mines fits these numbers",
    positionNoneAt: (at) => ": the number at " + at + " cannot be satisfied.",
    positionNoneEnd: ".",
    positionUnproven: "Not proven consistent: too large to check exactly, no contradiction found. ",
    positionBest: (text) => " Best move: " + text + ".",
    positionNoMove: " No move left.",
    positionUnknownMines: "?",
    legendAnalysis: "Colour: mine probability, green 0%, yellow 25%, red 50% and over (the % in the cell, " +
      "exact on hover); ✓ proven safe; ✱ proven mine; 1 the guess, 2–6 the runners-up.",
    legendFlags: "Your flags: green proven, amber not proven, red refuted by the numbers.",
    legendMachine: "Dashed purple: your machine's cell.",
    legendDiff: "Red: where your RefreshGamePanel left another value than our rules (ours in the cell, " +
      "yours in its corner).",
    titleP: (p) => "mine probability " + p + "%",
    titleSafe: ": proven safe",
    titleMine: ": proven mine",
    titleDead: ": dead (opening it tells nothing new)",
    titleRank: (rank, score) => "; guess rank " + rank + (score === null ? "" : ", score " + score),
    titleFlagProven: "flag proven by the numbers",
    titleFlagUnproven: "flag not proven: the numbers allow a safe cell here",
    titleFlagWrong: "flag refuted: the numbers prove this cell safe",
    titleDiff: (expected, theirs) => "our rules: " + expected + "; your RefreshGamePanel: " + theirs,
    titleYours: "your machine's click",
    value: (v) => (v === -1 ? "-1 (closed)" : String(v)),
    statsStart: (start) => (start === "opening" ? "opening start" : "safe start"),
    statsCustom: (cols, rows, mines) => cols + "×" + rows + ", " + mines + " mines",
    statsNone: (name) => name + ": no finished game yet.",
    statsLine: (name, played, won, percent) => name + ": " + played + " played, " + won + " won (" + percent + "%)",
    statsBest: (seconds) => ", best " + seconds + " s",
    statsMarked: (n) => "; " + n + " assisted, peeked or replayed (no best time)",
    statsEnd: ".",
    yoursHead: (files) => "Your functions: " + files,
    yoursRefresh: "RefreshGamePanel is checked against our rules after every click.",
    yoursNoRefresh: "No RefreshGamePanel in your file: our rules alone play.",
    yoursMachine: " machine: Hint shows its click beside ours, and Autoplay can be played by it.",
    yoursNoMachine: " No machine in your file.",
    yoursTooLarge: (max) => " This board is larger than " + max + "×" + max +
      ": the course's arrays are int[30][30], so your functions are not called.",
    yoursTally: (checked, differed, faults) => "RefreshGamePanel: " + checked + " checked, " +
      (differed ? differed + " unlike our rules" : "all as our rules") + (faults ? ", " + faults + " failed" : "") + ".",
    yoursSame: (at) => " The last, on " + at + ": the same panel and return value as ours.",
    yoursCells: (at, cells) => "At the click on " + at + " your RefreshGamePanel left " + cells +
      " unlike our rules (red on the board: ours in the cell, yours in its corner).",
    yoursReturn: (at, expected, theirs) => "At the click on " + at + " your RefreshGamePanel returned " +
      theirs + "; our rules return " + expected + " (-1 lost, 1 won, 0 going on).",
    yoursReturnToo: (expected, theirs) => " It returned " + theirs + "; our rules return " + expected + ".",
    yoursFault: (at, why) => "At the click on " + at + " your RefreshGamePanel " + why +
      "; a fresh process answers the next call.",
    yoursOutput: "Its output (stderr and stdout):",
    faultSignal: (signal, name) => "crashed (signal " + signal + (name ? ", " + name : "") + ")",
    faultExit: (code) => "ended the program (exit status " + code + ")",
    faultTimeout: (seconds) => "took over " + seconds + " s: killed",
    faultAnswer: (text) => "answered “" + text + "”",
    faultStart: (text) => "could not start: " + text,
    faultTooLarge: (max) => "was not called: the board is larger than " + max + "×" + max,
    machineSafe: "certainly safe",
    machineMine: "certainly a mine",
    machineGuess: (p) => "a guess, mine probability " + p,
    machineOpen: "an open cell: the course ignores such a click",
    machineFlag: "under your flag (the JLU game has no flags: it opens)",
    machineOff: (x, y) => "x = " + x + ", y = " + y + ": off the board",
    machineSaid: (at, what) => " Your machine: " + at + ", " + what + ".",
    machineFault: (why) => " Your machine " + why + "; a fresh process answers the next call.",
    sayYoursStep: (machine, ours) => machine.trim() + " Ours there: " + ours + ".",
    oursNone: "no move",
    sayYoursStopped: " Autoplay stops: that click changed nothing.",
  },
  zh: {
    language: "中文",
    languageLabel: "语言",
    title: "扫雷",
    levelLabel: "棋盘",
    beginner: "初级 9×9，10 个雷",
    intermediate: "中级 16×16，40 个雷",
    expert: "高级 30×16，99 个雷",
    jlu: "吉大 20×20，50 个雷",
    custom: "自定义…",
    rows: "行",
    cols: "列",
    minesLabel: "雷",
    newGame: "新游戏",
    newGameTitle: "N",
    replay: "重玩",
    replayTitle: "同一局再来：同样的雷，同样的第一次点击",
    counterMines: "剩雷",
    counterMinesTitle: "剩余的雷",
    counterTime: "时间",
    counterTimeTitle: "用时（秒）",
    counterClicks: "点击",
    counterClicksTitle: "点击次数",
    hint: "提示",
    hintTitle: "H",
    autoplay: "自动",
    autoTitle: "A",
    stop: "停止",
    autoBy: "由",
    byOurs: "我们的 AI",
    byYours: "你的 machine",
    speed: "速度",
    speedTitle: "自动的速度",
    analysis: "分析",
    analysisTitle: "每个未打开方格是雷的概率",
    flagMode: "插旗模式",
    flagModeTitle: "轻点插旗，不打开",
    zoomOut: "−",
    zoomOutTitle: "方格变小",
    zoomFit: "适配",
    zoomFitTitle: "方格适配屏幕",
    zoomIn: "+",
    zoomInTitle: "方格变大（或双指缩放棋盘）",
    options: "选项",
    startLabel: "开局",
    startSafe: "安全：第一次点击不会是雷",
    startOpening: "开阔：第一次点击是 0",
    seed: "种子",
    seedPlaceholder: "随机",
    peekLabel: "偷看：在已打开的方格处点击右键（或长按）显示雷的真实位置（课程的测试办法）；这一局随后标记为“偷看过”",
    resetStats: "清除统计",
    exporting: "导出到评测程序",
    judgeLabel: "评测程序",
    export: "导出",
    positioning: "分析一个局面",
    textLabel: "局面",
    textPlaceholder: "粘贴吉大的游戏界面（-1 未打开，数字）、ACM 地图（? 未打开，数字，@ 标记）或图示（. 未打开，数字，F 旗），每行一行",
    pminesLabel: "雷",
    pminesPlaceholder: "未知",
    analyse: "分析",
    fromGame: "本局",
    fromGameTitle: "把本局的棋盘写成文字",
    back: "回到游戏",
    help: "左键（或轻点）打开方格；右键、长按或<b>插旗模式</b>插旗。" +
      "点击旗已插满的数字，打开它其余的邻居。按键：空格或回车打开（或双击）指针下的方格" +
      "（方向键移动光标），F 插旗，N 新游戏，H 提示，A 自动。<b>提示</b>和<b>自动</b>只相信数字：" +
      "你的旗只是推测，标为已证明、未证明或被否定。<b>分析</b>显示每个未打开方格是雷的概率。" +
      "用过提示、自动、分析或偷看的一局在统计中另记。大棋盘：<b>+</b> 和 <b>−</b>（或双指）缩放，单指拖动。",
    where: (row, col) => "（行 " + row + "，列 " + col + "）",
    list: (items) => items.join("，"),
    clicks: (n) => n + " 次点击",
    cells: (n) => n + " 个方格",
    mines: (n) => n + " 个雷",
    statusReady: "点击任意方格开始",
    statusReadyOpening: "点击任意方格：它是 0",
    statusPlaying: "进行中",
    statusWon: "你赢了！",
    statusLost: "你输了",
    statusMarks: (marks) => "（" + marks.join("、") + "）",
    markAssisted: "有帮助",
    markPeeked: "偷看过",
    markReplay: "重玩",
    statusPosition: (format) => "局面：" + format,
    "format-jlu-panel": "吉大游戏界面",
    "format-acm-map": "ACM 地图",
    "format-picture": "图示",
    moveFirst: (at, opening) => "打开" + at + "：第一次点击不会是雷" +
      (opening ? "，而且是 0" : ""),
    moveWrongFlag: (at) => "拔掉" + at + "的旗：数字证明那里肯定安全",
    moveFlag: (at) => "在" + at + "插旗：肯定是雷",
    moveMark: (at) => "标记" + at + "：肯定是雷",
    moveChord: (at) => "打开" + at + "的周围：它打开的每个方格都肯定安全",
    moveAutoExplore: (at) => "在" + at + "自动探索：它打开的每个方格都肯定安全",
    moveSafe: (at) => "打开" + at + "：肯定安全",
    moveUnderFlag: (at, p) => "没有已证明安全的方格；最好的猜测" + at + "在你的旗下，而数字没有证明这面旗：" +
      "拔掉它再打开（是雷的概率 " + p + "）",
    moveFifty: (at, p) => "没有已证明安全的方格；现在就猜" + at + "，是雷的概率 " + p +
      "：只要它是雷，就会形成无法区分的未打开方格（谁都要面对的五五开）",
    moveWalled: (at, p) => "没有已证明安全的方格；猜" + at + "，是雷的概率 " + p +
      "：只剩被隔开的未打开方格，精确搜索得出这一步赢的机会最大",
    moveGuess: (at, p) => "没有已证明安全的方格；猜" + at + "，是雷的概率 " + p,
    flagsProven: (n) => n + " 面已证明",
    flagsUnproven: (n) => n + " 面未证明（琥珀色）",
    flagsWrong: (n) => n + " 面被数字否定（红色）",
    flagsSaid: (parts) => " 你的旗：" + parts + "。",
    flagsCannotFit: " 你未证明的旗不可能全都对。",
    sayHint: (text) => "提示：" + text + "。",
    sayBestMove: (text) => "最好的一步：" + text + "。",
    sayNoSafeMove: "没有可走的一步：没有未打开的方格可能安全。",
    sayOver: "游戏已经结束：没有可提示的一步。",
    sayAI: (text) => "AI：" + text + "。",
    sayMinesShown: "已显示雷（灰点）；这一局标记为“偷看过”。",
    sayMinesLater: "雷在第一次点击时才布下。",
    sayPeekOff: "偷看已关（选项）：右键点击已打开的方格不显示任何东西。",
    sayFlagMode: "插旗模式：轻点插旗（或拔旗）。",
    sayFirstAnyCell: "第一次点击哪里都安全：还没有可分析的。",
    sayAssisted: " 这一局标记为“有帮助”。",
    sayBoard: (seed, at) => " 棋盘：种子 " + seed + "，第一次点击" + at + "。",
    sayWon: (clicks, seconds, board) => "所有安全方格都已打开，用了 " + clicks + "，" + seconds + " 秒。" + board,
    sayLost: (board) => "踩到雷了：游戏结束。" + board + " “重玩”再来同一局，“新游戏”换一局。",
    sayReplay: "同一局再来，已点了它的第一次点击。",
    sayExportOnGame: "导出的是游戏：请先回到游戏。",
    sayExported: (judge, name) => "已为 " + judge + " 导出：`" + judge + " < " + name + ".in` 输出 " + name + ".ans。",
    downloadInput: "输入",
    downloadOutput: "预期输出",
    analysisProven: (safe, mines) => safe + "已证明安全，" + mines + "已证明。",
    analysisGuess: (at, p) => " 最好的猜测" + at + "，是雷的概率 " + p,
    analysisScore: (score) => "（得分 " + score + "）",
    analysisThen: (list) => "；其次 " + list,
    analysisEnd: "。",
    positionHead: (rows, cols, format, assumed) => rows + "×" + cols + " " + format + "，" + assumed + "。",
    "assumed-given": (k) => k + " 个雷",
    "assumed-jlu-board": (k) => k + " 个雷（吉大课程的 20×20 棋盘）",
    "assumed-jlu-density": (d) => "雷数未知：假定密度 " + d + "%（吉大课程的）",
    "assumed-acm-density": (d) => "雷数未知：假定密度 " + d + "%（ACM 课程的地图）",
    positionNone: "没有任何布雷符合这些数字",
    positionNoneAt: (at) => "：" + at + "的数字无法满足。",
    positionNoneEnd: "。",
    positionUnproven: "未证明一致：太大无法精确检查，但没有发现矛盾。",
    positionBest: (text) => " 最好的一步：" + text + "。",
    positionNoMove: " 没有可走的一步了。",
    positionUnknownMines: "?",
    legendAnalysis: "颜色：是雷的概率，绿 0%，黄 25%，红 50% 及以上（方格内是百分比，悬停显示精确值）；" +
      "✓ 已证明安全；✱ 已证明是雷；1 是猜测，2–6 是候补。",
    legendFlags: "你的旗：绿色已证明，琥珀色未证明，红色被数字否定。",
    legendMachine: "紫色虚线：你的 machine 选的方格。",
    legendDiff: "红色：你的 RefreshGamePanel 与我们的规则不同的方格（方格内是我们的，角上是你的）。",
    titleP: (p) => "是雷的概率 " + p + "%",
    titleSafe: "：已证明安全",
    titleMine: "：已证明是雷",
    titleDead: "：死格（打开它得不到新信息）",
    titleRank: (rank, score) => "；猜测第 " + rank + " 名" + (score === null ? "" : "，得分 " + score),
    titleFlagProven: "数字证明了这面旗",
    titleFlagUnproven: "旗未证明：数字允许这里安全",
    titleFlagWrong: "旗被否定：数字证明这里安全",
    titleDiff: (expected, theirs) => "我们的规则：" + expected + "；你的 RefreshGamePanel：" + theirs,
    titleYours: "你的 machine 选的方格",
    value: (v) => (v === -1 ? "-1（未打开）" : String(v)),
    statsStart: (start) => (start === "opening" ? "开阔开局" : "安全开局"),
    statsCustom: (cols, rows, mines) => cols + "×" + rows + "，" + mines + " 个雷",
    statsNone: (name) => name + "：还没有玩完的局。",
    statsLine: (name, played, won, percent) => name + "：玩了 " + played + " 局，赢了 " + won + " 局（" + percent + "%）",
    statsBest: (seconds) => "，最佳 " + seconds + " 秒",
    statsMarked: (n) => "；" + n + " 局有帮助、偷看过或重玩（不计最佳时间）",
    statsEnd: "。",
    yoursHead: (files) => "你的函数：" + files,
    yoursRefresh: "每次点击后都用我们的规则检查 RefreshGamePanel。",
    yoursNoRefresh: "你的文件里没有 RefreshGamePanel：只用我们的规则。",
    yoursMachine: " machine：“提示”把它选的方格显示在我们的旁边，“自动”可以由它来玩。",
    yoursNoMachine: " 你的文件里没有 machine。",
    yoursTooLarge: (max) => " 这个棋盘大于 " + max + "×" + max +
      "：课程的数组是 int[30][30]，所以不调用你的函数。",
    yoursTally: (checked, differed, faults) => "RefreshGamePanel：检查了 " + checked + "，" +
      (differed ? differed + " 次与我们的规则不同" : "全都与我们的规则相同") + (faults ? "，" + faults + " 次失败" : "") + "。",
    yoursSame: (at) => " 最后一次，在" + at + "：游戏界面和返回值都与我们的相同。",
    yoursCells: (at, cells) => "在" + at + "的点击中，你的 RefreshGamePanel 有 " + cells +
      "与我们的规则不同（棋盘上红色：方格内是我们的，角上是你的）。",
    yoursReturn: (at, expected, theirs) => "在" + at + "的点击中，你的 RefreshGamePanel 返回 " +
      theirs + "；我们的规则返回 " + expected + "（-1 输，1 赢，0 继续）。",
    yoursReturnToo: (expected, theirs) => " 它返回 " + theirs + "；我们的规则返回 " + expected + "。",
    yoursFault: (at, why) => "在" + at + "的点击中，你的 RefreshGamePanel " + why +
      "；下一次调用由新的进程回答。",
    yoursOutput: "它的输出（stderr 和 stdout）：",
    faultSignal: (signal, name) => "崩溃了（信号 " + signal + (name ? "，" + name : "") + "）",
    faultExit: (code) => "结束了程序（退出状态 " + code + "）",
    faultTimeout: (seconds) => "超过 " + seconds + " 秒：已终止",
    faultAnswer: (text) => "回答了“" + text + "”",
    faultStart: (text) => "无法启动：" + text,
    faultTooLarge: (max) => "未调用：棋盘大于 " + max + "×" + max,
    machineSafe: "肯定安全",
    machineMine: "肯定是雷",
    machineGuess: (p) => "猜测，是雷的概率 " + p,
    machineOpen: "已打开的方格：课程忽略这样的点击",
    machineFlag: "在你的旗下（吉大的游戏没有旗：它会打开）",
    machineOff: (x, y) => "x = " + x + "，y = " + y + "：在棋盘外",
    machineSaid: (at, what) => " 你的 machine：" + at + "，" + what + "。",
    machineFault: (why) => " 你的 machine " + why + "；下一次调用由新的进程回答。",
    sayYoursStep: (machine, ours) => machine.trim() + " 我们在这里：" + ours + "。",
    oursNone: "没有可走的",
    sayYoursStopped: " 自动停止：这次点击没有改变任何东西。",
  },
};

// The names of the signals a crash is usually told by.
const SIGNALS = { 4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 24: "SIGXCPU" };

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const frameEl = $("frame");
const MIN_FIT = 16; // the smallest cell the board is fitted to (px); smaller by zooming out
const MAX_FIT = 32;
const MIN_ZOOMED = 10;
const MAX_ZOOMED = 64;
const ZOOM_STEP = 1.25;
const WIDE = window.matchMedia("(min-width: 900px)");
const LONG_PRESS_MS = 450;
const DELAYS = [1500, 1000, 700, 450, 300, 180, 100, 50, 15, 0];
const STATS_KEY = "minesweeper-stats";
const BOARD_KEY = "minesweeper-board";
const LANGUAGE_KEY = "minesweeper-language";

let lang = chooseLanguage();
let mode = "game"; // "game" or "position"
let game = null; // the game's state, as the server answers it
let position = null; // the analysed position: its cells and analysis
let analysis = null; // the analysis drawn on the board, if any
let flagMarks = null; // cell -> "proven" | "unproven" | "wrong", from a hint or the analysis
let functions = { files: [], refresh: false, machine: false, max: 30 }; // the student's
let cellEls = [];
let shape = "";
let shapeRows = 0;
let shapeCols = 0;
let zoom = 1;
let mineMap = null;
let peeking = false;
let hint = null; // { cell, cls }: our move, drawn on the board
let yoursCell = -1; // the student's machine's cell, beside our hint
let hintSaid = false; // the message is a hint, to clear once the board changes
let said = { text: () => "", isError: false }; // the message, as a function of the language
let autoplay = false;
let queue = Promise.resolve();
let clockBase = 0;
let hover = -1; // the cell under the pointer
let cursor = -1; // the keyboard's cell
let lastTouch = -Infinity; // when the last touch on the board began (ms; none yet)
let longPressed = false;

function chooseLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(LANGUAGE_KEY); } catch (e) { /* private mode */ }
  if (stored && TEXT[stored]) return stored;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return /^zh\b/i.test(wanted) ? "zh" : "en";
}

// The word `key` in the page's language; a function of `args` where it takes some.
function t(key, ...args) {
  const word = key in TEXT[lang] ? TEXT[lang][key] : TEXT.en[key];
  return typeof word === "function" ? word(...args) : word;
}

// Fills every element the HTML names a word for, and says the message again.
function applyLanguage() {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll("[data-t-aria]")) el.setAttribute("aria-label", t(el.dataset.tAria));
  for (const el of document.querySelectorAll("[data-t-html]")) el.innerHTML = t(el.dataset.tHtml);
  if (autoplay) $("auto").textContent = t("stop");
  showSaid();
  draw();
  drawYours();
  drawStats();
}

function fillLanguages() {
  const select = $("lang");
  for (const code of Object.keys(TEXT)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = TEXT[code].language;
    select.appendChild(option);
  }
  select.value = lang;
}

// The message: `text` a function of the language (or a plain string), said again on a switch.
function say(text, isError) {
  said = { text: typeof text === "function" ? text : () => text, isError: !!isError };
  hintSaid = false;
  showSaid();
}
function showSaid() {
  $("message").textContent = said.text();
  $("message").className = said.isError ? "error" : "";
}

async function call(method, path, body) {
  const response = await fetch(path, { method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || "HTTP " + response.status);
  return JSON.parse(text);
}

function enqueue(job) {
  queue = queue.then(job).catch((error) => { stopAuto(); say(error.message, true); });
  return queue;
}

function gameQuery() { return "game=" + encodeURIComponent(game.game); }
const over = () => game && (game.status === "won" || game.status === "lost");
const where = (i, cols) => t("where", Math.floor(i / cols), i % cols);
const fixed = (p, digits) => (100 * p).toFixed(digits) + "%";

// The board shown: the game's or the position's.
function shown() { return mode === "game" ? game : position; }

function build(rows, cols) {
  const key = rows + "x" + cols;
  if (key !== shape) {
    shape = key;
    boardEl.style.gridTemplateColumns = "repeat(" + cols + ", var(--cell))";
    boardEl.textContent = "";
    cellEls = [];
    for (let i = 0; i < rows * cols; i++) {
      const el = document.createElement("div");
      el.dataset.i = i;
      boardEl.appendChild(el);
      cellEls.push(el);
    }
    hover = -1;
    cursor = -1;
    zoom = 1;
  }
  shapeRows = rows;
  shapeCols = cols;
  fit();
}

// The cell size that fits the board: the width on a phone; the width beside the controls and
// the height below the title on a wide screen, so that the bottom row is in view. Between
// MIN_FIT and MAX_FIT; then times the zoom. A board larger than its room scrolls in its frame.
function fitted() {
  const px = (style, name) => parseFloat(style.getPropertyValue(name)) || 0;
  const body = getComputedStyle(document.body);
  const main = getComputedStyle(document.querySelector("main"));
  const around = px(body, "padding-left") + px(body, "padding-right") + px(main, "padding-left") +
    px(main, "padding-right") + 2;
  let roomWidth = document.documentElement.clientWidth - around;
  let roomHeight = Infinity;
  if (WIDE.matches) {
    const side = px(getComputedStyle(document.documentElement), "--side");
    const gap = px(getComputedStyle(document.querySelector(".layout")), "column-gap");
    roomWidth -= side + gap;
    const top = frameEl.getBoundingClientRect().top + window.scrollY;
    roomHeight = window.innerHeight - top - px(body, "padding-bottom") - px(main, "padding-bottom") - 2;
  }
  const size = Math.floor(Math.min((roomWidth - (shapeCols + 1)) / shapeCols, (roomHeight - (shapeRows + 1)) / shapeRows));
  return { size: Math.max(MIN_FIT, Math.min(MAX_FIT, size)), roomWidth, roomHeight };
}

function fit() {
  if (!shapeCols) return;
  const room = fitted();
  const size = Math.max(MIN_ZOOMED, Math.min(MAX_ZOOMED, Math.round(room.size * zoom)));
  document.documentElement.style.setProperty("--cell", size + "px");
  boardEl.classList.toggle("small", size < 22);
  frameEl.style.maxHeight = WIDE.matches && Number.isFinite(room.roomHeight) ? Math.max(200, room.roomHeight) + "px" : "";
  frameEl.style.maxWidth = WIDE.matches ? Math.max(200, room.roomWidth) + "px" : "";
}
window.addEventListener("resize", fit);

// Zooms by `factor`, keeping the board's point under (x, y) (client coordinates; the frame's
// centre by default) where it was.
function zoomBy(factor, x, y) {
  const before = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 1;
  const box = frameEl.getBoundingClientRect();
  const px = (x === undefined ? box.left + box.width / 2 : x) - box.left;
  const py = (y === undefined ? box.top + box.height / 2 : y) - box.top;
  const base = fitted().size;
  zoom = Math.max(MIN_ZOOMED / base, Math.min(MAX_ZOOMED / base, zoom * factor));
  fit();
  const after = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 1;
  const scale = after / before;
  frameEl.scrollLeft = (frameEl.scrollLeft + px) * scale - px;
  frameEl.scrollTop = (frameEl.scrollTop + py) * scale - py;
}

// Two fingers on the board pinch-zoom it; one finger pans the frame (the browser's own scroll).
let pinch = null;
const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
frameEl.addEventListener("touchstart", (event) => {
  if (event.touches.length !== 2) return;
  endPress();
  pinch = { distance: spread(event.touches) };
}, { passive: true });
frameEl.addEventListener("touchmove", (event) => {
  if (!pinch || event.touches.length !== 2) return;
  event.preventDefault();
  const distance = spread(event.touches);
  const x = (event.touches[0].clientX + event.touches[1].clientX) / 2;
  const y = (event.touches[0].clientY + event.touches[1].clientY) / 2;
  zoomBy(distance / pinch.distance, x, y);
  pinch.distance = distance;
}, { passive: false });
frameEl.addEventListener("touchend", (event) => { if (event.touches.length < 2) pinch = null; });
frameEl.addEventListener("touchcancel", () => { pinch = null; });

// Green at 0, yellow at 25%, red from 50% (most guesses are below it), darker up to 100%.
function heat(p) {
  const hue = Math.round(120 * Math.max(0, 1 - 2 * p));
  const light = p > 0.5 ? Math.round(72 - 30 * (p - 0.5)) : 72;
  return "hsl(" + hue + " 70% " + light + "%)";
}
function percent(p) {
  const v = 100 * p;
  if (p === 0) return "0";
  if (v < 1) return "<1";
  if (v > 99) return ">99";
  return String(Math.round(v));
}

// The student's RefreshGamePanel's last check, when it did not agree: cell -> [ours, theirs].
function differences() {
  const last = mode === "game" && game && game.yours ? game.yours.last : null;
  if (!last || (last.theirs === last.expected && last.cells.length === 0)) return null;
  return { click: last.cell, cells: new Map(last.cells.map(([cell, ours, theirs]) => [cell, [ours, theirs]])) };
}

function draw() {
  const board = shown();
  if (!board || board.cells.length !== cellEls.length) return;
  const cells = board.cells;
  const safe = new Set(analysis ? analysis.safe : []);
  const mines = new Set(analysis ? analysis.mines : []);
  const dead = new Set(analysis && analysis.dead ? analysis.dead : []);
  const diff = differences();
  const ranks = new Map();
  const scores = new Map();
  if (analysis && analysis.guess) {
    [analysis.guess, ...analysis.runners].forEach((r, k) => {
      ranks.set(r.cell, k + 1);
      if (r.score !== null) scores.set(r.cell, r.score);
    });
  }
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i];
    let cls = "c";
    let text = "";
    let title = "";
    let background = "";
    let p = "";
    let yours = "";
    if (ch === ".") cls += " closed" + (peeking && mineMap && mineMap[i] === "1" ? " peek" : "");
    else if (ch === "F") cls += " flag";
    else if (ch === "*") cls += " mine";
    else if (ch === "X") cls += " boom";
    else if (ch === "!") cls += " wrong";
    else if (ch !== "0") { cls += " n" + ch; text = ch; }
    if (analysis && analysis.p && (ch === "." || ch === "F")) {
      const prob = analysis.p[i];
      p = String(prob);
      title = t("titleP", (100 * prob).toFixed(2));
      if (safe.has(i)) { cls += " a a-safe"; title += t("titleSafe"); }
      else if (mines.has(i)) { cls += " a a-mine"; title += t("titleMine"); }
      else { cls += " a"; background = heat(prob); }
      if (ch === ".") text = safe.has(i) ? "✓" : mines.has(i) ? "✱" : percent(prob);
      if (dead.has(i)) { cls += " a-dead"; title += t("titleDead"); }
      if (ranks.get(i) === 1) cls += " a-guess";
      if (ranks.has(i)) title += t("titleRank", ranks.get(i), scores.has(i) ? scores.get(i).toFixed(3) : null);
    }
    if (ch === "F" && flagMarks && flagMarks.has(i)) {
      const mark = flagMarks.get(i);
      cls += " f-" + mark;
      title = (title ? title + "; " : "") + t({ proven: "titleFlagProven", unproven: "titleFlagUnproven",
        wrong: "titleFlagWrong" }[mark]);
    }
    if (diff && diff.cells.has(i)) {
      const [ours, theirs] = diff.cells.get(i);
      cls += " diff";
      yours = String(theirs);
      title = t("titleDiff", t("value", ours), t("value", theirs));
    }
    if (diff && diff.click === i) cls += " diffclick";
    if (hint && i === hint.cell) cls += hint.cls;
    if (i === yoursCell) { cls += " yours"; title = (title ? title + "; " : "") + t("titleYours"); }
    if (i === cursor) cls += " cursor";
    const el = cellEls[i];
    if (el.className !== cls) el.className = cls;
    if (el.textContent !== text) el.textContent = text;
    if (el.title !== title) el.title = title;
    if (el.style.background !== background) el.style.background = background;
    if ((el.dataset.p || "") !== p) { if (p) el.dataset.p = p; else delete el.dataset.p; }
    if ((el.dataset.yours || "") !== yours) { if (yours) el.dataset.yours = yours; else delete el.dataset.yours; }
    const rank = ranks.has(i) && analysis.p ? String(ranks.get(i)) : "";
    if ((el.dataset.rank || "") !== rank) { if (rank) el.dataset.rank = rank; else delete el.dataset.rank; }
  }
  drawLegend();
  drawCounters();
}

// The counters and the status: the game's, or the position's while one is shown.
function drawCounters() {
  const status = $("status");
  if (mode === "position") {
    const flags = [...position.cells].filter((ch) => ch === "F").length;
    $("left").textContent = position.total === null ? t("positionUnknownMines") : String(position.total - flags);
    $("clock").textContent = "–";
    $("clicks").textContent = "–";
    status.className = "";
    status.textContent = t("statusPosition", t("format-" + position.format));
    return;
  }
  if (!game) return;
  $("left").textContent = game.left;
  $("clicks").textContent = game.clicks;
  status.className = game.status;
  const marks = [["assisted", "markAssisted"], ["peeked", "markPeeked"], ["replay", "markReplay"]]
    .filter(([field]) => game[field]).map(([, key]) => t(key));
  const now = { ready: game.start === "opening" ? "statusReadyOpening" : "statusReady", playing: "statusPlaying",
    won: "statusWon", lost: "statusLost" }[game.status];
  status.textContent = t(now) + (marks.length ? t("statusMarks", marks) : "");
  clockBase = performance.now() - game.ms;
  tick();
}

function drawLegend() {
  const parts = [];
  if (analysis && analysis.p) parts.push(t("legendAnalysis"));
  if (flagMarks && flagMarks.size) parts.push(t("legendFlags"));
  if (yoursCell >= 0) parts.push(t("legendMachine"));
  if (differences()) parts.push(t("legendDiff"));
  $("legend").hidden = parts.length === 0;
  $("legend").textContent = parts.join(" ");
}

function tick() {
  if (!game || mode !== "game") return;
  const ms = game.status === "playing" ? performance.now() - clockBase : game.ms;
  $("clock").textContent = (Math.floor(ms / 100) / 10).toFixed(1);
}
setInterval(tick, 100);

// A fault of the student's process, in words.
function faultWords(fault) {
  switch (fault.kind) {
    case "crashed": return fault.signal !== undefined ? t("faultSignal", fault.signal, SIGNALS[fault.signal]) :
      t("faultExit", fault.exit);
    case "timeout": return t("faultTimeout", fault.seconds);
    case "answer": return t("faultAnswer", fault.text);
    case "start": return t("faultStart", fault.text);
    default: return t("faultTooLarge", fault.max);
  }
}

// The student's functions: what the page does with them, and the last check of their
// RefreshGamePanel against our rules.
function drawYours() {
  const box = $("yours");
  box.hidden = functions.files.length === 0;
  $("byline").hidden = !functions.machine;
  if (box.hidden) return;
  $("yourshead").textContent = t("yoursHead", functions.files.join(", "));
  let line = t(functions.refresh ? "yoursRefresh" : "yoursNoRefresh") +
    t(functions.machine ? "yoursMachine" : "yoursNoMachine");
  const board = shown();
  if (board && (board.rows > functions.max || board.cols > functions.max)) line += t("yoursTooLarge", functions.max);
  $("yoursline").textContent = line;
  const checks = mode === "game" && game ? game.yours : null;
  const last = checks ? checks.last : null;
  let text = "";
  let output = "";
  if (checks) text = t("yoursTally", t("clicks", checks.checked), checks.differed, checks.faults);
  if (last) {
    const at = where(last.cell, game.cols);
    if (last.fault) {
      text += " " + t("yoursFault", at, faultWords(last.fault));
      output = last.fault.stderr || "";
    } else if (last.cells.length) {
      text += " " + t("yoursCells", at, t("cells", last.cells.length));
      if (last.theirs !== last.expected) text += t("yoursReturnToo", last.expected, last.theirs);
    } else if (last.theirs !== last.expected) {
      text += " " + t("yoursReturn", at, last.expected, last.theirs);
    } else {
      text += t("yoursSame", at);
    }
  }
  $("yourslast").textContent = text;
  $("yoursout").hidden = !output;
  $("yoursout").textContent = output ? t("yoursOutput") + "\n" + output : "";
  box.className = checks && last && (last.fault || last.cells.length || last.theirs !== last.expected) ? "bad" : "";
}

function marksOf(flags) {
  const marks = new Map();
  for (const kind of ["proven", "unproven", "wrong"]) for (const c of flags[kind]) marks.set(c, kind);
  return marks;
}

function analysisOn() { return $("analysis").getAttribute("aria-pressed") === "true"; }

// The game's analysis, when the view is on and the game is being played.
async function refreshAnalysis() {
  if (mode !== "game") return;
  analysis = null;
  if (analysisOn() && game.status === "playing") {
    analysis = await call("GET", "/analysis?" + gameQuery());
    flagMarks = marksOf(analysis.flags);
  }
}

async function update(state) {
  const before = game;
  game = state;
  if (location.hash !== "#" + game.game) history.replaceState(null, "", "#" + game.game);
  hint = null;
  yoursCell = -1;
  flagMarks = null;
  // A hint is about the board it was given on: once that changes, it is gone.
  if (hintSaid && before && before.cells !== game.cells) say("");
  if (peeking && before && before.status === "ready" && game.status !== "ready") await loadMines();
  await refreshAnalysis();
  if (mode === "game") draw();
  drawYours();
  if (over()) {
    stopAuto();
    record(game);
    const seconds = (game.ms / 1000).toFixed(1);
    const g = game;
    const board = () => t("sayBoard", g.seed, where(g.first, g.cols));
    if (game.status === "won") say(() => t("sayWon", t("clicks", g.clicks), seconds, board()));
    else say(() => t("sayLost", board()));
  }
}

async function loadMines() {
  const answer = await call("GET", "/reveal?" + gameQuery());
  mineMap = answer.placed ? answer.map : null;
}

function sizeQuery() {
  const level = $("level").value;
  const [rows, cols, mines] = level === "custom"
    ? [$("rows").value, $("cols").value, $("mines").value]
    : level.split(",");
  let query = "rows=" + encodeURIComponent(rows) + "&cols=" + encodeURIComponent(cols) +
    "&mines=" + encodeURIComponent(mines) + "&start=" + $("start").value;
  const seed = $("seed").value.trim();
  if (seed) query += "&seed=" + encodeURIComponent(seed);
  return query;
}

// The board and start of the last game started, for the next tab: kept in this browser.
function keepBoard(state) {
  try {
    localStorage.setItem(BOARD_KEY, JSON.stringify({ rows: state.rows, cols: state.cols, mines: state.mines,
      start: state.start }));
  } catch (e) { /* private mode */ }
}

// The controls show the board and start of `state`.
function showBoardOf(state) {
  const level = state.rows + "," + state.cols + "," + state.mines;
  const known = [...$("level").options].some((option) => option.value === level);
  $("level").value = known ? level : "custom";
  $("custom").hidden = known;
  [$("rows").value, $("cols").value, $("mines").value] = [state.rows, state.cols, state.mines];
  $("start").value = state.start === "opening" ? "opening" : "safe";
}

function newGame(replay) {
  stopAuto();
  enqueue(async () => {
    const query = replay && game ? "replay=" + encodeURIComponent(game.game) : sizeQuery();
    const state = await call("POST", "/new?" + query);
    showGame();
    game = null;
    mineMap = null;
    setPeeking(false);
    build(state.rows, state.cols);
    say("");
    await update(state);
    keepBoard(state);
    if (!over() && replay) say(() => t("sayReplay"));
    drawStats();
  });
}

function showGame() {
  mode = "game";
  position = null;
  analysis = null;
  $("back").hidden = true;
  $("auto").disabled = false;
}

function act(action, i) {
  enqueue(async () => {
    if (!game) return;
    const row = Math.floor(i / game.cols), col = i % game.cols;
    await update(await call("POST", "/" + action + "?" + gameQuery() + "&row=" + row + "&col=" + col));
  });
}

// Our advice in words; `rules` are the game's (`flags`, `marks` for an ACM map, `clicks` for a
// JLU panel: the server advises no flag there).
function describe(move, cols, rules) {
  const at = where(move.row * cols + move.col, cols);
  const p = (100 * move.p).toFixed(move.p > 0 && move.p < 0.01 ? 2 : 1) + "%";
  switch (move.why) {
    case "first": return t("moveFirst", at, game && game.start === "opening");
    case "wrong-flag": return t("moveWrongFlag", at);
    case "mine": return t(rules === "marks" ? "moveMark" : "moveFlag", at);
    case "chord": return t(rules === "marks" ? "moveAutoExplore" : "moveChord", at);
    case "safe": return t("moveSafe", at);
    case "guess-under-flag": return t("moveUnderFlag", at, p);
    case "fifty": return t("moveFifty", at, p);
    case "walled": return t("moveWalled", at, p);
    default: return t("moveGuess", at, p);
  }
}

function describeFlags(flags) {
  if (!flags) return "";
  const counts = [[flags.proven.length, "flagsProven"], [flags.unproven.length, "flagsUnproven"],
    [flags.wrong.length, "flagsWrong"]].filter(([n]) => n > 0);
  if (!counts.length) return "";
  let text = t("flagsSaid", t("list", counts.map(([n, key]) => t(key, n))));
  if (!flags.fit && flags.wrong.length === 0) text += t("flagsCannotFit");
  return text;
}

// The student's machine's click in words, and its cell (-1 when off the board or none).
function describeMachine(machine, cols) {
  if (!machine) return { text: "", cell: -1 };
  if (machine.fault) return { text: t("machineFault", faultWords(machine.fault)), cell: -1 };
  if (machine.on === "off") return { text: t("machineSaid", "", t("machineOff", machine.row, machine.col)), cell: -1 };
  const cell = machine.row * cols + machine.col;
  let what;
  if (machine.on === "open") what = t("machineOpen");
  else if (machine.proven === "safe") what = t("machineSafe");
  else if (machine.proven === "mine") what = t("machineMine");
  else what = t("machineGuess", (100 * machine.p).toFixed(1) + "%");
  if (machine.on === "flag") what += "; " + t("machineFlag");
  return { text: t("machineSaid", where(cell, cols), what), cell };
}

function hintClass(move) {
  if (move.move === "flag" || move.move === "unflag") return " hint flagit";
  return move.certain ? " hint" : " hint guess";
}

// The cell of a hint in view (the frame and the page scroll to it) and pulsing.
function reveal(cell) {
  const el = cellEls[cell];
  if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function showHint() {
  enqueue(async () => {
    if (mode === "position") {
      const move = position.advice;
      if (!move) { say(() => t("sayNoSafeMove")); return; }
      const p = position;
      hint = { cell: move.row * position.cols + move.col, cls: hintClass(move) };
      draw();
      reveal(hint.cell);
      say(() => t("sayBestMove", describe(move, p.cols, p.rules)) + describeFlags(p.flags));
      hintSaid = true;
      return;
    }
    if (!game) return;
    const move = await call("GET", "/hint?" + gameQuery());
    const cols = game.cols;
    const machine = describeMachine(move.machine, cols);
    yoursCell = machine.cell;
    if (move.move === null) {
      draw();
      say(() => t("sayOver") + describeMachine(move.machine, cols).text);
      return;
    }
    game.assisted = game.assisted || game.status === "playing";
    hint = { cell: move.row * cols + move.col, cls: hintClass(move) };
    if (move.flags) flagMarks = marksOf(move.flags);
    draw();
    reveal(hint.cell);
    say(() => t("sayHint", describe(move, cols, "flags")) + describeFlags(move.flags) +
      describeMachine(move.machine, cols).text);
    hintSaid = true;
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startAuto() {
  if (mode !== "game" || !game || over()) return;
  const yours = $("autoby").value === "yours" && functions.machine;
  autoplay = true;
  $("auto").textContent = t("stop");
  $("auto").classList.add("on");
  enqueue(async () => {
    while (autoplay) {
      const answer = await call("POST", "/step?" + gameQuery() + (yours ? "&by=yours" : ""));
      const move = answer.move === undefined ? answer.machine : answer.move;
      const cols = game.cols;
      await update(answer);
      if (yours) {
        const machine = describeMachine(answer.machine, cols);
        yoursCell = machine.cell;
        const ours = answer.ours;
        if (ours && !over()) hint = { cell: ours.row * cols + ours.col, cls: hintClass(ours) };
        draw();
        const stopped = !answer.played && !over();
        say(() => t("sayYoursStep", describeMachine(answer.machine, cols).text,
          ours ? describe(ours, cols, "flags") : t("oursNone")) + (stopped ? t("sayYoursStopped") : ""));
        if (stopped || !answer.machine || answer.machine.fault) break;
      } else if (move !== null && !over()) {
        say(() => t("sayAI", describe(answer, cols, "flags")));
      }
      if (move === null || over()) break;
      await sleep(DELAYS[$("speed").value - 1]);
    }
    stopAuto();
  });
}

function stopAuto() {
  autoplay = false;
  $("auto").textContent = t("autoplay");
  $("auto").classList.remove("on");
}

function toggleAuto() { if (autoplay) stopAuto(); else startAuto(); }

function setPeeking(on) {
  peeking = on;
  if (!on) mineMap = null;
}

function togglePeek() {
  enqueue(async () => {
    if (!game) return;
    setPeeking(!peeking);
    if (peeking) {
      await loadMines();
      game = await call("GET", "/state?" + gameQuery());
      say(() => t(mineMap ? "sayMinesShown" : "sayMinesLater"));
    } else {
      say("");
    }
    draw();
  });
}

function toggleAnalysis() {
  const on = !analysisOn();
  $("analysis").setAttribute("aria-pressed", String(on));
  if (mode !== "game") return;
  enqueue(async () => {
    await refreshAnalysis();
    if (!on) flagMarks = null;
    draw();
    const a = analysis, cols = game.cols;
    if (on && game.status === "ready") say(() => t("sayFirstAnyCell"));
    else if (on && a) say(() => analysisSummary(a, cols) + t("sayAssisted"));
  });
}

function analysisSummary(a, cols) {
  let text = t("analysisProven", t("cells", a.safe.length), t("mines", a.mines.length));
  if (a.guess) {
    const scored = (r) => (r.score === null ? "" : t("analysisScore", r.score.toFixed(3)));
    text += t("analysisGuess", where(a.guess.cell, cols), fixed(a.guess.p, 1)) + scored(a.guess);
    if (a.runners.length) {
      text += t("analysisThen", t("list", a.runners.map((r) => where(r.cell, cols) + " " + fixed(r.p, 1) + scored(r))));
    }
    text += t("analysisEnd");
  }
  return text;
}

// A click, a tap, Space or Enter.
function primary(i) {
  if (mode === "position") { edit(i, 1); return; }
  if (!game || autoplay) return;
  const ch = game.cells[i];
  if (ch === "." && $("flagmode").getAttribute("aria-pressed") === "true") act("flag", i);
  else if (ch === ".") act("open", i);
  else if (ch === "F" && $("flagmode").getAttribute("aria-pressed") === "true") act("flag", i);
  else if (ch >= "1" && ch <= "8") act("chord", i);
}

// A right click, a long press, or F.
function secondary(i, key) {
  if (mode === "position") { edit(i, key ? "F" : -1); return; }
  if (!game || autoplay) return;
  const ch = game.cells[i];
  if (ch === "." || ch === "F") act("flag", i);
  else if (ch >= "0" && ch <= "8" && !key) {
    if ($("peek").checked) togglePeek();
    else say(() => t("sayPeekOff"));
  }
}

function cellOf(target) {
  const i = Number(target && target.dataset ? target.dataset.i : NaN);
  return Number.isNaN(i) ? -1 : i;
}

boardEl.addEventListener("click", (event) => {
  const i = cellOf(event.target);
  if (i < 0) return;
  if (longPressed) { longPressed = false; return; }
  primary(i);
});
boardEl.addEventListener("contextmenu", (event) => {
  event.preventDefault();
  // A long touch fires a context menu too: the long press has handled it.
  if (performance.now() - lastTouch < 1500) return;
  const i = cellOf(event.target);
  if (i >= 0) secondary(i, false);
});

// Long press: a touch held still for LONG_PRESS_MS flags (or peeks on an open cell).
let press = null;
boardEl.addEventListener("pointerdown", (event) => {
  longPressed = false;
  endPress(); // a second finger: a pinch, not a long press
  if (event.pointerType === "mouse" || pinch) return;
  const i = cellOf(event.target);
  if (i < 0) return;
  lastTouch = performance.now();
  const timer = setTimeout(() => {
    longPressed = true;
    press = null;
    if (navigator.vibrate) navigator.vibrate(15);
    secondary(i, false);
  }, LONG_PRESS_MS);
  press = { timer, x: event.clientX, y: event.clientY };
});
function endPress() { if (press) { clearTimeout(press.timer); press = null; } }
boardEl.addEventListener("pointermove", (event) => {
  if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) endPress();
});
boardEl.addEventListener("pointerup", endPress);
boardEl.addEventListener("pointercancel", endPress);
boardEl.addEventListener("pointerover", (event) => {
  const i = cellOf(event.target);
  if (i >= 0) hover = i;
});
boardEl.addEventListener("pointerleave", () => { hover = -1; });

// Keys: Space/Enter open or chord, F flags (the cell under the pointer, else the cursor the
// arrows move), N new game, H hint, A autoplay; on a position, 0-8 . F Backspace set a cell.
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
function target() { return hover >= 0 ? hover : cursor; }
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const key = event.key;
  const board = shown();
  const i = target();
  if (key === " " || key === "Enter") {
    if (i < 0) return;
    event.preventDefault();
    primary(i);
  } else if (key === "f" || key === "F") {
    if (i >= 0) secondary(i, true);
  } else if (key === "n" || key === "N") {
    newGame(false);
  } else if (key === "h" || key === "H") {
    showHint();
  } else if (key === "a" || key === "A") {
    toggleAuto();
  } else if (ARROWS[key] && board) {
    event.preventDefault();
    const from = i >= 0 ? i : Math.floor(board.rows / 2) * board.cols + Math.floor(board.cols / 2);
    const row = Math.min(board.rows - 1, Math.max(0, Math.floor(from / board.cols) + ARROWS[key][0]));
    const col = Math.min(board.cols - 1, Math.max(0, (from % board.cols) + ARROWS[key][1]));
    hover = -1;
    cursor = row * board.cols + col;
    draw();
    cellEls[cursor].scrollIntoView({ block: "nearest", inline: "nearest" });
  } else if (mode === "position" && i >= 0 && /^[0-8.]$|^Backspace$|^Delete$/.test(key)) {
    event.preventDefault();
    edit(i, key.length === 1 && key !== "." ? key : ".");
  }
});
// Space on a focused button would press it after our move: keep it for the board.
document.addEventListener("keyup", (event) => {
  if (event.key === " " && target() >= 0 && !(event.target.closest && event.target.closest("input, textarea, select"))) {
    event.preventDefault();
  }
});

// Statistics per board and start, in this browser: played, won, the best time of clean games
// (no hint, autoplay, analysis, peek or replay), and how many games were not clean.
function statsKey(g) { return g.rows + "x" + g.cols + "/" + g.mines + "/" + g.start; }
function loadStats() {
  try { return JSON.parse(localStorage.getItem(STATS_KEY)) || {}; } catch (e) { return {}; }
}
const recorded = new Set();
function record(g) {
  if (recorded.has(g.game)) return;
  recorded.add(g.game);
  const all = loadStats();
  const s = all[statsKey(g)] || { played: 0, won: 0, best: null, marked: 0 };
  s.played += 1;
  if (g.status === "won") s.won += 1;
  if (g.assisted || g.peeked || g.replay) s.marked += 1;
  else if (g.status === "won" && (s.best === null || g.ms < s.best)) s.best = g.ms;
  all[statsKey(g)] = s;
  try { localStorage.setItem(STATS_KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
  drawStats();
}
function drawStats() {
  if (!game) return;
  const s = loadStats()[statsKey(game)];
  const level = [...$("level").options].find((o) => o.value === game.rows + "," + game.cols + "," + game.mines);
  const name = (level ? level.textContent : t("statsCustom", game.cols, game.rows, game.mines)) + ", " +
    t("statsStart", game.start);
  if (!s) { $("stats").textContent = t("statsNone", name); return; }
  let text = t("statsLine", name, s.played, s.won, Math.round((100 * s.won) / s.played));
  if (s.best !== null) text += t("statsBest", (s.best / 1000).toFixed(1));
  if (s.marked) text += t("statsMarked", s.marked);
  $("stats").textContent = text + t("statsEnd");
}

// Export: the game as a judge's input and expected output, offered as two downloads.
function exportGame() {
  enqueue(async () => {
    if (mode !== "game" || !game) { say(() => t("sayExportOnGame"), true); return; }
    const judge = $("judge").value;
    const answer = await call("GET", "/export?" + gameQuery() + "&judge=" + judge);
    const box = $("downloads");
    for (const a of box.querySelectorAll("a")) URL.revokeObjectURL(a.href);
    box.textContent = "";
    for (const [suffix, text, what] of [[".in", answer.input, "downloadInput"], [".ans", answer.output, "downloadOutput"]]) {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.download = answer.name + suffix;
      a.className = "download-" + suffix.slice(1);
      a.textContent = "⬇ " + answer.name + suffix + " (" + t(what) + ")";
      box.appendChild(a);
    }
    for (const note of answer.notes) {
      const p = document.createElement("p");
      p.textContent = note;
      box.appendChild(p);
    }
    say(() => t("sayExported", judge, answer.name));
  });
}

// A position: pasted text, or set up cell by cell on the board.
function analysePosition() {
  enqueue(async () => {
    stopAuto();
    const mines = $("pmines").value.trim();
    const answer = await call("POST", "/position" + (mines ? "?mines=" + encodeURIComponent(mines) : ""),
      $("text").value);
    showPosition(answer);
  });
}

function showPosition(answer) {
  mode = "position";
  position = answer;
  analysis = answer.consistent ? answer : null;
  flagMarks = answer.consistent ? marksOf(answer.flags) : null;
  hint = null;
  yoursCell = -1;
  $("back").hidden = false;
  $("auto").disabled = true;
  build(answer.rows, answer.cols);
  const a = answer;
  const head = () => t("positionHead", a.rows, a.cols, t("format-" + a.format),
    t("assumed-" + a.assumed, a.total === null ? Math.round(1000 * a.density) / 10 : a.total));
  if (!answer.consistent) {
    if (answer.cell !== null) hint = { cell: answer.cell, cls: " hint flagit" };
    draw();
    drawYours();
    say(() => head() + t("positionNone") +
      (a.cell !== null ? t("positionNoneAt", where(a.cell, a.cols)) : t("positionNoneEnd")), true);
    return;
  }
  draw();
  drawYours();
  say(() => head() + (a.consistent === "unproven" ? t("positionUnproven") : "") + analysisSummary(a, a.cols) +
    (a.advice ? t("positionBest", describe(a.advice, a.cols, a.rules)) : t("positionNoMove")) + describeFlags(a.flags));
}

// One step of a cell's cycle (closed, 0..8, flag), or a given symbol; the text follows.
const CYCLE = [".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F"];
let editTimer = null;
function edit(i, how) {
  const cells = position.cells.split("");
  const at = CYCLE.indexOf(cells[i]);
  cells[i] = typeof how === "number" ? CYCLE[(at + how + CYCLE.length) % CYCLE.length] : how;
  position.cells = cells.join("");
  analysis = null;
  flagMarks = null;
  hint = null;
  draw();
  $("text").value = pictureOf(position.cells, position.cols);
  clearTimeout(editTimer);
  editTimer = setTimeout(analysePosition, 250);
}

function pictureOf(cells, cols) {
  const rows = [];
  for (let r = 0; r * cols < cells.length; r++) rows.push(cells.slice(r * cols, (r + 1) * cols));
  return rows.join("\n") + "\n";
}

function fromGame() {
  if (!game) return;
  const cells = game.cells.replace(/[*X]/g, ".").replace(/!/g, "F");
  $("text").value = pictureOf(cells, game.cols);
  $("pmines").value = game.mines;
}

function backToGame() {
  showGame();
  enqueue(async () => {
    build(game.rows, game.cols);
    await update(game);
    say("");
  });
}

$("new").addEventListener("click", () => newGame(false));
$("replay").addEventListener("click", () => newGame(true));
$("level").addEventListener("change", () => {
  $("custom").hidden = $("level").value !== "custom";
  newGame(false);
});
$("start").addEventListener("change", () => newGame(false));
$("hint").addEventListener("click", showHint);
$("auto").addEventListener("click", toggleAuto);
$("analysis").addEventListener("click", toggleAnalysis);
$("flagmode").addEventListener("click", () => {
  const on = $("flagmode").getAttribute("aria-pressed") !== "true";
  $("flagmode").setAttribute("aria-pressed", String(on));
  say(on ? () => t("sayFlagMode") : "");
});
$("peek").addEventListener("change", () => {
  if (!$("peek").checked && peeking) togglePeek();
});
$("reset").addEventListener("click", () => {
  try { localStorage.removeItem(STATS_KEY); } catch (e) { /* private mode */ }
  drawStats();
});
$("export").addEventListener("click", exportGame);
$("analyse").addEventListener("click", analysePosition);
$("fromgame").addEventListener("click", fromGame);
$("back").addEventListener("click", backToGame);
$("zoomin").addEventListener("click", () => zoomBy(ZOOM_STEP));
$("zoomout").addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
$("zoomfit").addEventListener("click", () => { zoom = 1; fit(); });
$("lang").addEventListener("change", () => {
  lang = $("lang").value;
  try { localStorage.setItem(LANGUAGE_KEY, lang); } catch (e) { /* private mode */ }
  applyLanguage();
});
$("autoby").addEventListener("change", () => { if (autoplay) { stopAuto(); startAuto(); } });

// The game's id is kept in the address (#id), so that a reload goes on with the same game.
function resume(id) {
  enqueue(async () => {
    let state = null;
    try { state = await call("GET", "/state?game=" + encodeURIComponent(id)); } catch (e) { /* gone */ }
    if (!state) { startFresh(); return; }
    showBoardOf(state);
    build(state.rows, state.cols);
    await update(state);
    drawStats();
  });
}

// A tab without a game starts on the board and start of the last game played in this browser.
function startFresh() {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(BOARD_KEY)); } catch (e) { /* none */ }
  if (kept && kept.rows > 0 && kept.cols > 0 && kept.mines >= 0) showBoardOf(kept);
  newGame(false);
}

fillLanguages();
applyLanguage();
enqueue(async () => {
  functions = await call("GET", "/functions");
  drawYours();
});
const kept = location.hash.slice(1);
if (/^[0-9a-f]{32}$/.test(kept)) resume(kept);
else startFresh();
