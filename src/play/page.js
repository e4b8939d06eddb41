"use strict";
// The page keeps no rules: it sends each move to the server and draws what it answers. Two
// boards can be shown: the game's, or a position pasted (or set up) for analysis.
const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const MIN_CELL = 24;
const MAX_CELL = 32;
const LONG_PRESS_MS = 450;
const DELAYS = [1500, 1000, 700, 450, 300, 180, 100, 50, 15, 0];
const STATS_KEY = "minesweeper-stats";

let mode = "game"; // "game" or "position"
let game = null; // the game's state, as the server answers it
let position = null; // the analysed position: its cells and analysis
let analysis = null; // the analysis drawn on the board, if any
let flagMarks = null; // cell -> "proven" | "unproven" | "wrong", from a hint or the analysis
let cellEls = [];
let shape = "";
let shapeCols = 0;
let mineMap = null;
let peeking = false;
let hint = null; // { cell, cls }
let autoplay = false;
let queue = Promise.resolve();
let clockBase = 0;
let hover = -1; // the cell under the pointer
let cursor = -1; // the keyboard's cell
let lastTouch = -Infinity; // when the last touch on the board began (ms; none yet)
let longPressed = false;

function say(text, isError) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
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
const where = (i, cols) => "(row " + Math.floor(i / cols) + ", col " + (i % cols) + ")";
const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");

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
  }
  shapeCols = cols;
  fit();
}

// Cells as large as the viewport allows, between MIN_CELL and MAX_CELL; below the minimum the
// board scrolls inside its frame.
function fit() {
  if (!shapeCols) return;
  const px = (style, name) => parseFloat(style.getPropertyValue(name)) || 0;
  const body = getComputedStyle(document.body);
  const main = getComputedStyle(document.querySelector("main"));
  const around = px(body, "padding-left") + px(body, "padding-right") + px(main, "padding-left") +
    px(main, "padding-right") + 2;
  const room = document.documentElement.clientWidth - around - (shapeCols + 1);
  const size = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(room / shapeCols)));
  document.documentElement.style.setProperty("--cell", size + "px");
}
window.addEventListener("resize", fit);

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

function draw() {
  const board = shown();
  if (!board) return;
  const cells = board.cells;
  const safe = new Set(analysis ? analysis.safe : []);
  const mines = new Set(analysis ? analysis.mines : []);
  const dead = new Set(analysis && analysis.dead ? analysis.dead : []);
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
    if (ch === ".") cls += " closed" + (peeking && mineMap && mineMap[i] === "1" ? " peek" : "");
    else if (ch === "F") cls += " flag";
    else if (ch === "*") cls += " mine";
    else if (ch === "X") cls += " boom";
    else if (ch === "!") cls += " wrong";
    else if (ch !== "0") { cls += " n" + ch; text = ch; }
    if (analysis && analysis.p && (ch === "." || ch === "F")) {
      const prob = analysis.p[i];
      p = String(prob);
      title = "mine probability " + (100 * prob).toFixed(2) + "%";
      if (safe.has(i)) { cls += " a a-safe"; title += ": proven safe"; }
      else if (mines.has(i)) { cls += " a a-mine"; title += ": proven mine"; }
      else { cls += " a"; background = heat(prob); }
      if (ch === ".") text = safe.has(i) ? "\u2713" : mines.has(i) ? "\u2731" : percent(prob);
      if (dead.has(i)) { cls += " a-dead"; title += ": dead (opening it tells nothing new)"; }
      if (ranks.get(i) === 1) cls += " a-guess";
      if (ranks.has(i)) title += "; guess rank " + ranks.get(i) + (scores.has(i) ? ", score " + scores.get(i).toFixed(3) : "");
    }
    if (ch === "F" && flagMarks && flagMarks.has(i)) {
      const mark = flagMarks.get(i);
      cls += " f-" + mark;
      title = (title ? title + "; " : "") + { proven: "flag proven by the numbers",
        unproven: "flag not proven: the numbers allow a safe cell here",
        wrong: "flag refuted: the numbers prove this cell safe" }[mark];
    }
    if (hint && i === hint.cell) cls += hint.cls;
    if (i === cursor) cls += " cursor";
    const el = cellEls[i];
    if (el.className !== cls) el.className = cls;
    if (el.textContent !== text) el.textContent = text;
    if (el.title !== title) el.title = title;
    if (el.style.background !== background) el.style.background = background;
    if ((el.dataset.p || "") !== p) { if (p) el.dataset.p = p; else delete el.dataset.p; }
    const rank = ranks.has(i) && analysis.p ? String(ranks.get(i)) : "";
    if ((el.dataset.rank || "") !== rank) { if (rank) el.dataset.rank = rank; else delete el.dataset.rank; }
  }
  drawLegend();
  if (mode !== "game") return;
  $("left").textContent = game.left;
  $("clicks").textContent = game.clicks;
  const status = $("status");
  status.className = game.status;
  const marks = ["assisted", "peeked", "replay"].filter((m) => game[m]);
  status.textContent = { ready: game.start === "opening" ? "Click any cell: it opens a 0" :
    "Click any cell to start", playing: "Playing", won: "You win!", lost: "You lose" }[game.status] +
    (marks.length ? " (" + marks.join(", ") + ")" : "");
  clockBase = performance.now() - game.ms;
  tick();
}

function drawLegend() {
  const parts = [];
  if (analysis && analysis.p) {
    parts.push("Colour: mine probability, green 0%, yellow 25%, red 50% and over (the % in the cell, " +
      "exact on hover); " +
      "\u2713 proven safe; \u2731 proven mine; 1 the guess, 2\u20136 the runners-up.");
  }
  if (flagMarks && flagMarks.size) {
    parts.push("Your flags: green proven, amber not proven, red refuted by the numbers.");
  }
  $("legend").hidden = parts.length === 0;
  $("legend").textContent = parts.join(" ");
}

function tick() {
  if (!game) return;
  const ms = game.status === "playing" ? performance.now() - clockBase : game.ms;
  $("clock").textContent = (Math.floor(ms / 100) / 10).toFixed(1);
}
setInterval(tick, 100);

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
  flagMarks = null;
  if (peeking && before && before.status === "ready" && game.status !== "ready") await loadMines();
  await refreshAnalysis();
  if (mode === "game") draw();
  if (over()) {
    stopAuto();
    record(game);
    const time = (game.ms / 1000).toFixed(1) + " s";
    const board = " Board: seed " + game.seed + ", first click " + where(game.first, game.cols) + ".";
    if (game.status === "won") say("All safe cells open in " + plural(game.clicks, "click") + " and " + time + "." + board);
    else say("A mine: game over." + board + " Replay for the same board, New game for another.");
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
    await update(state);
    if (!over()) say(replay ? "The same board again, its first click made." : "");
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

function describe(move, cols) {
  const at = where(move.row * cols + move.col, cols);
  const p = (100 * move.p).toFixed(move.p > 0 && move.p < 0.01 ? 2 : 1) + "%";
  switch (move.why) {
    case "first": return "open " + at + ": the first click is never a mine" +
      (game && game.start === "opening" ? ", and shows a 0" : "");
    case "wrong-flag": return "remove the flag at " + at + ": the numbers prove that cell certainly safe";
    case "mine": return "flag " + at + ": certainly a mine";
    case "chord": return "open around " + at + ": every cell it opens is certainly safe";
    case "safe": return "open " + at + ": certainly safe";
    case "guess-under-flag": return "no cell is proven safe; the best guess " + at +
      " is under your flag, which the numbers do not prove: remove it to open it (mine probability " + p + ")";
    case "fifty": return "no cell is proven safe; guess " + at + " now, mine probability " + p +
      ": wherever it is a mine, closed cells form that nothing can tell apart (a 50/50 every player faces)";
    case "walled": return "no cell is proven safe; guess " + at + ", mine probability " + p +
      ": only walled-off closed cells are left, and an exact search finds this move wins them most often";
    default: return "no cell is proven safe; guess " + at + ", mine probability " + p;
  }
}

function describeFlags(flags) {
  if (!flags) return "";
  const counts = [[flags.proven.length, "proven"], [flags.unproven.length, "not proven (amber)"],
    [flags.wrong.length, "refuted by the numbers (red)"]].filter(([n]) => n > 0);
  if (!counts.length) return "";
  let text = " Your flags: " + counts.map(([n, what]) => n + " " + what).join(", ") + ".";
  if (!flags.fit && flags.wrong.length === 0) text += " Your unproven flags cannot all be right.";
  return text;
}

function hintClass(move) {
  if (move.move === "flag" || move.move === "unflag") return " hint flagit";
  return move.certain ? " hint" : " hint guess";
}

function showHint() {
  enqueue(async () => {
    if (mode === "position") {
      const move = position.advice;
      if (!move) { say("No move: no closed cell can be safe."); return; }
      hint = { cell: move.row * position.cols + move.col, cls: hintClass(move) };
      draw();
      say("Best move: " + describe(move, position.cols) + "." + describeFlags(position.flags));
      return;
    }
    if (!game) return;
    const move = await call("GET", "/hint?" + gameQuery());
    if (move.move === null) { say("The game is over: no move to suggest."); return; }
    game.assisted = game.assisted || game.status === "playing";
    hint = { cell: move.row * game.cols + move.col, cls: hintClass(move) };
    if (move.flags) flagMarks = marksOf(move.flags);
    draw();
    say("Hint: " + describe(move, game.cols) + "." + describeFlags(move.flags));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startAuto() {
  if (mode !== "game" || !game || over()) return;
  autoplay = true;
  $("auto").textContent = "Stop";
  $("auto").classList.add("on");
  enqueue(async () => {
    while (autoplay) {
      const answer = await call("POST", "/step?" + gameQuery());
      const move = answer.move;
      await update(answer);
      if (move !== null && !over()) say("AI: " + describe(answer, game.cols) + ".");
      if (move === null || over()) break;
      await sleep(DELAYS[$("speed").value - 1]);
    }
    stopAuto();
  });
}

function stopAuto() {
  autoplay = false;
  $("auto").textContent = "Autoplay";
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
      say(mineMap ? "Mines shown (the grey dots); this game is marked as peeked." : "The mines are placed at the first click.");
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
    if (on && game.status === "ready") say("Any first click is safe: nothing to analyse yet.");
    else if (on && analysis) say(analysisSummary(analysis, game.cols) + " This game is marked as assisted.");
  });
}

function analysisSummary(a, cols) {
  const parts = [plural(a.safe.length, "cell") + " proven safe", plural(a.mines.length, "mine") + " proven"];
  let text = parts.join(", ") + ".";
  if (a.guess) {
    const scored = (r) => (r.score === null ? "" : " (score " + r.score.toFixed(3) + ")");
    text += " Best guess " + where(a.guess.cell, cols) + ", mine probability " +
      (100 * a.guess.p).toFixed(1) + "%" + scored(a.guess);
    if (a.runners.length) text += "; then " + a.runners.map((r) => where(r.cell, cols) + " " +
      (100 * r.p).toFixed(1) + "%" + scored(r)).join(", ");
    text += ".";
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
    else say("Peek is off (Options): a right click on an open cell shows nothing.");
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
  if (event.pointerType === "mouse") return;
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
  const name = (level ? level.textContent : game.cols + "\u00d7" + game.rows + ", " + game.mines + " mines") +
    ", " + game.start + " start";
  if (!s) { $("stats").textContent = name + ": no finished game yet."; return; }
  let text = name + ": " + s.played + " played, " + s.won + " won (" +
    Math.round((100 * s.won) / s.played) + "%)";
  if (s.best !== null) text += ", best " + (s.best / 1000).toFixed(1) + " s";
  if (s.marked) text += "; " + s.marked + " assisted, peeked or replayed (no best time)";
  $("stats").textContent = text + ".";
}

// Export: the game as a judge's input and expected output, offered as two downloads.
function exportGame() {
  enqueue(async () => {
    if (mode !== "game" || !game) { say("Export works on a game: go back to the game first.", true); return; }
    const judge = $("judge").value;
    const answer = await call("GET", "/export?" + gameQuery() + "&judge=" + judge);
    const box = $("downloads");
    for (const a of box.querySelectorAll("a")) URL.revokeObjectURL(a.href);
    box.textContent = "";
    for (const [suffix, text, what] of [[".in", answer.input, "input"], [".ans", answer.output, "expected output"]]) {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.download = answer.name + suffix;
      a.className = "download-" + suffix.slice(1);
      a.textContent = "\u2b07 " + answer.name + suffix + " (" + what + ")";
      box.appendChild(a);
    }
    for (const note of answer.notes) {
      const p = document.createElement("p");
      p.textContent = note;
      box.appendChild(p);
    }
    say("Exported for " + judge + ": `" + judge + " < " + answer.name + ".in` prints " + answer.name + ".ans.");
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
  $("back").hidden = false;
  $("auto").disabled = true;
  build(answer.rows, answer.cols);
  draw();
  $("status").className = "";
  $("status").textContent = "Position: " + answer.format;
  const head = answer.rows + "\u00d7" + answer.cols + " " + answer.format + ", " + answer.assumed + ". ";
  if (!answer.consistent) {
    if (answer.cell !== null) hint = { cell: answer.cell, cls: " hint flagit" };
    draw();
    say(head + "No arrangement of mines fits these numbers" +
      (answer.cell !== null ? ": the number at " + where(answer.cell, answer.cols) + " cannot be satisfied." : "."), true);
    return;
  }
  const move = answer.advice ? " Best move: " + describe(answer.advice, answer.cols) + "." : " No move left.";
  const proof = answer.consistent === "unproven" ? "Not proven consistent: too large to check exactly, no contradiction found. " : "";
  say(head + proof + analysisSummary(answer, answer.cols) + move + describeFlags(answer.flags));
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
  say(on ? "Flag mode: a tap flags (or unflags) a cell." : "");
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

// The game's id is kept in the address (#id), so that a reload goes on with the same game.
function resume(id) {
  enqueue(async () => {
    let state = null;
    try { state = await call("GET", "/state?game=" + encodeURIComponent(id)); } catch (e) { /* gone */ }
    if (!state) { newGame(false); return; }
    // The controls show the resumed game's board and start.
    const level = state.rows + "," + state.cols + "," + state.mines;
    const known = [...$("level").options].some((option) => option.value === level);
    $("level").value = known ? level : "custom";
    $("custom").hidden = known;
    [$("rows").value, $("cols").value, $("mines").value] = [state.rows, state.cols, state.mines];
    $("start").value = state.start;
    build(state.rows, state.cols);
    await update(state);
    drawStats();
  });
}
const kept = location.hash.slice(1);
if (/^[0-9a-f]{16}$/.test(kept)) resume(kept);
else newGame(false);
