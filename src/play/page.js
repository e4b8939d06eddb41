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
    beginner: "Beginner 9\u00d79, 10 mines",
    intermediate: "Intermediate 16\u00d716, 40 mines",
    expert: "Expert 30\u00d716, 99 mines",
    jlu: "JLU 20\u00d720, 50 mines",
    custom: "Custom\u2026",
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
    zoomOut: "\u2212",
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
      "Large boards: <b>+</b> and <b>\u2212</b> (or two fingers) zoom, one finger pans.",
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
    positionHead: (rows, cols, format, assumed) => rows + "\u00d7" + cols + " " + format + ", " + assumed + ". ",
    "assumed-given": (k) => k + " mines",
    "assumed-jlu-board": (k) => k + " mines (the JLU course's 20\u00d720 board)",
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
      "exact on hover); \u2713 proven safe; \u2731 proven mine; 1 the guess, 2\u20136 the runners-up.",
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
    statsCustom: (cols, rows, mines) => cols + "\u00d7" + rows + ", " + mines + " mines",
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
    yoursTooLarge: (max) => " This board is larger than " + max + "\u00d7" + max +
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
    faultAnswer: (text) => "answered \u201c" + text + "\u201d",
    faultStart: (text) => "could not start: " + text,
    faultTooLarge: (max) => "was not called: the board is larger than " + max + "\u00d7" + max,
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
    language: "\u4e2d\u6587",
    languageLabel: "\u8bed\u8a00",
    title: "\u626b\u96f7",
    levelLabel: "\u68cb\u76d8",
    beginner: "\u521d\u7ea7 9\u00d79\uff0c10 \u4e2a\u96f7",
    intermediate: "\u4e2d\u7ea7 16\u00d716\uff0c40 \u4e2a\u96f7",
    expert: "\u9ad8\u7ea7 30\u00d716\uff0c99 \u4e2a\u96f7",
    jlu: "\u5409\u5927 20\u00d720\uff0c50 \u4e2a\u96f7",
    custom: "\u81ea\u5b9a\u4e49\u2026",
    rows: "\u884c",
    cols: "\u5217",
    minesLabel: "\u96f7",
    newGame: "\u65b0\u6e38\u620f",
    newGameTitle: "N",
    replay: "\u91cd\u73a9",
    replayTitle: "\u540c\u4e00\u5c40\u518d\u6765\uff1a\u540c\u6837\u7684\u96f7\uff0c\u540c\u6837\u7684\u7b2c\u4e00\u6b21\u70b9\u51fb",
    counterMines: "\u5269\u96f7",
    counterMinesTitle: "\u5269\u4f59\u7684\u96f7",
    counterTime: "\u65f6\u95f4",
    counterTimeTitle: "\u7528\u65f6\uff08\u79d2\uff09",
    counterClicks: "\u70b9\u51fb",
    counterClicksTitle: "\u70b9\u51fb\u6b21\u6570",
    hint: "\u63d0\u793a",
    hintTitle: "H",
    autoplay: "\u81ea\u52a8",
    autoTitle: "A",
    stop: "\u505c\u6b62",
    autoBy: "\u7531",
    byOurs: "\u6211\u4eec\u7684 AI",
    byYours: "\u4f60\u7684 machine",
    speed: "\u901f\u5ea6",
    speedTitle: "\u81ea\u52a8\u7684\u901f\u5ea6",
    analysis: "\u5206\u6790",
    analysisTitle: "\u6bcf\u4e2a\u672a\u6253\u5f00\u65b9\u683c\u662f\u96f7\u7684\u6982\u7387",
    flagMode: "\u63d2\u65d7\u6a21\u5f0f",
    flagModeTitle: "\u8f7b\u70b9\u63d2\u65d7\uff0c\u4e0d\u6253\u5f00",
    zoomOut: "\u2212",
    zoomOutTitle: "\u65b9\u683c\u53d8\u5c0f",
    zoomFit: "\u9002\u914d",
    zoomFitTitle: "\u65b9\u683c\u9002\u914d\u5c4f\u5e55",
    zoomIn: "+",
    zoomInTitle: "\u65b9\u683c\u53d8\u5927\uff08\u6216\u53cc\u6307\u7f29\u653e\u68cb\u76d8\uff09",
    options: "\u9009\u9879",
    startLabel: "\u5f00\u5c40",
    startSafe: "\u5b89\u5168\uff1a\u7b2c\u4e00\u6b21\u70b9\u51fb\u4e0d\u4f1a\u662f\u96f7",
    startOpening: "\u5f00\u9614\uff1a\u7b2c\u4e00\u6b21\u70b9\u51fb\u662f 0",
    seed: "\u79cd\u5b50",
    seedPlaceholder: "\u968f\u673a",
    peekLabel: "\u5077\u770b\uff1a\u5728\u5df2\u6253\u5f00\u7684\u65b9\u683c\u5904\u70b9\u51fb\u53f3\u952e\uff08\u6216\u957f\u6309\uff09\u663e\u793a\u96f7\u7684\u771f\u5b9e\u4f4d\u7f6e\uff08\u8bfe\u7a0b\u7684\u6d4b\u8bd5\u529e\u6cd5\uff09\uff1b\u8fd9\u4e00\u5c40\u968f\u540e\u6807\u8bb0\u4e3a\u201c\u5077\u770b\u8fc7\u201d",
    resetStats: "\u6e05\u9664\u7edf\u8ba1",
    exporting: "\u5bfc\u51fa\u5230\u8bc4\u6d4b\u7a0b\u5e8f",
    judgeLabel: "\u8bc4\u6d4b\u7a0b\u5e8f",
    export: "\u5bfc\u51fa",
    positioning: "\u5206\u6790\u4e00\u4e2a\u5c40\u9762",
    textLabel: "\u5c40\u9762",
    textPlaceholder: "\u7c98\u8d34\u5409\u5927\u7684\u6e38\u620f\u754c\u9762\uff08-1 \u672a\u6253\u5f00\uff0c\u6570\u5b57\uff09\u3001ACM \u5730\u56fe\uff08? \u672a\u6253\u5f00\uff0c\u6570\u5b57\uff0c@ \u6807\u8bb0\uff09\u6216\u56fe\u793a\uff08. \u672a\u6253\u5f00\uff0c\u6570\u5b57\uff0cF \u65d7\uff09\uff0c\u6bcf\u884c\u4e00\u884c",
    pminesLabel: "\u96f7",
    pminesPlaceholder: "\u672a\u77e5",
    analyse: "\u5206\u6790",
    fromGame: "\u672c\u5c40",
    fromGameTitle: "\u628a\u672c\u5c40\u7684\u68cb\u76d8\u5199\u6210\u6587\u5b57",
    back: "\u56de\u5230\u6e38\u620f",
    help: "\u5de6\u952e\uff08\u6216\u8f7b\u70b9\uff09\u6253\u5f00\u65b9\u683c\uff1b\u53f3\u952e\u3001\u957f\u6309\u6216<b>\u63d2\u65d7\u6a21\u5f0f</b>\u63d2\u65d7\u3002" +
      "\u70b9\u51fb\u65d7\u5df2\u63d2\u6ee1\u7684\u6570\u5b57\uff0c\u6253\u5f00\u5b83\u5176\u4f59\u7684\u90bb\u5c45\u3002\u6309\u952e\uff1a\u7a7a\u683c\u6216\u56de\u8f66\u6253\u5f00\uff08\u6216\u53cc\u51fb\uff09\u6307\u9488\u4e0b\u7684\u65b9\u683c" +
      "\uff08\u65b9\u5411\u952e\u79fb\u52a8\u5149\u6807\uff09\uff0cF \u63d2\u65d7\uff0cN \u65b0\u6e38\u620f\uff0cH \u63d0\u793a\uff0cA \u81ea\u52a8\u3002<b>\u63d0\u793a</b>\u548c<b>\u81ea\u52a8</b>\u53ea\u76f8\u4fe1\u6570\u5b57\uff1a" +
      "\u4f60\u7684\u65d7\u53ea\u662f\u63a8\u6d4b\uff0c\u6807\u4e3a\u5df2\u8bc1\u660e\u3001\u672a\u8bc1\u660e\u6216\u88ab\u5426\u5b9a\u3002<b>\u5206\u6790</b>\u663e\u793a\u6bcf\u4e2a\u672a\u6253\u5f00\u65b9\u683c\u662f\u96f7\u7684\u6982\u7387\u3002" +
      "\u7528\u8fc7\u63d0\u793a\u3001\u81ea\u52a8\u3001\u5206\u6790\u6216\u5077\u770b\u7684\u4e00\u5c40\u5728\u7edf\u8ba1\u4e2d\u53e6\u8bb0\u3002\u5927\u68cb\u76d8\uff1a<b>+</b> \u548c <b>\u2212</b>\uff08\u6216\u53cc\u6307\uff09\u7f29\u653e\uff0c\u5355\u6307\u62d6\u52a8\u3002",
    where: (row, col) => "\uff08\u884c " + row + "\uff0c\u5217 " + col + "\uff09",
    list: (items) => items.join("\uff0c"),
    clicks: (n) => n + " \u6b21\u70b9\u51fb",
    cells: (n) => n + " \u4e2a\u65b9\u683c",
    mines: (n) => n + " \u4e2a\u96f7",
    statusReady: "\u70b9\u51fb\u4efb\u610f\u65b9\u683c\u5f00\u59cb",
    statusReadyOpening: "\u70b9\u51fb\u4efb\u610f\u65b9\u683c\uff1a\u5b83\u662f 0",
    statusPlaying: "\u8fdb\u884c\u4e2d",
    statusWon: "\u4f60\u8d62\u4e86\uff01",
    statusLost: "\u4f60\u8f93\u4e86",
    statusMarks: (marks) => "\uff08" + marks.join("\u3001") + "\uff09",
    markAssisted: "\u6709\u5e2e\u52a9",
    markPeeked: "\u5077\u770b\u8fc7",
    markReplay: "\u91cd\u73a9",
    statusPosition: (format) => "\u5c40\u9762\uff1a" + format,
    "format-jlu-panel": "\u5409\u5927\u6e38\u620f\u754c\u9762",
    "format-acm-map": "ACM \u5730\u56fe",
    "format-picture": "\u56fe\u793a",
    moveFirst: (at, opening) => "\u6253\u5f00" + at + "\uff1a\u7b2c\u4e00\u6b21\u70b9\u51fb\u4e0d\u4f1a\u662f\u96f7" +
      (opening ? "\uff0c\u800c\u4e14\u662f 0" : ""),
    moveWrongFlag: (at) => "\u62d4\u6389" + at + "\u7684\u65d7\uff1a\u6570\u5b57\u8bc1\u660e\u90a3\u91cc\u80af\u5b9a\u5b89\u5168",
    moveFlag: (at) => "\u5728" + at + "\u63d2\u65d7\uff1a\u80af\u5b9a\u662f\u96f7",
    moveMark: (at) => "\u6807\u8bb0" + at + "\uff1a\u80af\u5b9a\u662f\u96f7",
    moveChord: (at) => "\u6253\u5f00" + at + "\u7684\u5468\u56f4\uff1a\u5b83\u6253\u5f00\u7684\u6bcf\u4e2a\u65b9\u683c\u90fd\u80af\u5b9a\u5b89\u5168",
    moveAutoExplore: (at) => "\u5728" + at + "\u81ea\u52a8\u63a2\u7d22\uff1a\u5b83\u6253\u5f00\u7684\u6bcf\u4e2a\u65b9\u683c\u90fd\u80af\u5b9a\u5b89\u5168",
    moveSafe: (at) => "\u6253\u5f00" + at + "\uff1a\u80af\u5b9a\u5b89\u5168",
    moveUnderFlag: (at, p) => "\u6ca1\u6709\u5df2\u8bc1\u660e\u5b89\u5168\u7684\u65b9\u683c\uff1b\u6700\u597d\u7684\u731c\u6d4b" + at + "\u5728\u4f60\u7684\u65d7\u4e0b\uff0c\u800c\u6570\u5b57\u6ca1\u6709\u8bc1\u660e\u8fd9\u9762\u65d7\uff1a" +
      "\u62d4\u6389\u5b83\u518d\u6253\u5f00\uff08\u662f\u96f7\u7684\u6982\u7387 " + p + "\uff09",
    moveFifty: (at, p) => "\u6ca1\u6709\u5df2\u8bc1\u660e\u5b89\u5168\u7684\u65b9\u683c\uff1b\u73b0\u5728\u5c31\u731c" + at + "\uff0c\u662f\u96f7\u7684\u6982\u7387 " + p +
      "\uff1a\u53ea\u8981\u5b83\u662f\u96f7\uff0c\u5c31\u4f1a\u5f62\u6210\u65e0\u6cd5\u533a\u5206\u7684\u672a\u6253\u5f00\u65b9\u683c\uff08\u8c01\u90fd\u8981\u9762\u5bf9\u7684\u4e94\u4e94\u5f00\uff09",
    moveWalled: (at, p) => "\u6ca1\u6709\u5df2\u8bc1\u660e\u5b89\u5168\u7684\u65b9\u683c\uff1b\u731c" + at + "\uff0c\u662f\u96f7\u7684\u6982\u7387 " + p +
      "\uff1a\u53ea\u5269\u88ab\u9694\u5f00\u7684\u672a\u6253\u5f00\u65b9\u683c\uff0c\u7cbe\u786e\u641c\u7d22\u5f97\u51fa\u8fd9\u4e00\u6b65\u8d62\u7684\u673a\u4f1a\u6700\u5927",
    moveGuess: (at, p) => "\u6ca1\u6709\u5df2\u8bc1\u660e\u5b89\u5168\u7684\u65b9\u683c\uff1b\u731c" + at + "\uff0c\u662f\u96f7\u7684\u6982\u7387 " + p,
    flagsProven: (n) => n + " \u9762\u5df2\u8bc1\u660e",
    flagsUnproven: (n) => n + " \u9762\u672a\u8bc1\u660e\uff08\u7425\u73c0\u8272\uff09",
    flagsWrong: (n) => n + " \u9762\u88ab\u6570\u5b57\u5426\u5b9a\uff08\u7ea2\u8272\uff09",
    flagsSaid: (parts) => " \u4f60\u7684\u65d7\uff1a" + parts + "\u3002",
    flagsCannotFit: " \u4f60\u672a\u8bc1\u660e\u7684\u65d7\u4e0d\u53ef\u80fd\u5168\u90fd\u5bf9\u3002",
    sayHint: (text) => "\u63d0\u793a\uff1a" + text + "\u3002",
    sayBestMove: (text) => "\u6700\u597d\u7684\u4e00\u6b65\uff1a" + text + "\u3002",
    sayNoSafeMove: "\u6ca1\u6709\u53ef\u8d70\u7684\u4e00\u6b65\uff1a\u6ca1\u6709\u672a\u6253\u5f00\u7684\u65b9\u683c\u53ef\u80fd\u5b89\u5168\u3002",
    sayOver: "\u6e38\u620f\u5df2\u7ecf\u7ed3\u675f\uff1a\u6ca1\u6709\u53ef\u63d0\u793a\u7684\u4e00\u6b65\u3002",
    sayAI: (text) => "AI\uff1a" + text + "\u3002",
    sayMinesShown: "\u5df2\u663e\u793a\u96f7\uff08\u7070\u70b9\uff09\uff1b\u8fd9\u4e00\u5c40\u6807\u8bb0\u4e3a\u201c\u5077\u770b\u8fc7\u201d\u3002",
    sayMinesLater: "\u96f7\u5728\u7b2c\u4e00\u6b21\u70b9\u51fb\u65f6\u624d\u5e03\u4e0b\u3002",
    sayPeekOff: "\u5077\u770b\u5df2\u5173\uff08\u9009\u9879\uff09\uff1a\u53f3\u952e\u70b9\u51fb\u5df2\u6253\u5f00\u7684\u65b9\u683c\u4e0d\u663e\u793a\u4efb\u4f55\u4e1c\u897f\u3002",
    sayFlagMode: "\u63d2\u65d7\u6a21\u5f0f\uff1a\u8f7b\u70b9\u63d2\u65d7\uff08\u6216\u62d4\u65d7\uff09\u3002",
    sayFirstAnyCell: "\u7b2c\u4e00\u6b21\u70b9\u51fb\u54ea\u91cc\u90fd\u5b89\u5168\uff1a\u8fd8\u6ca1\u6709\u53ef\u5206\u6790\u7684\u3002",
    sayAssisted: " \u8fd9\u4e00\u5c40\u6807\u8bb0\u4e3a\u201c\u6709\u5e2e\u52a9\u201d\u3002",
    sayBoard: (seed, at) => " \u68cb\u76d8\uff1a\u79cd\u5b50 " + seed + "\uff0c\u7b2c\u4e00\u6b21\u70b9\u51fb" + at + "\u3002",
    sayWon: (clicks, seconds, board) => "\u6240\u6709\u5b89\u5168\u65b9\u683c\u90fd\u5df2\u6253\u5f00\uff0c\u7528\u4e86 " + clicks + "\uff0c" + seconds + " \u79d2\u3002" + board,
    sayLost: (board) => "\u8e29\u5230\u96f7\u4e86\uff1a\u6e38\u620f\u7ed3\u675f\u3002" + board + " \u201c\u91cd\u73a9\u201d\u518d\u6765\u540c\u4e00\u5c40\uff0c\u201c\u65b0\u6e38\u620f\u201d\u6362\u4e00\u5c40\u3002",
    sayReplay: "\u540c\u4e00\u5c40\u518d\u6765\uff0c\u5df2\u70b9\u4e86\u5b83\u7684\u7b2c\u4e00\u6b21\u70b9\u51fb\u3002",
    sayExportOnGame: "\u5bfc\u51fa\u7684\u662f\u6e38\u620f\uff1a\u8bf7\u5148\u56de\u5230\u6e38\u620f\u3002",
    sayExported: (judge, name) => "\u5df2\u4e3a " + judge + " \u5bfc\u51fa\uff1a`" + judge + " < " + name + ".in` \u8f93\u51fa " + name + ".ans\u3002",
    downloadInput: "\u8f93\u5165",
    downloadOutput: "\u9884\u671f\u8f93\u51fa",
    analysisProven: (safe, mines) => safe + "\u5df2\u8bc1\u660e\u5b89\u5168\uff0c" + mines + "\u5df2\u8bc1\u660e\u3002",
    analysisGuess: (at, p) => " \u6700\u597d\u7684\u731c\u6d4b" + at + "\uff0c\u662f\u96f7\u7684\u6982\u7387 " + p,
    analysisScore: (score) => "\uff08\u5f97\u5206 " + score + "\uff09",
    analysisThen: (list) => "\uff1b\u5176\u6b21 " + list,
    analysisEnd: "\u3002",
    positionHead: (rows, cols, format, assumed) => rows + "\u00d7" + cols + " " + format + "\uff0c" + assumed + "\u3002",
    "assumed-given": (k) => k + " \u4e2a\u96f7",
    "assumed-jlu-board": (k) => k + " \u4e2a\u96f7\uff08\u5409\u5927\u8bfe\u7a0b\u7684 20\u00d720 \u68cb\u76d8\uff09",
    "assumed-jlu-density": (d) => "\u96f7\u6570\u672a\u77e5\uff1a\u5047\u5b9a\u5bc6\u5ea6 " + d + "%\uff08\u5409\u5927\u8bfe\u7a0b\u7684\uff09",
    "assumed-acm-density": (d) => "\u96f7\u6570\u672a\u77e5\uff1a\u5047\u5b9a\u5bc6\u5ea6 " + d + "%\uff08ACM \u8bfe\u7a0b\u7684\u5730\u56fe\uff09",
    positionNone: "\u6ca1\u6709\u4efb\u4f55\u5e03\u96f7\u7b26\u5408\u8fd9\u4e9b\u6570\u5b57",
    positionNoneAt: (at) => "\uff1a" + at + "\u7684\u6570\u5b57\u65e0\u6cd5\u6ee1\u8db3\u3002",
    positionNoneEnd: "\u3002",
    positionUnproven: "\u672a\u8bc1\u660e\u4e00\u81f4\uff1a\u592a\u5927\u65e0\u6cd5\u7cbe\u786e\u68c0\u67e5\uff0c\u4f46\u6ca1\u6709\u53d1\u73b0\u77db\u76fe\u3002",
    positionBest: (text) => " \u6700\u597d\u7684\u4e00\u6b65\uff1a" + text + "\u3002",
    positionNoMove: " \u6ca1\u6709\u53ef\u8d70\u7684\u4e00\u6b65\u4e86\u3002",
    positionUnknownMines: "?",
    legendAnalysis: "\u989c\u8272\uff1a\u662f\u96f7\u7684\u6982\u7387\uff0c\u7eff 0%\uff0c\u9ec4 25%\uff0c\u7ea2 50% \u53ca\u4ee5\u4e0a\uff08\u65b9\u683c\u5185\u662f\u767e\u5206\u6bd4\uff0c\u60ac\u505c\u663e\u793a\u7cbe\u786e\u503c\uff09\uff1b" +
      "\u2713 \u5df2\u8bc1\u660e\u5b89\u5168\uff1b\u2731 \u5df2\u8bc1\u660e\u662f\u96f7\uff1b1 \u662f\u731c\u6d4b\uff0c2\u20136 \u662f\u5019\u8865\u3002",
    legendFlags: "\u4f60\u7684\u65d7\uff1a\u7eff\u8272\u5df2\u8bc1\u660e\uff0c\u7425\u73c0\u8272\u672a\u8bc1\u660e\uff0c\u7ea2\u8272\u88ab\u6570\u5b57\u5426\u5b9a\u3002",
    legendMachine: "\u7d2b\u8272\u865a\u7ebf\uff1a\u4f60\u7684 machine \u9009\u7684\u65b9\u683c\u3002",
    legendDiff: "\u7ea2\u8272\uff1a\u4f60\u7684 RefreshGamePanel \u4e0e\u6211\u4eec\u7684\u89c4\u5219\u4e0d\u540c\u7684\u65b9\u683c\uff08\u65b9\u683c\u5185\u662f\u6211\u4eec\u7684\uff0c\u89d2\u4e0a\u662f\u4f60\u7684\uff09\u3002",
    titleP: (p) => "\u662f\u96f7\u7684\u6982\u7387 " + p + "%",
    titleSafe: "\uff1a\u5df2\u8bc1\u660e\u5b89\u5168",
    titleMine: "\uff1a\u5df2\u8bc1\u660e\u662f\u96f7",
    titleDead: "\uff1a\u6b7b\u683c\uff08\u6253\u5f00\u5b83\u5f97\u4e0d\u5230\u65b0\u4fe1\u606f\uff09",
    titleRank: (rank, score) => "\uff1b\u731c\u6d4b\u7b2c " + rank + " \u540d" + (score === null ? "" : "\uff0c\u5f97\u5206 " + score),
    titleFlagProven: "\u6570\u5b57\u8bc1\u660e\u4e86\u8fd9\u9762\u65d7",
    titleFlagUnproven: "\u65d7\u672a\u8bc1\u660e\uff1a\u6570\u5b57\u5141\u8bb8\u8fd9\u91cc\u5b89\u5168",
    titleFlagWrong: "\u65d7\u88ab\u5426\u5b9a\uff1a\u6570\u5b57\u8bc1\u660e\u8fd9\u91cc\u5b89\u5168",
    titleDiff: (expected, theirs) => "\u6211\u4eec\u7684\u89c4\u5219\uff1a" + expected + "\uff1b\u4f60\u7684 RefreshGamePanel\uff1a" + theirs,
    titleYours: "\u4f60\u7684 machine \u9009\u7684\u65b9\u683c",
    value: (v) => (v === -1 ? "-1\uff08\u672a\u6253\u5f00\uff09" : String(v)),
    statsStart: (start) => (start === "opening" ? "\u5f00\u9614\u5f00\u5c40" : "\u5b89\u5168\u5f00\u5c40"),
    statsCustom: (cols, rows, mines) => cols + "\u00d7" + rows + "\uff0c" + mines + " \u4e2a\u96f7",
    statsNone: (name) => name + "\uff1a\u8fd8\u6ca1\u6709\u73a9\u5b8c\u7684\u5c40\u3002",
    statsLine: (name, played, won, percent) => name + "\uff1a\u73a9\u4e86 " + played + " \u5c40\uff0c\u8d62\u4e86 " + won + " \u5c40\uff08" + percent + "%\uff09",
    statsBest: (seconds) => "\uff0c\u6700\u4f73 " + seconds + " \u79d2",
    statsMarked: (n) => "\uff1b" + n + " \u5c40\u6709\u5e2e\u52a9\u3001\u5077\u770b\u8fc7\u6216\u91cd\u73a9\uff08\u4e0d\u8ba1\u6700\u4f73\u65f6\u95f4\uff09",
    statsEnd: "\u3002",
    yoursHead: (files) => "\u4f60\u7684\u51fd\u6570\uff1a" + files,
    yoursRefresh: "\u6bcf\u6b21\u70b9\u51fb\u540e\u90fd\u7528\u6211\u4eec\u7684\u89c4\u5219\u68c0\u67e5 RefreshGamePanel\u3002",
    yoursNoRefresh: "\u4f60\u7684\u6587\u4ef6\u91cc\u6ca1\u6709 RefreshGamePanel\uff1a\u53ea\u7528\u6211\u4eec\u7684\u89c4\u5219\u3002",
    yoursMachine: " machine\uff1a\u201c\u63d0\u793a\u201d\u628a\u5b83\u9009\u7684\u65b9\u683c\u663e\u793a\u5728\u6211\u4eec\u7684\u65c1\u8fb9\uff0c\u201c\u81ea\u52a8\u201d\u53ef\u4ee5\u7531\u5b83\u6765\u73a9\u3002",
    yoursNoMachine: " \u4f60\u7684\u6587\u4ef6\u91cc\u6ca1\u6709 machine\u3002",
    yoursTooLarge: (max) => " \u8fd9\u4e2a\u68cb\u76d8\u5927\u4e8e " + max + "\u00d7" + max +
      "\uff1a\u8bfe\u7a0b\u7684\u6570\u7ec4\u662f int[30][30]\uff0c\u6240\u4ee5\u4e0d\u8c03\u7528\u4f60\u7684\u51fd\u6570\u3002",
    yoursTally: (checked, differed, faults) => "RefreshGamePanel\uff1a\u68c0\u67e5\u4e86 " + checked + "\uff0c" +
      (differed ? differed + " \u6b21\u4e0e\u6211\u4eec\u7684\u89c4\u5219\u4e0d\u540c" : "\u5168\u90fd\u4e0e\u6211\u4eec\u7684\u89c4\u5219\u76f8\u540c") + (faults ? "\uff0c" + faults + " \u6b21\u5931\u8d25" : "") + "\u3002",
    yoursSame: (at) => " \u6700\u540e\u4e00\u6b21\uff0c\u5728" + at + "\uff1a\u6e38\u620f\u754c\u9762\u548c\u8fd4\u56de\u503c\u90fd\u4e0e\u6211\u4eec\u7684\u76f8\u540c\u3002",
    yoursCells: (at, cells) => "\u5728" + at + "\u7684\u70b9\u51fb\u4e2d\uff0c\u4f60\u7684 RefreshGamePanel \u6709 " + cells +
      "\u4e0e\u6211\u4eec\u7684\u89c4\u5219\u4e0d\u540c\uff08\u68cb\u76d8\u4e0a\u7ea2\u8272\uff1a\u65b9\u683c\u5185\u662f\u6211\u4eec\u7684\uff0c\u89d2\u4e0a\u662f\u4f60\u7684\uff09\u3002",
    yoursReturn: (at, expected, theirs) => "\u5728" + at + "\u7684\u70b9\u51fb\u4e2d\uff0c\u4f60\u7684 RefreshGamePanel \u8fd4\u56de " +
      theirs + "\uff1b\u6211\u4eec\u7684\u89c4\u5219\u8fd4\u56de " + expected + "\uff08-1 \u8f93\uff0c1 \u8d62\uff0c0 \u7ee7\u7eed\uff09\u3002",
    yoursReturnToo: (expected, theirs) => " \u5b83\u8fd4\u56de " + theirs + "\uff1b\u6211\u4eec\u7684\u89c4\u5219\u8fd4\u56de " + expected + "\u3002",
    yoursFault: (at, why) => "\u5728" + at + "\u7684\u70b9\u51fb\u4e2d\uff0c\u4f60\u7684 RefreshGamePanel " + why +
      "\uff1b\u4e0b\u4e00\u6b21\u8c03\u7528\u7531\u65b0\u7684\u8fdb\u7a0b\u56de\u7b54\u3002",
    yoursOutput: "\u5b83\u7684\u8f93\u51fa\uff08stderr \u548c stdout\uff09\uff1a",
    faultSignal: (signal, name) => "\u5d29\u6e83\u4e86\uff08\u4fe1\u53f7 " + signal + (name ? "\uff0c" + name : "") + "\uff09",
    faultExit: (code) => "\u7ed3\u675f\u4e86\u7a0b\u5e8f\uff08\u9000\u51fa\u72b6\u6001 " + code + "\uff09",
    faultTimeout: (seconds) => "\u8d85\u8fc7 " + seconds + " \u79d2\uff1a\u5df2\u7ec8\u6b62",
    faultAnswer: (text) => "\u56de\u7b54\u4e86\u201c" + text + "\u201d",
    faultStart: (text) => "\u65e0\u6cd5\u542f\u52a8\uff1a" + text,
    faultTooLarge: (max) => "\u672a\u8c03\u7528\uff1a\u68cb\u76d8\u5927\u4e8e " + max + "\u00d7" + max,
    machineSafe: "\u80af\u5b9a\u5b89\u5168",
    machineMine: "\u80af\u5b9a\u662f\u96f7",
    machineGuess: (p) => "\u731c\u6d4b\uff0c\u662f\u96f7\u7684\u6982\u7387 " + p,
    machineOpen: "\u5df2\u6253\u5f00\u7684\u65b9\u683c\uff1a\u8bfe\u7a0b\u5ffd\u7565\u8fd9\u6837\u7684\u70b9\u51fb",
    machineFlag: "\u5728\u4f60\u7684\u65d7\u4e0b\uff08\u5409\u5927\u7684\u6e38\u620f\u6ca1\u6709\u65d7\uff1a\u5b83\u4f1a\u6253\u5f00\uff09",
    machineOff: (x, y) => "x = " + x + "\uff0cy = " + y + "\uff1a\u5728\u68cb\u76d8\u5916",
    machineSaid: (at, what) => " \u4f60\u7684 machine\uff1a" + at + "\uff0c" + what + "\u3002",
    machineFault: (why) => " \u4f60\u7684 machine " + why + "\uff1b\u4e0b\u4e00\u6b21\u8c03\u7528\u7531\u65b0\u7684\u8fdb\u7a0b\u56de\u7b54\u3002",
    sayYoursStep: (machine, ours) => machine.trim() + " \u6211\u4eec\u5728\u8fd9\u91cc\uff1a" + ours + "\u3002",
    oursNone: "\u6ca1\u6709\u53ef\u8d70\u7684",
    sayYoursStopped: " \u81ea\u52a8\u505c\u6b62\uff1a\u8fd9\u6b21\u70b9\u51fb\u6ca1\u6709\u6539\u53d8\u4efb\u4f55\u4e1c\u897f\u3002",
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
      if (ch === ".") text = safe.has(i) ? "\u2713" : mines.has(i) ? "\u2731" : percent(prob);
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
    $("clock").textContent = "\u2013";
    $("clicks").textContent = "\u2013";
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
      a.textContent = "\u2b07 " + answer.name + suffix + " (" + t(what) + ")";
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
if (/^[0-9a-f]{16}$/.test(kept)) resume(kept);
else startFresh();
