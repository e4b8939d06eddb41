"use strict";
const $ = (id) => document.getElementById(id);
const boardEl = $("board");
let game = null;
let cellEls = [];
let mineMap = null;
let peeking = false;
let hintCell = -1;
let autoplay = false;
let queue = Promise.resolve();
let clockBase = 0;
const DELAYS = [1500, 1000, 700, 450, 300, 180, 100, 50, 15, 0];

function say(text, isError) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
}

async function call(method, path) {
  const response = await fetch(path, { method });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || "HTTP " + response.status);
  return JSON.parse(text);
}

function enqueue(job) {
  queue = queue.then(job).catch((error) => { stopAuto(); say(error.message, true); });
  return queue;
}

function gameQuery() { return "game=" + encodeURIComponent(game.game); }

function buildBoard() {
  boardEl.style.gridTemplateColumns = "repeat(" + game.cols + ", var(--cell))";
  boardEl.textContent = "";
  cellEls = [];
  for (let i = 0; i < game.rows * game.cols; i++) {
    const el = document.createElement("div");
    el.dataset.i = i;
    boardEl.appendChild(el);
    cellEls.push(el);
  }
}

function draw() {
  const cells = game.cells;
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i];
    let cls = "c";
    let text = "";
    if (ch === ".") cls += " closed" + (peeking && mineMap && mineMap[i] === "1" ? " peek" : "");
    else if (ch === "F") cls += " flag";
    else if (ch === "*") cls += " mine";
    else if (ch === "X") cls += " boom";
    else if (ch === "!") cls += " wrong";
    else if (ch !== "0") { cls += " n" + ch; text = ch; }
    if (i === hintCell) cls += hintClass;
    const el = cellEls[i];
    if (el.className !== cls) el.className = cls;
    if (el.textContent !== text) el.textContent = text;
  }
  $("left").textContent = game.left;
  $("clicks").textContent = game.clicks;
  const status = $("status");
  status.className = game.status;
  status.textContent = { ready: "Click any cell to start", playing: "Playing",
    won: "You win!", lost: "You lose" }[game.status];
  clockBase = performance.now() - game.ms;
  tick();
}

function tick() {
  if (!game) return;
  const ms = game.status === "playing" ? performance.now() - clockBase : game.ms;
  $("clock").textContent = Math.floor(ms / 1000);
}
setInterval(tick, 250);

let hintClass = "";
function clearHint() { hintCell = -1; hintClass = ""; }

async function update(state) {
  const wasReady = game && game.status === "ready";
  game = state;
  clearHint();
  if (peeking && wasReady && game.status !== "ready") await loadMines();
  draw();
  if (game.status === "won") { stopAuto(); say("All safe cells open in " + game.clicks + " clicks."); }
  if (game.status === "lost") { stopAuto(); say("A mine: game over. Start a new game to play again."); }
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
  return "rows=" + encodeURIComponent(rows) + "&cols=" + encodeURIComponent(cols) +
    "&mines=" + encodeURIComponent(mines);
}

function newGame() {
  stopAuto();
  enqueue(async () => {
    const state = await call("POST", "/new?" + sizeQuery());
    game = null;
    mineMap = null;
    peeking = false;
    $("reveal").classList.remove("on");
    game = state;
    buildBoard();
    await update(state);
    say("");
  });
}

function act(action, i) {
  enqueue(async () => {
    if (!game) return;
    const row = Math.floor(i / game.cols), col = i % game.cols;
    await update(await call("POST", "/" + action + "?" + gameQuery() + "&row=" + row + "&col=" + col));
  });
}

function describe(move) {
  const where = "(row " + move.row + ", col " + move.col + ")";
  if (move.move === "flag") return "flag " + where + ": certainly a mine";
  const verb = move.move === "chord" ? "open around " : "open ";
  const p = (100 * move.p).toFixed(move.p > 0 && move.p < 0.01 ? 2 : 1);
  return verb + where + (move.certain ? ": certainly safe" : ": a guess, mine probability " + p + "%");
}

function hint() {
  enqueue(async () => {
    if (!game) return;
    const move = await call("GET", "/hint?" + gameQuery());
    if (move.move === null) { say("The game is over: no move to suggest."); return; }
    hintCell = move.row * game.cols + move.col;
    hintClass = " hint" + (move.move === "flag" ? " flagit" : move.certain ? "" : " guess");
    draw();
    say("Hint: " + describe(move));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startAuto() {
  if (!game || game.status === "won" || game.status === "lost") return;
  autoplay = true;
  $("auto").textContent = "Stop";
  $("auto").classList.add("on");
  const run = async () => {
    while (autoplay) {
      const answer = await call("POST", "/step?" + gameQuery());
      await update(answer);
      if (answer.move !== null) say("AI: " + describe(answer) + (game.status === "won" ? ". You win!" : game.status === "lost" ? ". You lose." : ""));
      if (answer.move === null || game.status === "won" || game.status === "lost") break;
      await sleep(DELAYS[$("speed").value - 1]);
    }
    stopAuto();
  };
  enqueue(run);
}

function stopAuto() {
  autoplay = false;
  $("auto").textContent = "Autoplay";
  $("auto").classList.remove("on");
}

function togglePeek() {
  enqueue(async () => {
    if (!game) return;
    peeking = !peeking;
    $("reveal").classList.toggle("on", peeking);
    if (peeking) {
      await loadMines();
      say(mineMap ? "Mines shown (the grey dots)." : "The mines are placed at the first click.");
    } else {
      say("");
    }
    draw();
  });
}

boardEl.addEventListener("click", (event) => {
  const i = Number(event.target.dataset.i);
  if (!game || Number.isNaN(i) || autoplay) return;
  const ch = game.cells[i];
  if (ch === ".") act("open", i);
  else if (ch >= "1" && ch <= "8") act("chord", i);
});
boardEl.addEventListener("contextmenu", (event) => {
  event.preventDefault();
  const i = Number(event.target.dataset.i);
  if (!game || Number.isNaN(i) || autoplay) return;
  const ch = game.cells[i];
  if (ch === "." || ch === "F") act("flag", i);
  else if (ch >= "0" && ch <= "8") togglePeek();
});
$("new").addEventListener("click", newGame);
$("level").addEventListener("change", () => {
  $("custom").hidden = $("level").value !== "custom";
  newGame();
});
$("hint").addEventListener("click", hint);
$("auto").addEventListener("click", () => (autoplay ? stopAuto() : startAuto()));
$("reveal").addEventListener("click", togglePeek);
newGame();
