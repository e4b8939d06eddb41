"use strict";
// The page keeps no rules: it sends each move to the server and draws what it answers. Two
// boards can be shown: the game's, or a position pasted (or set up) for analysis. With
// `play --functions`, the student's RefreshGamePanel is checked after every click (the server
// answers the differences) and their machine plays beside ours.
//
// Every word the page shows is in TEXT (words.js, put before this script when the page is
// served); a message is kept as a function of the language, so that switching the language
// says it again. What changes is in one object, `app`; each cell is drawn by drawCell.

// The names of the signals a crash is usually told by.
const SIGNALS = { 4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 24: "SIGXCPU" };

const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const frameEl = $("frame");
const MIN_FIT = 16; // the smallest cell the board is fitted to (px); smaller by zooming out
// On a phone a finger needs a larger cell, and the percentages room: the intermediate board
// still fits a 390 px screen; a wider one scrolls in its frame, and says so.
const MIN_FIT_PHONE = 21;
const MIN_PERCENT = 20; // the smallest cell the percentages are drawn in
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
const FLAGS_KEY = "minesweeper-flags-are-mines"; // "1" when a position's flags are read as mines

// Everything about the page that changes, in one object: the game or position shown, what
// is drawn over it, the pointer, the zoom, autoplay and the message. The rest are constants.
const app = {
  lang: chooseLanguage(),
  mode: "game", // "game" or "position"
  game: null, // the game's state, as the server answers it
  position: null, // the analysed position: its cells and analysis
  analysis: null, // the analysis drawn on the board, if any
  flagMarks: null, // cell -> "proven" | "unproven" | "wrong", from a hint or the analysis
  functions: { files: [], refresh: false, machine: false, max: 30 }, // the student's
  cellEls: [],
  shape: "",
  shapeRows: 0,
  shapeCols: 0,
  zoom: 1,
  mineMap: null,
  peeking: false,
  hint: null, // { cell, cls }: our move, drawn on the board
  yoursCell: -1, // the student's machine's cell, beside our hint
  hintSaid: false, // the message is a hint, to clear once the board changes
  said: { text: () => "", isError: false }, // the message, as a function of the language
  autoplay: false,
  queue: Promise.resolve(),
  clockBase: 0,
  hover: -1, // the cell under the pointer
  cursor: -1, // the keyboard's cell
  lastTouch: -Infinity, // when the last touch on the board began (ms; none yet)
  longPressed: false,
  pinch: null, // two fingers on the board: their spread, while they pinch
  press: null, // a touch held still, until it is a long press
  exportNotes: [], // the last export's notes, said again in a new language
  editTimer: null, // the analysis of a position being edited, not yet asked
};

function chooseLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(LANGUAGE_KEY); } catch (e) { /* private mode */ }
  if (stored && TEXT[stored]) return stored;
  const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return /^zh\b/i.test(wanted) ? "zh" : "en";
}

// The word `key` in the page's language; a function of `args` where it takes some.
function t(key, ...args) {
  const word = key in TEXT[app.lang] ? TEXT[app.lang][key] : TEXT.en[key];
  return typeof word === "function" ? word(...args) : word;
}

// Fills every element the HTML names a word for, and says the message again.
function applyLanguage() {
  document.documentElement.lang = app.lang === "zh" ? "zh-CN" : "en";
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll("[data-t-aria]")) el.setAttribute("aria-label", t(el.dataset.tAria));
  for (const el of document.querySelectorAll("[data-t-html]")) el.innerHTML = t(el.dataset.tHtml);
  if (app.autoplay) $("auto").textContent = t("stop");
  showSaid();
  draw();
  drawYours();
  drawStats();
  drawFigures();
  drawNotes();
  drawScrollCue();
}

function fillLanguages() {
  const select = $("lang");
  for (const code of Object.keys(TEXT)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = TEXT[code].language;
    select.appendChild(option);
  }
  select.value = app.lang;
}

// The message: `text` a function of the language (or a plain string), said again on a switch.
function say(text, isError) {
  app.said = { text: typeof text === "function" ? text : () => text, isError: !!isError };
  app.hintSaid = false;
  showSaid();
}
function showSaid() {
  $("message").textContent = app.said.text();
  $("message").className = app.said.isError ? "error" : "";
}

// A request, in the page's language: the server writes what went wrong in it (`lang=zh`; an
// English page asks as it always did).
async function call(method, path, body) {
  if (app.lang === "zh") path += (path.includes("?") ? "&" : "?") + "lang=zh";
  const response = await fetch(path, { method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || "HTTP " + response.status);
  return JSON.parse(text);
}

function enqueue(job) {
  app.queue = app.queue.then(job).catch((error) => { stopAuto(); say(error.message, true); });
  return app.queue;
}

function gameQuery() { return "game=" + encodeURIComponent(app.game.game); }
// Our solver's strength, for what it advises or plays (absent: the default).
function strengthQuery() { return $("strength").value === "strong" ? "&strength=strong" : ""; }
const over = () => app.game && (app.game.status === "won" || app.game.status === "lost");
const where = (i, cols) => t("where", Math.floor(i / cols), i % cols);
const fixed = (p, digits) => (100 * p).toFixed(digits) + "%";

// The board shown: the game's or the position's.
function shown() { return app.mode === "game" ? app.game : app.position; }

function build(rows, cols) {
  const key = rows + "x" + cols;
  if (key !== app.shape) {
    app.shape = key;
    boardEl.style.gridTemplateColumns = "repeat(" + cols + ", var(--cell))";
    boardEl.textContent = "";
    app.cellEls = [];
    for (let i = 0; i < rows * cols; i++) {
      const el = document.createElement("div");
      el.dataset.i = i;
      boardEl.appendChild(el);
      app.cellEls.push(el);
    }
    app.hover = -1;
    app.cursor = -1;
    app.zoom = 1;
  }
  app.shapeRows = rows;
  app.shapeCols = cols;
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
  const size = Math.floor(Math.min((roomWidth - (app.shapeCols + 1)) / app.shapeCols, (roomHeight - (app.shapeRows + 1)) / app.shapeRows));
  const least = WIDE.matches ? MIN_FIT : MIN_FIT_PHONE;
  return { size: Math.max(least, Math.min(MAX_FIT, size)), roomWidth, roomHeight };
}

function fit() {
  if (!app.shapeCols) return;
  const room = fitted();
  const size = Math.max(MIN_ZOOMED, Math.min(MAX_ZOOMED, Math.round(room.size * app.zoom)));
  document.documentElement.style.setProperty("--cell", size + "px");
  boardEl.classList.toggle("small", size < MIN_PERCENT);
  frameEl.style.maxHeight = WIDE.matches && Number.isFinite(room.roomHeight) ? Math.max(200, room.roomHeight) + "px" : "";
  frameEl.style.maxWidth = WIDE.matches ? Math.max(200, room.roomWidth) + "px" : "";
  drawScrollCue();
}
window.addEventListener("resize", fit);

// A board wider than its frame: shades on the sides it scrolls to, and how many columns are
// out of view on each, below it.
function drawScrollCue() {
  const cue = $("scrollcue");
  const box = $("framebox");
  const cellPx = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) + 1;
  const hiddenLeft = app.shapeCols ? Math.min(app.shapeCols, Math.floor(frameEl.scrollLeft / cellPx + 0.1)) : 0;
  const beyond = frameEl.scrollWidth - frameEl.clientWidth - frameEl.scrollLeft;
  const hiddenRight = app.shapeCols ? Math.min(app.shapeCols, Math.floor(beyond / cellPx + 0.1)) : 0;
  box.classList.toggle("more-left", hiddenLeft > 0);
  box.classList.toggle("more-right", hiddenRight > 0);
  cue.hidden = hiddenLeft === 0 && hiddenRight === 0;
  cue.textContent = cue.hidden ? "" : t("scrollCue", hiddenLeft, hiddenRight);
}
frameEl.addEventListener("scroll", drawScrollCue, { passive: true });

// Zooms by `factor`, keeping the board's point under (x, y) (client coordinates; the frame's
// centre by default) where it was.
function zoomBy(factor, x, y) {
  const before = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 1;
  const box = frameEl.getBoundingClientRect();
  const px = (x === undefined ? box.left + box.width / 2 : x) - box.left;
  const py = (y === undefined ? box.top + box.height / 2 : y) - box.top;
  const base = fitted().size;
  app.zoom = Math.max(MIN_ZOOMED / base, Math.min(MAX_ZOOMED / base, app.zoom * factor));
  fit();
  const after = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 1;
  const scale = after / before;
  frameEl.scrollLeft = (frameEl.scrollLeft + px) * scale - px;
  frameEl.scrollTop = (frameEl.scrollTop + py) * scale - py;
  drawScrollCue();
}

// Two fingers on the board pinch-zoom it; one finger pans the frame (the browser's own scroll).
const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
frameEl.addEventListener("touchstart", (event) => {
  if (event.touches.length !== 2) return;
  endPress();
  app.pinch = { distance: spread(event.touches) };
}, { passive: true });
frameEl.addEventListener("touchmove", (event) => {
  if (!app.pinch || event.touches.length !== 2) return;
  event.preventDefault();
  const distance = spread(event.touches);
  const x = (event.touches[0].clientX + event.touches[1].clientX) / 2;
  const y = (event.touches[0].clientY + event.touches[1].clientY) / 2;
  zoomBy(distance / app.pinch.distance, x, y);
  app.pinch.distance = distance;
}, { passive: false });
frameEl.addEventListener("touchend", (event) => { if (event.touches.length < 2) app.pinch = null; });
frameEl.addEventListener("touchcancel", () => { app.pinch = null; });

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
  const last = app.mode === "game" && app.game && app.game.yours ? app.game.yours.last : null;
  if (!last || (last.theirs === last.expected && last.cells.length === 0)) return null;
  return { click: last.cell, cells: new Map(last.cells.map(([cell, ours, theirs]) => [cell, [ours, theirs]])) };
}

// What every cell's drawing needs to know of the analysis, the hint and the student's check.
function drawContext() {
  const ctx = {
    safe: new Set(app.analysis ? app.analysis.safe : []),
    mines: new Set(app.analysis ? app.analysis.mines : []),
    dead: new Set(app.analysis && app.analysis.dead ? app.analysis.dead : []),
    diff: differences(),
    ranks: new Map(),
    scores: new Map(),
    best: app.mode === "position" && app.position && app.position.advice ? app.position.advice.row * app.position.cols + app.position.advice.col : -1,
  };
  if (app.analysis && app.analysis.guess) {
    [app.analysis.guess, ...app.analysis.runners].forEach((r, k) => {
      ctx.ranks.set(r.cell, k + 1);
      if (r.score !== null) ctx.scores.set(r.cell, r.score);
    });
  }
  return ctx;
}

function draw() {
  const board = shown();
  if (!board || board.cells.length !== app.cellEls.length) return;
  const ctx = drawContext();
  for (let i = 0; i < board.cells.length; i++) drawCell(i, board.cells[i], ctx);
  drawLegend();
  drawCounters();
}

// One cell: its class, its text (with the guess's rank as a badge of its own, beside the
// percentage rather than over it), its title and colour. Only what changed is written.
function drawCell(i, ch, ctx) {
  let cls = "c";
  let text = "";
  let title = "";
  let background = "";
  let p = "";
  let yours = "";
  if (ch === ".") cls += " closed" + (app.peeking && app.mineMap && app.mineMap[i] === "1" ? " peek" : "");
  else if (ch === "F") cls += " flag";
  else if (ch === "*") cls += " mine";
  else if (ch === "X") cls += " boom";
  else if (ch === "!") cls += " wrong";
  else if (ch !== "0") { cls += " n" + ch; text = ch; }
  if (app.analysis && app.analysis.p && (ch === "." || ch === "F")) {
    const prob = app.analysis.p[i];
    p = String(prob);
    title = t("titleP", (100 * prob).toFixed(2));
    if (ctx.safe.has(i)) { cls += " a a-safe"; title += t("titleSafe"); }
    else if (ctx.mines.has(i)) { cls += " a a-mine"; title += t("titleMine"); }
    else { cls += " a"; background = heat(prob); }
    if (ch === ".") text = ctx.safe.has(i) ? "✓" : ctx.mines.has(i) ? "✱" : percent(prob);
    if (ctx.dead.has(i)) { cls += " a-dead"; title += t("titleDead"); }
    if (ctx.ranks.get(i) === 1) cls += " a-guess";
    if (ctx.ranks.has(i)) title += t("titleRank", ctx.ranks.get(i), ctx.scores.has(i) ? ctx.scores.get(i).toFixed(3) : null);
  }
  if (i === ctx.best) { cls += " a-best"; title += t("titleBest"); }
  if (ch === "F" && app.flagMarks && app.flagMarks.has(i)) {
    const mark = app.flagMarks.get(i);
    cls += " f-" + mark;
    title = t("clauses", title, t({ proven: "titleFlagProven", unproven: "titleFlagUnproven",
      wrong: "titleFlagWrong" }[mark]));
  }
  if (ctx.diff && ctx.diff.cells.has(i)) {
    const [ours, theirs] = ctx.diff.cells.get(i);
    cls += " diff";
    yours = String(theirs);
    title = t("titleDiff", t("value", ours), t("value", theirs));
  }
  if (ctx.diff && ctx.diff.click === i) cls += " diffclick";
  if (app.hint && i === app.hint.cell) cls += app.hint.cls;
  if (i === app.yoursCell) { cls += " yours"; title = t("clauses", title, t("titleYours")); }
  if (i === app.cursor) cls += " cursor";
  const rank = ctx.ranks.has(i) && app.analysis.p ? String(ctx.ranks.get(i)) : "";
  if (rank) cls += " ranked";
  const el = app.cellEls[i];
  if (el.className !== cls) el.className = cls;
  const content = rank + "|" + text;
  if (el.dataset.content !== content) {
    el.dataset.content = content;
    if (rank) {
      const badge = document.createElement("span");
      badge.className = "rank";
      badge.textContent = rank;
      const value = document.createElement("span");
      value.className = "value";
      value.textContent = text;
      el.replaceChildren(badge, value);
    } else {
      el.textContent = text;
    }
  }
  if (el.title !== title) el.title = title;
  if (el.style.background !== background) el.style.background = background;
  if ((el.dataset.p || "") !== p) { if (p) el.dataset.p = p; else delete el.dataset.p; }
  if ((el.dataset.yours || "") !== yours) { if (yours) el.dataset.yours = yours; else delete el.dataset.yours; }
  if ((el.dataset.rank || "") !== rank) { if (rank) el.dataset.rank = rank; else delete el.dataset.rank; }
}

// The counters and the status: the game's, or the position's while one is shown.
function drawCounters() {
  const status = $("status");
  if (app.mode === "position") {
    const flags = [...app.position.cells].filter((ch) => ch === "F").length;
    $("left").textContent = app.position.total === null ? t("positionUnknownMines") : String(app.position.total - flags);
    $("clock").textContent = "–";
    $("clicks").textContent = "–";
    status.className = "";
    status.textContent = t("statusPosition", t("format-" + app.position.format));
    return;
  }
  if (!app.game) return;
  $("left").textContent = app.game.left;
  $("clicks").textContent = app.game.clicks;
  status.className = app.game.status;
  const marks = [["assisted", "markAssisted"], ["peeked", "markPeeked"], ["replay", "markReplay"]]
    .filter(([field]) => app.game[field]).map(([, key]) => t(key));
  const now = { ready: app.game.start === "opening" ? "statusReadyOpening" : "statusReady", playing: "statusPlaying",
    won: "statusWon", lost: "statusLost" }[app.game.status];
  status.textContent = t(now) + (marks.length ? t("statusMarks", marks) : "");
  app.clockBase = performance.now() - app.game.ms;
  tick();
}

function drawLegend() {
  const parts = [];
  if (app.analysis && app.analysis.p) parts.push(t("legendAnalysis"));
  if (app.mode === "position" && app.analysis && app.position.advice) parts.push(t("legendBest"));
  if (app.mode === "position" && app.analysis && app.position.flags_are === "mines" && app.position.cells.includes("F")) {
    parts.push(t("legendFlagsMines"));
  }
  if (app.flagMarks && app.flagMarks.size) parts.push(t("legendFlags"));
  if (app.yoursCell >= 0) parts.push(t("legendMachine"));
  if (differences()) parts.push(t("legendDiff"));
  $("legend").hidden = parts.length === 0;
  $("legend").textContent = parts.join(" ");
}

function tick() {
  if (!app.game || app.mode !== "game") return;
  const ms = app.game.status === "playing" ? performance.now() - app.clockBase : app.game.ms;
  $("clock").textContent = secondsText(ms);
}

// A time in seconds as every part of the page shows it: cut to the tenth, never rounded up, so
// that the counter never shows a time not yet reached and the end shows what it stopped at.
function secondsText(ms) {
  return (Math.floor(ms / 100) / 10).toFixed(1);
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
  box.hidden = app.functions.files.length === 0;
  $("byline").hidden = !app.functions.machine;
  if (box.hidden) return;
  $("yourshead").textContent = t("yoursHead", t("list", app.functions.files));
  let line = t(app.functions.refresh ? "yoursRefresh" : "yoursNoRefresh") +
    t(app.functions.machine ? "yoursMachine" : "yoursNoMachine");
  const board = shown();
  if (board && (board.rows > app.functions.max || board.cols > app.functions.max)) line += t("yoursTooLarge", app.functions.max);
  $("yoursline").textContent = line;
  const checks = app.mode === "game" && app.game ? app.game.yours : null;
  const last = checks ? checks.last : null;
  let text = "";
  let output = "";
  if (checks) text = t("yoursTally", t("clicks", checks.checked), checks.differed, checks.faults);
  if (last) {
    const at = where(last.cell, app.game.cols);
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
  if (app.mode !== "game") return;
  app.analysis = null;
  if (analysisOn() && app.game.status === "playing") {
    app.analysis = await call("GET", "/analysis?" + gameQuery() + strengthQuery());
    app.flagMarks = marksOf(app.analysis.flags);
  }
}

async function update(state) {
  const before = app.game;
  app.game = state;
  if (location.hash !== "#" + app.game.game) history.replaceState(null, "", "#" + app.game.game);
  app.hint = null;
  app.yoursCell = -1;
  app.flagMarks = null;
  // A hint is about the board it was given on: once that changes, it is gone.
  if (app.hintSaid && before && before.cells !== app.game.cells) say("");
  if (app.peeking && before && before.status === "ready" && app.game.status !== "ready") await loadMines();
  await refreshAnalysis();
  if (app.mode === "game") draw();
  drawYours();
  drawFigures();
  if (over()) {
    stopAuto();
    record(app.game);
    const seconds = secondsText(app.game.ms);
    const g = app.game;
    const board = () => t("sayBoard", g.seed, where(g.first, g.cols));
    if (app.game.status === "won") say(() => t("sayWon", t("clicks", g.clicks), seconds, board()));
    else say(() => t("sayLost", board()));
  }
}

// A finished game's statistics (the server's: none while playing), each with its definition on
// hover; the clicks and the time are the counters' (docs/players.md).
function drawFigures() {
  const box = $("figures");
  const f = app.mode === "game" && app.game && over() ? app.game.stats : null;
  box.hidden = !f;
  if (!f) return;
  const ratio = (v, digits) => (v === null ? "–" : v.toFixed(digits));
  const parts = t("figures", { bbbv: f.bbbv, solved: f.solved, bbbvS: ratio(f.bbbv_s, 2), clicks: f.total_clicks,
    left: f.left_clicks, right: f.right_clicks, chords: f.chords, effective: f.effective, ioe: ratio(f.ioe, 2),
    correctness: f.correctness === null ? "–" : Math.round(100 * f.correctness) + "%",
    throughput: ratio(f.throughput, 2), seconds: secondsText(f.time_ms) });
  box.replaceChildren(...parts.flatMap(([text, title], index) => {
    const span = document.createElement("span");
    span.textContent = text;
    span.title = title;
    return index ? [" · ", span] : [span];
  }));
}

async function loadMines() {
  const answer = await call("GET", "/reveal?" + gameQuery());
  app.mineMap = answer.placed ? answer.map : null;
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
    if ($("level").value === "position" && app.game) showBoardOf(app.game);
    const query = replay && app.game ? "replay=" + encodeURIComponent(app.game.game) : sizeQuery();
    const state = await call("POST", "/new?" + query);
    showGame();
    app.game = null;
    app.mineMap = null;
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
  app.mode = "game";
  app.position = null;
  app.analysis = null;
  $("back").hidden = true;
  $("auto").disabled = false;
}

function act(action, i) {
  enqueue(async () => {
    if (!app.game) return;
    const row = Math.floor(i / app.game.cols), col = i % app.game.cols;
    await update(await call("POST", "/" + action + "?" + gameQuery() + "&row=" + row + "&col=" + col));
  });
}

// Our advice in words; `rules` are the game's (`flags`, `marks` for an ACM map, `clicks` for a
// JLU panel: the server advises no flag there).
function describe(move, cols, rules) {
  const at = where(move.row * cols + move.col, cols);
  const p = (100 * move.p).toFixed(move.p > 0 && move.p < 0.01 ? 2 : 1) + "%";
  switch (move.why) {
    case "first": return t("moveFirst", at, app.game && app.game.start === "opening");
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
  if (machine.on === "flag") what = t("clauses", what, t("machineFlag"));
  return { text: t("machineSaid", where(cell, cols), what), cell };
}

function hintClass(move) {
  if (move.move === "flag" || move.move === "unflag") return " hint flagit";
  return move.certain ? " hint" : " hint guess";
}

// The cell of a hint in view (the frame and the page scroll to it) and pulsing.
function reveal(cell) {
  const el = app.cellEls[cell];
  if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function showHint() {
  enqueue(async () => {
    if (app.mode === "position") {
      const move = app.position.advice;
      if (!move) { say(() => t("sayNoSafeMove")); return; }
      const p = app.position;
      app.hint = { cell: move.row * app.position.cols + move.col, cls: hintClass(move) };
      draw();
      reveal(app.hint.cell);
      say(() => t("sayBestMove", describePosition(p)) + describeFlags(p.flags));
      app.hintSaid = true;
      return;
    }
    if (!app.game) return;
    const move = await call("GET", "/hint?" + gameQuery() + strengthQuery());
    const cols = app.game.cols;
    const machine = describeMachine(move.machine, cols);
    app.yoursCell = machine.cell;
    if (move.move === null) {
      draw();
      say(() => t("sayOver") + describeMachine(move.machine, cols).text);
      return;
    }
    app.game.assisted = app.game.assisted || app.game.status === "playing";
    app.hint = { cell: move.row * cols + move.col, cls: hintClass(move) };
    if (move.flags) app.flagMarks = marksOf(move.flags);
    draw();
    reveal(app.hint.cell);
    say(() => t("sayHint", describe(move, cols, "flags")) + describeFlags(move.flags) +
      describeMachine(move.machine, cols).text);
    app.hintSaid = true;
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startAuto() {
  if (app.mode !== "game" || !app.game || over()) return;
  const yours = $("autoby").value === "yours" && app.functions.machine;
  app.autoplay = true;
  $("auto").textContent = t("stop");
  $("auto").classList.add("on");
  enqueue(async () => {
    while (app.autoplay) {
      const efficient = !yours && $("autofor").value === "efficiency";
      const answer = await call("POST", "/step?" + gameQuery() + (yours ? "&by=yours" : "") +
        (efficient ? "&for=efficiency" : "") + strengthQuery());
      const move = answer.move === undefined ? answer.machine : answer.move;
      const cols = app.game.cols;
      await update(answer);
      if (yours) {
        const machine = describeMachine(answer.machine, cols);
        app.yoursCell = machine.cell;
        const ours = answer.ours;
        if (ours && !over()) app.hint = { cell: ours.row * cols + ours.col, cls: hintClass(ours) };
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
  app.autoplay = false;
  $("auto").textContent = t("autoplay");
  $("auto").classList.remove("on");
}

function toggleAuto() { if (app.autoplay) stopAuto(); else startAuto(); }

function setPeeking(on) {
  app.peeking = on;
  if (!on) app.mineMap = null;
}

function togglePeek() {
  enqueue(async () => {
    if (!app.game) return;
    setPeeking(!app.peeking);
    if (app.peeking) {
      await loadMines();
      app.game = await call("GET", "/state?" + gameQuery());
      say(() => t(app.mineMap ? "sayMinesShown" : "sayMinesLater"));
    } else {
      say("");
    }
    draw();
  });
}

function toggleAnalysis() {
  const on = !analysisOn();
  $("analysis").setAttribute("aria-pressed", String(on));
  if (app.mode !== "game") return;
  enqueue(async () => {
    await refreshAnalysis();
    if (!on) app.flagMarks = null;
    draw();
    const a = app.analysis, cols = app.game.cols;
    // The server marked it: the status says so in the same word as the message.
    if (on && a) app.game.assisted = true;
    draw();
    if (on && app.game.status === "ready") say(() => t("sayFirstAnyCell"));
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
  if (app.mode === "position") { edit(i, 1); return; }
  if (!app.game || app.autoplay) return;
  const ch = app.game.cells[i];
  if (ch === "." && $("flagmode").getAttribute("aria-pressed") === "true") act("flag", i);
  else if (ch === ".") act("open", i);
  else if (ch === "F" && $("flagmode").getAttribute("aria-pressed") === "true") act("flag", i);
  else if (ch >= "1" && ch <= "8") act("chord", i);
}

// A right click, a long press, or F.
function secondary(i, key) {
  if (app.mode === "position") { edit(i, key ? "F" : -1); return; }
  if (!app.game || app.autoplay) return;
  const ch = app.game.cells[i];
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
  if (app.longPressed) { app.longPressed = false; return; }
  primary(i);
});
boardEl.addEventListener("contextmenu", (event) => {
  event.preventDefault();
  // A long touch fires a context menu too: the long press has handled it.
  if (performance.now() - app.lastTouch < 1500) return;
  const i = cellOf(event.target);
  if (i >= 0) secondary(i, false);
});

// Long press: a touch held still for LONG_PRESS_MS flags (or peeks on an open cell).
boardEl.addEventListener("pointerdown", (event) => {
  app.longPressed = false;
  endPress(); // a second finger: a pinch, not a long press
  if (event.pointerType === "mouse" || app.pinch) return;
  const i = cellOf(event.target);
  if (i < 0) return;
  app.lastTouch = performance.now();
  const timer = setTimeout(() => {
    app.longPressed = true;
    app.press = null;
    if (navigator.vibrate) navigator.vibrate(15);
    secondary(i, false);
  }, LONG_PRESS_MS);
  app.press = { timer, x: event.clientX, y: event.clientY };
});
function endPress() { if (app.press) { clearTimeout(app.press.timer); app.press = null; } }
boardEl.addEventListener("pointermove", (event) => {
  if (app.press && Math.hypot(event.clientX - app.press.x, event.clientY - app.press.y) > 10) endPress();
});
boardEl.addEventListener("pointerup", endPress);
boardEl.addEventListener("pointercancel", endPress);
boardEl.addEventListener("pointerover", (event) => {
  const i = cellOf(event.target);
  if (i >= 0) app.hover = i;
});
boardEl.addEventListener("pointerleave", () => { app.hover = -1; });

// Keys: Space/Enter open or chord, F flags (the cell under the pointer, else the cursor the
// arrows move), N new game, H hint, A autoplay; on a position, 0-8 . F Backspace set a cell.
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
function target() { return app.hover >= 0 ? app.hover : app.cursor; }
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
    app.hover = -1;
    app.cursor = row * board.cols + col;
    draw();
    app.cellEls[app.cursor].scrollIntoView({ block: "nearest", inline: "nearest" });
  } else if (app.mode === "position" && i >= 0 && /^[0-8.]$|^Backspace$|^Delete$/.test(key)) {
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
  else if (g.status === "won") {
    if (s.best === null || g.ms < s.best) s.best = g.ms;
    const rate = g.stats ? g.stats.bbbv_s : null;
    if (rate !== null && (s.rate === undefined || s.rate === null || rate > s.rate)) s.rate = rate;
  }
  all[statsKey(g)] = s;
  try { localStorage.setItem(STATS_KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
  drawStats();
}
function drawStats() {
  if (app.mode === "position") { $("stats").textContent = t("statsPosition"); return; }
  if (!app.game) return;
  const s = loadStats()[statsKey(app.game)];
  const level = [...$("level").options].find((o) => o.value === app.game.rows + "," + app.game.cols + "," + app.game.mines);
  const name = t("statsName", level ? level.textContent : t("statsCustom", app.game.rows, app.game.cols, app.game.mines),
    t("statsStart", app.game.start));
  if (!s) { $("stats").textContent = t("statsNone", name); return; }
  let text = t("statsLine", name, s.played, s.won, Math.round((100 * s.won) / s.played));
  if (s.best !== null) text += t("statsBest", secondsText(s.best));
  if (typeof s.rate === "number") text += t("statsRate", s.rate.toFixed(2));
  if (s.marked) text += t("statsMarked", s.marked);
  $("stats").textContent = text + t("statsEnd");
}

// Export: the game as a judge's input and expected output, offered as two downloads.
function exportGame() {
  enqueue(async () => {
    if (app.mode !== "game" || !app.game) { say(() => t("sayExportOnGame"), true); return; }
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
      a.textContent = t("download", answer.name + suffix, t(what));
      box.appendChild(a);
    }
    app.exportNotes = answer.notes;
    drawNotes();
    say(() => t("sayExported", judge, answer.name));
  });
}

// The last export's notes, in the page's language (the server's English for a note the
// tables do not know).
function drawNotes() {
  const box = $("downloads");
  for (const p of box.querySelectorAll("p")) p.remove();
  for (const note of app.exportNotes) {
    const p = document.createElement("p");
    const key = "note-" + note.key;
    p.textContent = key in TEXT.en ? t(key, note.count) : note.text;
    box.appendChild(p);
  }
}

// The query of a position's analysis: the mines given, and how its flags are read.
function positionQuery() {
  const mines = $("pmines").value.trim();
  const flags = $("flagsmines").checked ? "mines" : "beliefs";
  return "?flags=" + flags + (mines ? "&mines=" + encodeURIComponent(mines) : "");
}

// A position: pasted text, or set up cell by cell on the board. The best move is brought into
// view (as a hint's cell is) unless `stay`: an edit's analysis keeps the view on the edit.
function analysePosition(stay) {
  enqueue(async () => {
    stopAuto();
    const answer = await call("POST", "/position" + positionQuery(), $("text").value);
    showPosition(answer, !stay);
  });
}

// How the position's flags were read, when that changes what it says.
function flagsRead(a) {
  if (a.flags_refuted) return t("positionFlagsRefuted");
  return a.flags_are === "mines" && a.cells.includes("F") ? t("positionFlagsMines") : "";
}

// The position's advice in words, saying when its proof needs the flags as mines.
function describePosition(a) {
  return describe(a.advice, a.cols, a.rules) + (a.rests_on_flags ? t("restsOnFlags") : "");
}

function showPosition(answer, revealBest) {
  app.mode = "position";
  app.position = answer;
  app.analysis = answer.consistent ? answer : null;
  app.flagMarks = answer.consistent ? marksOf(answer.flags) : null;
  app.hint = null;
  app.yoursCell = -1;
  $("back").hidden = false;
  $("auto").disabled = true;
  // The controls describe no game while a position is shown.
  $("level").value = "position";
  $("custom").hidden = true;
  $("stats").textContent = t("statsPosition");
  $("figures").hidden = true;
  build(answer.rows, answer.cols);
  const a = answer;
  const head = () => t("positionHead", a.rows, a.cols, t("format-" + a.format),
    t("assumed-" + a.assumed, a.total === null ? Math.round(1000 * a.density) / 10 : a.total));
  if (!answer.consistent) {
    if (answer.cell !== null) app.hint = { cell: answer.cell, cls: " hint flagit" };
    draw();
    drawYours();
    say(() => head() + t("positionNone") +
      (a.cell !== null ? t("positionNoneAt", where(a.cell, a.cols)) : t("positionNoneEnd")), true);
    return;
  }
  draw();
  drawYours();
  if (revealBest && a.advice) reveal(a.advice.row * a.cols + a.advice.col);
  say(() => head() + flagsRead(a) + (a.consistent === "unproven" ? t("positionUnproven") : "") + analysisSummary(a, a.cols) +
    (a.advice ? t("positionBest", describePosition(a)) : t("positionNoMove")) + describeFlags(a.flags));
}

// One step of a cell's cycle (closed, 0..8, flag), or a given symbol; the text follows.
const CYCLE = [".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "F"];
function edit(i, how) {
  const cells = app.position.cells.split("");
  const at = CYCLE.indexOf(cells[i]);
  cells[i] = typeof how === "number" ? CYCLE[(at + how + CYCLE.length) % CYCLE.length] : how;
  app.position.cells = cells.join("");
  app.analysis = null;
  app.flagMarks = null;
  app.hint = null;
  draw();
  $("text").value = pictureOf(app.position.cells, app.position.cols);
  clearTimeout(app.editTimer);
  app.editTimer = setTimeout(() => analysePosition(true), 250);
}

function pictureOf(cells, cols) {
  const rows = [];
  for (let r = 0; r * cols < cells.length; r++) rows.push(cells.slice(r * cols, (r + 1) * cols));
  return rows.join("\n") + "\n";
}

function fromGame() {
  if (!app.game) return;
  const cells = app.game.cells.replace(/[*X]/g, ".").replace(/!/g, "F");
  $("text").value = pictureOf(cells, app.game.cols);
  $("pmines").value = app.game.mines;
}

// The position in the box (or this game's board) as JSMinesweeper's text: the server reads
// and writes it, so that both tools see the same position.
function asJsMinesweeper() {
  enqueue(async () => {
    if (app.mode !== "position") fromGame();
    const answer = await call("POST", "/position" + positionQuery(), $("text").value);
    $("text").value = answer.jsminesweeper;
    showPosition(answer, true);
  });
}

function backToGame() {
  showGame();
  enqueue(async () => {
    showBoardOf(app.game);
    build(app.game.rows, app.game.cols);
    await update(app.game);
    drawStats();
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
  if (!$("peek").checked && app.peeking) togglePeek();
});
$("reset").addEventListener("click", () => {
  try { localStorage.removeItem(STATS_KEY); } catch (e) { /* private mode */ }
  drawStats();
});
$("export").addEventListener("click", exportGame);
$("analyse").addEventListener("click", () => analysePosition(false));
$("flagsmines").addEventListener("change", () => {
  try { localStorage.setItem(FLAGS_KEY, $("flagsmines").checked ? "1" : "0"); } catch (e) { /* private mode */ }
  if (app.mode === "position") analysePosition(false);
});
$("fromgame").addEventListener("click", fromGame);
$("asjs").addEventListener("click", asJsMinesweeper);
$("back").addEventListener("click", backToGame);
$("zoomin").addEventListener("click", () => zoomBy(ZOOM_STEP));
$("zoomout").addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
$("zoomfit").addEventListener("click", () => { app.zoom = 1; fit(); });
$("lang").addEventListener("change", () => {
  app.lang = $("lang").value;
  try { localStorage.setItem(LANGUAGE_KEY, app.lang); } catch (e) { /* private mode */ }
  applyLanguage();
});
$("autoby").addEventListener("change", () => { if (app.autoplay) { stopAuto(); startAuto(); } });
$("autofor").addEventListener("change", () => { if (app.autoplay) { stopAuto(); startAuto(); } });
$("strength").addEventListener("change", () => {
  if (analysisOn()) enqueue(async () => { await refreshAnalysis(); draw(); });
});

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
try { $("flagsmines").checked = localStorage.getItem(FLAGS_KEY) === "1"; } catch (e) { /* private mode */ }
applyLanguage();
enqueue(async () => {
  app.functions = await call("GET", "/functions");
  drawYours();
});
const kept = location.hash.slice(1);
if (/^[0-9a-f]{32}$/.test(kept)) resume(kept);
else startFresh();
