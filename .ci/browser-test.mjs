// Plays `play` in a real headless chromium through real clicks, keys and touches, at 1280x800
// (a laptop, with touch) and 390x844 (a phone):
// - keyboard: every key (H before the first click, Space, Enter, F, arrows, N, A);
// - a wrong flag that fits the numbers, after which Hint must never call a losing move certain;
// - a pasted JLU panel: every probability shown equals the server's (the solver's) and a brute
//   force over every arrangement; a panel no arrangement fits is said so;
// - a game exported to mine-ops, acm-server and jlu-panel: each downloaded input, piped through
//   the judge binary, prints the downloaded expected output, and ends as the game did;
// - peek behind its toggle, statistics, tenths of seconds, "1 click", replay, opening start;
// - a phone (390x844, then 360 wide): every control inside the viewport, no horizontal page
//   scroll on expert, a long press that flags, flag mode;
// - the beginner hint game and the expert autoplay game of before;
// and, each at both sizes:
// 1. `play --functions`: a student's RefreshGamePanel whose flood has no diagonals shows its
//    differences on the board (each cell ours, theirs in its corner); a correct one agrees on a
//    whole game; their machine's click beside our hint, and Autoplay by it; a machine that
//    crashes is reported on the page and the next call works; a file that does not compile is
//    refused with the compiler's lines and exit 2;
// 2. layout: the JLU board's bottom row, the status and the message above the fold beside the
//    controls (1280x800); on the phone, cells of 21 px at least, the JLU board scrolling in its
//    frame with a cue; a hinted cell scrolled off is
//    brought into view and pulses; rank numbers at least 11 px; zoom by buttons and by a pinch,
//    then panning; the hint text gone once its move is made; no flag advised on a pasted JLU
//    panel; the counters show the pasted position; a second tab starts on the last board;
// 3. Chinese: a zh-CN browser gets the page in Chinese (every table key in both languages, none
//    of the English words left), the switch turns it to English and a reload keeps it.
// And for players, each at both sizes and in both languages: a finished game's statistics, the
// export's menu and notes translated, a pasted position's best move outlined, rank badges
// beside the percentages, one word for an assisted game, labels that describe a position, and
// on the phone larger cells with percentages and a cue that the board scrolls; a position out
// as JSMinesweeper's text and in again.
// And, each at both sizes and in both languages: a pasted position wider than a phone brings its
// best move into view; every rank badge a pixel or more from its percentage, which stays clear of
// the outlines, at every cell size from the smallest with percentages to 40 px; "Flags are
// mines" turning JSMinesweeper's example F1HH from 50% to 0%, saying so, and remembered.
// Fails on any console error, page error, failed or refused request. Screenshots in target/:
// play.png (1280x800, expert, analysis view), play-phone.png (390x844, expert), play-hint.png,
// play-1280x800.png and play-390x844.png (JLU, hint), play-functions-bug.png and
// play-functions-bug-phone.png (a student's RefreshGamePanel bug), play-zh.png and
// play-zh-phone.png (the page in Chinese, with the student's bug), and for players
// play-players-{stats,export,analysis,position,jsminesweeper}-{1280x800,390x844}-{en,zh}.png,
// play-flags-as-mines-{1280x800,390x844}-{en,zh}.png.
// And, each at both sizes and in both languages: the server's message about a bad pasted
// position in the page's language (play-server-message-{1280x800,390x844}-{en,zh}.png).
// And, each at both sizes and in both languages: the strength set to strong beside Autoplay
// (its words in the page's language, inside the viewport), then Hint before and after the
// first click and Autoplay to the end of a game, every request asking for strong; a strength
// the server does not know refused with 400 (play-strong-{1280x800,390x844}-{en,zh}.png).
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(join(process.env.PLAYWRIGHT_MODULES, "package.json"));
const { chromium } = require("playwright-core");

const errors = [];
const servers = [];
let browser;
let url;

// A `play` with `args` after `--port 0`; its URL, and what it printed.
function startPlay(args) {
  const child = spawn("target/release/play", ["--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const lines = text.split("\n");
      // The URL, who can reach it, and with functions the line that names them.
      if (lines.length > (args.includes("--functions") ? 3 : 1)) resolve({ url: lines[0].trim(), printed: text });
    });
    child.on("exit", (code) => reject(new Error("play " + args.join(" ") + " exited with " + code)));
    setTimeout(() => reject(new Error("play printed no URL")), 60000);
  });
}

// The two sizes every item of issue 34 is shown at.
const SIZES = [
  { name: "1280x800", wide: true, shot: "", options: { viewport: { width: 1280, height: 800 }, hasTouch: true } },
  { name: "390x844", wide: false, shot: "-phone",
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
];

// A page of `at` (a server's URL) at `size`, its board drawn.
async function open(size, at, extra = {}) {
  const context = await browser.newContext({ ...size.options, ...extra });
  const page = await context.newPage();
  watch(page, size.name);
  await page.goto(at);
  await page.waitForFunction(() => app.game && document.querySelectorAll("#board .c").length === app.game.rows * app.game.cols);
  return { context, page };
}

// A page at `size` in `language` (the browser's locale and the page's kept choice), and `T`, its
// words for a key.
async function openIn(size, language) {
  const { context, page } = await open(size, url, { locale: language === "zh" ? "zh-CN" : "en-US" });
  await page.evaluate((lang) => { localStorage.setItem("minesweeper-language", lang); }, language);
  await page.reload();
  await page.waitForFunction(() => app.game && document.querySelectorAll("#board .c").length === app.game.rows * app.game.cols);
  const T = (key, ...args) => page.evaluate(([key, args]) => t(key, ...args), [key, args]);
  return { context, page, T };
}

function check(condition, what) {
  if (!condition) throw new Error(what);
}

// The server's JSON, fetched from here (not by the page).
async function api(method, path, body, base = url) {
  const response = await fetch(base + path.slice(1), { method, body });
  const text = await response.text();
  check(response.ok, method + " " + path + ": " + text);
  return JSON.parse(text);
}

function watch(page, name) {
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(name + " console: " + msg.text()); });
  page.on("pageerror", (err) => errors.push(name + " page error: " + err.message));
  page.on("requestfailed", (req) => errors.push(name + " request failed: " + req.url() + " " + req.failure().errorText));
  page.on("response", (res) => { if (res.status() >= 400) errors.push(name + " HTTP " + res.status() + " for " + res.url()); });
}

const cell = (i) => '#board [data-i="' + i + '"]';
const statusOf = (page) => page.$eval("#status", (el) => el.className);
const message = (page) => page.$eval("#message", (el) => el.textContent);
const gameOf = (page) => page.evaluate(() => app.game);
const isOver = (status) => status === "won" || status === "lost";

async function newGame(page, level, seed, start = "safe") {
  await page.evaluate(([seed, start]) => {
    document.getElementById("seed").value = seed === null ? "" : String(seed);
    document.getElementById("start").value = start;
  }, [seed, start]);
  const cells = level.split(",").slice(0, 2).reduce((a, b) => a * b, 1);
  const old = await page.evaluate(() => (app.game ? app.game.game : null));
  if ((await page.$eval("#level", (el) => el.value)) !== level) await page.selectOption("#level", level);
  else await page.click("#new");
  await page.waitForFunction(([n, old]) => app.game && app.game.game !== old && app.game.status === "ready" &&
    document.querySelectorAll("#board .c").length === n && document.getElementById("message").textContent === "",
  [cells, old]);
}

// Waits until the page's game changed from `before` (clicks, flags or status).
async function changed(page, before) {
  await page.waitForFunction((b) => app.game.game !== b.game || app.game.clicks !== b.clicks ||
    app.game.flags !== b.flags || app.game.status !== b.status || app.game.cells !== b.cells, before);
}

async function keyboard(page) {
  // H before the first click: certain, no probability quoted.
  await newGame(page, "9,9,10", 21);
  await page.mouse.move(1, 1);
  await page.keyboard.press("h");
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Hint"));
  const first = await message(page);
  check(first.includes("never a mine") && !first.includes("%"), "the first hint: " + first);
  // F on the cell under the pointer flags it, F again removes the flag.
  await page.hover(cell(0));
  let before = await gameOf(page);
  await page.keyboard.press("f");
  await changed(page, before);
  check((await gameOf(page)).cells[0] === "F", "F flags the cell under the pointer");
  before = await gameOf(page);
  await page.keyboard.press("F");
  await changed(page, before);
  // Space opens the cell under the pointer.
  await page.hover(cell(40));
  before = await gameOf(page);
  await page.keyboard.press(" ");
  await changed(page, before);
  let state = await gameOf(page);
  check(state.status !== "ready" && state.cells[40] !== ".", "Space opened the cell");
  // Enter on a number whose mines are all flagged (by F) opens its other neighbours.
  const map = (await api("GET", "/reveal?game=" + state.game)).map;
  const around = (i) => {
    const out = [];
    for (let r = Math.floor(i / 9) - 1; r <= Math.floor(i / 9) + 1; r++) {
      for (let c = (i % 9) - 1; c <= (i % 9) + 1; c++) {
        if (r >= 0 && c >= 0 && r < 9 && c < 9 && r * 9 + c !== i) out.push(r * 9 + c);
      }
    }
    return out;
  };
  const number = [...state.cells].findIndex((ch, i) => ch >= "1" && ch <= "8" &&
    around(i).some((n) => state.cells[n] === "." && map[n] === "0"));
  check(number >= 0, "seed 21 has a number to chord");
  for (const n of around(number).filter((n) => map[n] === "1" && state.cells[n] === ".")) {
    await page.hover(cell(n));
    before = await gameOf(page);
    await page.keyboard.press("f");
    await changed(page, before);
  }
  await page.hover(cell(number));
  before = await gameOf(page);
  await page.keyboard.press("Enter");
  await changed(page, before);
  state = await gameOf(page);
  check(around(number).every((n) => map[n] === "1" || state.cells[n] !== "."), "Enter chorded");
  // Arrows move a cursor when the pointer is off the board; Space opens the cursor's cell.
  await page.mouse.move(1, 1);
  await page.keyboard.press("ArrowDown");
  check(await page.$("#board .c.cursor"), "an arrow shows the cursor");
  // A starts autoplay, A again stops it; N starts a new game.
  if (!isOver(state.status)) {
    await page.keyboard.press("a");
    await page.waitForFunction(() => document.getElementById("auto").textContent === "Stop" ||
      ["won", "lost"].includes(app.game.status));
    await page.keyboard.press("a");
    await page.waitForFunction(() => document.getElementById("auto").textContent === "Autoplay");
  }
  const last = state.game;
  await page.keyboard.press("n");
  await page.waitForFunction((id) => app.game.game !== id && app.game.status === "ready", last);
  console.log("keyboard: H, F, Space, Enter, arrows, A, N");
}

// A position where the numbers prove nothing, and a flag on a safe cell next to a 1 whose mine
// is still closed: the old hint took the flag as a mine and called the 1's other cells (the mine
// among them) "certainly safe", or the chord around it; it lost.
async function wrongFlag(page) {
  for (let seed = 1; seed < 200; seed++) {
    await newGame(page, "9,9,10", seed);
    const before = await gameOf(page);
    await page.click(cell(40));
    await changed(page, before);
    let state = await gameOf(page);
    if (state.status !== "playing") continue;
    const map = (await api("GET", "/reveal?game=" + state.game)).map;
    const analysis = await api("GET", "/analysis?game=" + state.game);
    if (analysis.safe.length || analysis.mines.length) continue;
    const near = (i) => [-10, -9, -8, -1, 1, 8, 9, 10].map((d) => i + d)
      .filter((n) => n >= 0 && n < 81 && Math.abs((n % 9) - (i % 9)) <= 1);
    let found = null;
    for (let i = 0; i < 81 && !found; i++) {
      if (state.cells[i] !== "1") continue;
      const closed = near(i).filter((n) => state.cells[n] === ".");
      const safe = closed.find((n) => map[n] === "0" && analysis.p[n] > 0);
      if (safe !== undefined && closed.some((n) => map[n] === "1")) found = { number: i, safe };
    }
    if (!found) continue;
    await page.click(cell(found.safe), { button: "right" });
    await changed(page, state);
    await page.click("#hint");
    await page.waitForSelector("#board .c.hint");
    const said = await message(page);
    check(!said.includes("certain"), "seed " + seed + ": the numbers prove nothing, yet the hint says " + said);
    check(await page.$(cell(found.safe) + ".f-unproven, " + cell(found.safe) + ".f-wrong"),
      "seed " + seed + ": the wrong flag is not marked");
    check(said.includes("not proven") || said.includes("refuted"), "the flags are not described: " + said);
    // Follow every hint to the end: a move called certain never loses.
    let moves = 0;
    while (!isOver(await statusOf(page)) && moves < 200) {
      if (moves > 0) {
        await page.click("#hint");
        await page.waitForSelector("#board .c.hint");
      }
      moves++;
      const text = await message(page);
      const hinted = await page.$("#board .c.hint");
      const right = text.startsWith("Hint: flag") || text.startsWith("Hint: remove the flag") ||
        text.includes("remove it to open it");
      state = await gameOf(page);
      await hinted.click({ button: right ? "right" : "left" });
      await changed(page, state);
      if (text.includes("certain")) {
        check((await statusOf(page)) !== "lost", "seed " + seed + ": a certain move lost: " + text);
      }
    }
    console.log("wrong flag (seed " + seed + "): the hint stayed honest for " + moves + " moves, game " +
      (await statusOf(page)));
    return;
  }
  throw new Error("no seed below 200 gives a wrong-flag position");
}

// The pasted panel, its exact probabilities by brute force over every arrangement.
const PANEL = [
  "-1 -1 -1 -1 -1 -1",
  "-1 2 1 1 2 -1",
  "-1 1 0 0 2 -1",
  "-1 2 1 1 2 -1",
  "-1 -1 -1 -1 -1 -1",
];
const PANEL_MINES = 7;
// A JLU panel whose 1 proves its neighbour a mine, and proves nothing safe.
const FLAG_BAIT = "1 -1 -1 -1 -1 -1";

function bruteForce(rows, cols, cells, mines) {
  const closed = [];
  for (let i = 0; i < cells.length; i++) if (cells[i] === ".") closed.push(i);
  const hits = new Array(cells.length).fill(0);
  let count = 0;
  const isMine = new Array(cells.length).fill(false);
  const fits = () => {
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === ".") continue;
      let n = 0;
      for (let r = Math.floor(i / cols) - 1; r <= Math.floor(i / cols) + 1; r++) {
        for (let c = (i % cols) - 1; c <= (i % cols) + 1; c++) {
          if (r >= 0 && c >= 0 && r < rows && c < cols && isMine[r * cols + c]) n++;
        }
      }
      if (n !== Number(cells[i])) return false;
    }
    return true;
  };
  const choose = (from, left) => {
    if (left === 0) {
      if (fits()) { count++; for (const c of closed) if (isMine[c]) hits[c]++; }
      return;
    }
    for (let k = from; k <= closed.length - left; k++) {
      isMine[closed[k]] = true;
      choose(k + 1, left - 1);
      isMine[closed[k]] = false;
    }
  };
  choose(0, mines);
  return { count, p: hits.map((h) => h / count) };
}

async function pastePosition(page) {
  await page.click("#positioning summary");
  await page.fill("#text", PANEL.join("\n") + "\n");
  await page.fill("#pmines", String(PANEL_MINES));
  await page.click("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 30 &&
    document.querySelectorAll("#board .c[data-p]").length > 0);
  const shown = await page.$$eval("#board .c", (els) => els.map((el) => el.dataset.p === undefined ? null : Number(el.dataset.p)));
  const server = await api("POST", "/position?mines=" + PANEL_MINES, PANEL.join("\n"));
  check(server.format === "jlu-panel" && server.consistent, "the server read " + JSON.stringify(server.format));
  check(server.rules === "clicks" && server.advice && server.advice.move === "open",
    "a JLU panel's advice is a click: " + JSON.stringify(server.advice));
  const brute = bruteForce(5, 6, server.cells, PANEL_MINES);
  check(brute.count > 0, "the panel fits no arrangement");
  let closed = 0;
  for (let i = 0; i < 30; i++) {
    if (server.cells[i] !== ".") { check(shown[i] === null, "an open cell shows a probability"); continue; }
    closed++;
    check(shown[i] === server.p[i], "cell " + i + ": the page shows " + shown[i] + ", the solver says " + server.p[i]);
    check(Math.abs(shown[i] - brute.p[i]) < 1e-9, "cell " + i + ": " + shown[i] + " but " + brute.p[i] + " by brute force");
  }
  check(closed === 18, "18 closed cells");
  const said = await message(page);
  check(said.includes("JLU panel") && said.includes("Best move"), "the position's message: " + said);
  // Set up: F over a cell of the position flags it; the text follows and the position is
  // analysed again, the flag judged against the numbers.
  await page.hover(cell(0));
  await page.keyboard.press("f");
  await page.waitForFunction(() => document.getElementById("text").value.startsWith("F") &&
    document.querySelector('#board [data-i="0"]').className.includes(" f-"));
  check((await page.$eval(cell(0), (el) => el.className)).includes("f-unproven"), "the set-up flag is a belief");
  // A panel no arrangement fits.
  await page.fill("#text", "-1 8\n");
  await page.fill("#pmines", "");
  await page.click("#analyse");
  await page.waitForFunction(() => document.getElementById("message").textContent.includes("No arrangement"));
  await page.click("#back");
  await page.waitForFunction(() => document.getElementById("back").hidden && app.game &&
    document.querySelectorAll("#board .c").length === app.game.rows * app.game.cols);
  await page.click("#positioning summary");
  console.log("pasted JLU panel: " + closed + " probabilities equal the solver's and the brute force's (" +
    brute.count + " arrangements); an impossible panel is said so");
}

async function exportGame(page) {
  await newGame(page, "9,9,10", 5);
  let before = await gameOf(page);
  await page.click(cell(40));
  await changed(page, before);
  // A flag set and removed (acm-server leaves both out), then autoplay to the end.
  const closed = (await gameOf(page)).cells.indexOf(".");
  for (let k = 0; k < 2; k++) {
    before = await gameOf(page);
    await page.click(cell(closed), { button: "right" });
    await changed(page, before);
  }
  await page.$eval("#speed", (el) => { el.value = el.max; });
  await page.click("#auto");
  await page.waitForFunction(() => ["won", "lost"].includes(app.game.status), null, { timeout: 60000 });
  const state = await gameOf(page);
  await page.click("#exporting summary");
  const endings = { "mine-ops": { won: "finish\n", lost: "game over\n" }, "acm-server": { won: "YOU WIN!\n", lost: "GAME OVER!\n" },
    "jlu-panel": { won: "You win\n", lost: "You lose\n" } };
  for (const judge of ["mine-ops", "acm-server", "jlu-panel"]) {
    await page.selectOption("#judge", judge);
    await page.click("#export");
    await page.waitForFunction((j) => document.querySelector("#downloads a.download-in") &&
      document.querySelector("#downloads a.download-in").download.endsWith(j + ".in"), judge);
    const files = {};
    for (const kind of ["in", "ans"]) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#downloads a.download-" + kind)]);
      files[kind] = readFileSync(await download.path(), "utf8");
    }
    const run = spawnSync("target/release/" + judge, { input: files.in, encoding: "utf8" });
    check(run.status === 0, judge + " exited " + run.status + ": " + run.stderr);
    check(run.stdout === files.ans, judge + ": the judge's output differs from the exported answer");
    const ending = endings[judge][state.status];
    const text = judge === "mine-ops" ? files.ans.split("\n").slice(-3)[0] + "\n" : files.ans;
    check(text.includes(ending), judge + ": a " + state.status + " game's answer lacks " + JSON.stringify(ending));
  }
  await page.click("#exporting summary");
  console.log("export: a " + state.status + " game piped through mine-ops, acm-server and jlu-panel gives the exported answers");
}

async function peekStatsReplayOpening(page) {
  // Peek off: a right click on an open cell shows nothing; on: the mines, and the game is marked.
  await newGame(page, "16,16,40", 3);
  let before = await gameOf(page);
  await page.click(cell(8 * 16 + 8));
  await changed(page, before);
  const open = await page.$eval("#board", (b) => [...b.children].findIndex((el) => !el.classList.contains("closed") &&
    !el.classList.contains("flag")));
  await page.click(cell(open), { button: "right" });
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("Peek is off"));
  check((await page.$$("#board .c.peek")).length === 0, "a right click showed the mines with peek off");
  await page.click("#options summary");
  await page.check("#peek");
  await page.click(cell(open), { button: "right" });
  await page.waitForFunction(() => document.querySelectorAll("#board .c.peek").length > 0 &&
    document.getElementById("status").textContent.includes("peeked"));
  await page.uncheck("#peek");
  await page.waitForFunction(() => document.querySelectorAll("#board .c.peek").length === 0);
  // A 3x3 board with 8 mines: the first click wins, in 1 click; the statistics count it.
  await page.selectOption("#level", "custom");
  await page.fill("#rows", "3");
  await page.fill("#cols", "3");
  await page.fill("#mines", "8");
  await page.click("#new");
  await page.waitForFunction(() => app.game.rows === 3 && app.game.status === "ready");
  await page.click(cell(4));
  await page.waitForFunction(() => app.game.status === "won");
  const said = await message(page);
  check(said.includes("in 1 click and") && / \d+\.\d s\./.test(said), "the won message: " + said);
  check(/^\d+\.\d$/.test(await page.$eval("#clock", (el) => el.textContent)), "the clock shows tenths");
  const stats = await page.$eval("#stats", (el) => el.textContent);
  check(stats.includes("1 played, 1 won (100%), best"), "statistics: " + stats);
  // Replay: the same board, marked; it does not count for the best time.
  const won = await gameOf(page);
  await page.click("#replay");
  await page.waitForFunction((id) => app.game.game !== id && app.game.replay, won.game);
  const replay = await gameOf(page);
  check(replay.status === "won" && replay.cells === won.cells, "the replay is the same board");
  check((await page.$eval("#status", (el) => el.textContent)).includes("replay"), "the replay is marked");
  await page.waitForFunction(() => document.getElementById("stats").textContent.includes("2 played, 2 won (100%)") &&
    document.getElementById("stats").textContent.includes("1 assisted, peeked or replayed"));
  // Opening start: the first click is a 0.
  await page.selectOption("#level", "16,30,99");
  await page.selectOption("#start", "opening");
  await page.waitForFunction(() => app.game.cols === 30 && app.game.start === "opening" && app.game.status === "ready");
  before = await gameOf(page);
  await page.click(cell(5 * 30 + 7));
  await changed(page, before);
  check((await gameOf(page)).cells[5 * 30 + 7] === "0", "an opening start opened a 0");
  await page.selectOption("#start", "safe");
  await page.click("#options summary");
  console.log("peek behind its toggle, statistics with marks, tenths, 1 click, replay, opening start");
}

async function hintGame(page) {
  await newGame(page, "9,9,10", null);
  let moves = 0;
  while (!isOver(await statusOf(page))) {
    if (++moves > 200) throw new Error("the hint game did not end in 200 moves");
    await page.click("#hint");
    const hinted = await page.waitForSelector("#board .c.hint");
    const isFlag = await hinted.evaluate((el) => el.classList.contains("flagit"));
    const state = await gameOf(page);
    await hinted.click({ button: isFlag ? "right" : "left" });
    await changed(page, state);
  }
  console.log("hint game: " + (await statusOf(page)) + " after " + moves + " moves");
  await page.screenshot({ path: "target/play-hint.png", fullPage: true });
}

async function autoplayExpert(page) {
  await newGame(page, "16,30,99", null);
  await page.$eval("#speed", (el) => { el.value = el.max; });
  await page.click("#auto");
  await page.waitForFunction(() => ["won", "lost"].includes(app.game.status), null, { timeout: 60000 });
  console.log("autoplay game: " + (await statusOf(page)) + " in " + (await gameOf(page)).clicks + " clicks");
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("message").textContent.includes("over"));
}

// The desktop screenshot: an expert game played by its certain moves (through the API) up to
// its first guess, opened in the page by its address (a reload goes on with the game), with the
// analysis view and the hint.
async function desktopScreenshot(page) {
  let state = await api("POST", "/new?rows=16&cols=30&mines=99&seed=10");
  state = await api("POST", "/open?game=" + state.game + "&row=8&col=15");
  for (let moves = 0; moves < 400 && state.status === "playing"; moves++) {
    const hint = await api("GET", "/hint?game=" + state.game);
    if (!hint.certain) break;
    state = await api("POST", "/step?game=" + state.game);
  }
  await page.goto(url + "#" + state.game);
  await page.reload();
  await page.waitForFunction((id) => app.game && app.game.game === id && document.querySelectorAll("#board .c").length === 480,
    state.game);
  check((await gameOf(page)).cells === state.cells, "the page resumed another game");
  if (state.status === "playing") {
    await page.click("#analysis");
    await page.waitForSelector("#board .c.a");
    await page.click("#hint");
    await page.waitForSelector("#board .c.hint");
  }
  await page.mouse.move(1, 1);
  await page.screenshot({ path: "target/play.png", fullPage: true });
}

// Every control of the page inside the viewport's width, and no horizontal scroll of the page.
async function fitsWidth(page, width) {
  const out = await page.evaluate(() => {
    const bad = [];
    for (const el of document.querySelectorAll("main button, main select, main input, main textarea, .counter, summary")) {
      if (el.closest("[hidden]") || (el.closest("details") && !el.closest("details").open && el.tagName !== "SUMMARY")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.left < 0 || box.right > innerWidth) bad.push((el.id || el.className || el.tagName) + " " + Math.round(box.left) + ".." + Math.round(box.right));
    }
    return { bad, scroll: document.documentElement.scrollWidth, inner: innerWidth };
  });
  check(out.scroll <= width, "the page scrolls sideways at " + width + " px: " + out.scroll);
  check(out.bad.length === 0, "controls outside " + width + " px: " + out.bad.join(", "));
}

async function phone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2 });
  const page = await context.newPage();
  watch(page, "phone");
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 81);
  await newGame(page, "16,30,99", 17);
  await fitsWidth(page, 390);
  for (const details of ["#options", "#exporting", "#positioning"]) {
    await page.tap(details + " summary");
    await fitsWidth(page, 390);
    await page.tap(details + " summary");
  }
  const frame = await page.$eval("#frame", (el) => ({ scroll: el.scrollWidth, client: el.clientWidth,
    cell: document.querySelector("#board .c").getBoundingClientRect().width }));
  check(frame.scroll > frame.client && frame.cell >= 21, "the expert board scrolls in its frame: " + JSON.stringify(frame));
  check(!(await page.$eval("#scrollcue", (el) => el.hidden)), "no cue that the expert board scrolls");
  // A long press flags (a real touch held still); a tap on the flag does not open it.
  const cdp = await context.newCDPSession(page);
  const box = await (await page.$(cell(12))).boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  let before = await gameOf(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(700);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await changed(page, before);
  check((await gameOf(page)).cells[12] === "F", "a long press flagged the cell");
  await page.waitForTimeout(300);
  await page.tap(cell(12));
  await page.waitForTimeout(300);
  check((await gameOf(page)).cells[12] === "F" && (await gameOf(page)).status === "ready", "a tap on a flag opened it");
  // Flag mode: a tap flags; off again, a tap opens.
  await page.tap("#flagmode");
  before = await gameOf(page);
  await page.tap(cell(13));
  await changed(page, before);
  check((await gameOf(page)).cells[13] === "F", "flag mode: a tap flagged");
  await page.tap("#flagmode");
  before = await gameOf(page);
  await page.tap(cell(8 * 30 + 15));
  await changed(page, before);
  check((await gameOf(page)).status !== "ready", "a tap opened a cell");
  await page.tap("#hint");
  await page.waitForSelector("#board .c.hint");
  await fitsWidth(page, 390);
  await page.screenshot({ path: "target/play-phone.png" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
  await fitsWidth(page, 360);
  await context.close();
  console.log("phone: 390x844 and 360 wide fit, the expert board scrolls in its frame; long press and flag mode flag");
}

// ---- A student's functions, the layout and the page in Chinese, at both sizes ----

const px = (value) => parseFloat(value) || 0;
const where = (i, cols) => "(row " + Math.floor(i / cols) + ", col " + (i % cols) + ")";
const cellSize = (page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")));

// A pinch on the board: two touches moving apart (a real multi-touch through the DevTools protocol).
async function pinchOut(context, page) {
  const cdp = await context.newCDPSession(page);
  const box = await (await page.$("#frame")).boundingBox();
  const x = box.x + Math.min(box.width, 300) / 2;
  const y = box.y + Math.min(box.height, 300) / 2;
  const points = (d) => [{ x: x - d, y, id: 1 }, { x: x + d, y, id: 2 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(20) });
  for (let d = 30; d <= 80; d += 10) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(d) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

// Item 2 at `size`, on the plain server: where the board and the result are, the hint's cell in
// view, rank numbers, zoom and pan, the hint text, advice by the rules of a pasted JLU panel and
// the counters while it is shown, the last board in a second tab.
async function layout(size) {
  const { context, page } = await open(size, url);
  const { width, height } = size.options.viewport;
  await newGame(page, "20,20,50", 8);
  let before = await gameOf(page);
  await page.click(cell(210));
  await changed(page, before);
  const box = await page.evaluate(() => {
    const rect = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const cells = document.querySelectorAll("#board .c");
    return { last: rect(cells[cells.length - 1]), board: rect(document.getElementById("board")),
      status: rect(document.getElementById("status")), message: rect(document.getElementById("message")),
      hint: rect(document.getElementById("hint")), scroll: document.documentElement.scrollWidth };
  });
  check(box.scroll <= width, size.name + ": the page scrolls sideways: " + box.scroll);
  if (size.wide) {
    check(box.last.bottom <= height && box.status.bottom <= height && box.message.bottom <= height,
      size.name + ": the JLU board's bottom row or the result is below the fold: " + JSON.stringify(box));
    check(box.hint.left >= box.board.right, size.name + ": the controls are not beside the board: " + JSON.stringify(box));
  } else {
    // Cells a finger can hit: the JLU board scrolls in its frame, and says so.
    const phoneCells = await page.evaluate(() => ({ cell: document.querySelector("#board .c").getBoundingClientRect().width,
      frame: document.getElementById("frame").getBoundingClientRect().right, cue: document.getElementById("scrollcue").textContent }));
    check(phoneCells.cell >= 21 && phoneCells.frame <= width && phoneCells.cue !== "",
      size.name + ": the JLU board on a phone: " + JSON.stringify(phoneCells));
  }
  // The hint's text is gone once its move is made.
  await page.click("#hint");
  const hinted = await page.waitForSelector("#board .c.hint");
  check((await message(page)).startsWith("Hint"), "no hint said");
  await page.screenshot({ path: "target/play-" + size.name + ".png" });
  const flagIt = await hinted.evaluate((el) => el.classList.contains("flagit"));
  before = await gameOf(page);
  await hinted.click({ button: flagIt ? "right" : "left" });
  await changed(page, before);
  await page.waitForFunction(() => !document.getElementById("message").textContent.startsWith("Hint"));
  // A pasted JLU panel whose 1 proves the cell beside it a mine, and nothing safe: the old advice
  // flagged it, but JLU has no flags, so the next click is advised. The counters are the
  // position's; the ranks of the guess readable.
  await page.click("#positioning summary");
  await page.fill("#text", FLAG_BAIT + "\n");
  await page.fill("#pmines", "2");
  await page.click("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 6 &&
    document.querySelectorAll("#board .c[data-rank]").length > 0);
  const said = await message(page);
  const advised = (await api("POST", "/position?mines=2", FLAG_BAIT)).advice;
  check(advised.move === "open" && said.includes("Best move: ") && !/\bflag\b/.test(said.split("Best move")[1]),
    size.name + ": the pasted JLU panel's advice is not a click: " + said);
  const counters = await page.evaluate(() => ["left", "clock", "clicks"].map((id) => document.getElementById(id).textContent));
  check(counters[0] === "2" && counters[1] === "\u2013" && counters[2] === "\u2013",
    size.name + ": the counters while a position is shown: " + counters);
  const rank = await page.$eval("#board .c[data-rank] .rank", (el) => getComputedStyle(el).fontSize);
  check(px(rank) >= 11, size.name + ": rank numbers of " + rank);
  await page.click("#back");
  await page.waitForFunction(() => app.game && app.game.rows === 20 && document.querySelectorAll("#board .c").length === 400);
  await page.click("#positioning summary");
  // Expert: zoom by the buttons and by a pinch, pan, and a hint whose cell was scrolled away
  // brought into view.
  await newGame(page, "16,30,99", 4);
  const fit = await cellSize(page);
  await page.click("#zoomin");
  const zoomed = await cellSize(page);
  await pinchOut(context, page);
  const pinched = await cellSize(page);
  check(zoomed > fit && pinched > zoomed, size.name + ": zoom " + fit + " -> + " + zoomed + " -> pinch " + pinched);
  check((await gameOf(page)).flags === 0, size.name + ": the pinch flagged a cell");
  const pan = await page.$eval("#frame", (frame) => {
    frame.scrollLeft = frame.scrollWidth;
    frame.scrollTop = frame.scrollHeight;
    return { left: frame.scrollLeft, top: frame.scrollTop };
  });
  check(pan.left > 0, size.name + ": the zoomed board does not pan: " + JSON.stringify(pan));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.click("#hint");
  await page.waitForSelector("#board .c.hint");
  await page.waitForTimeout(100);
  const seen = await page.evaluate(() => {
    const c = document.querySelector("#board .c.hint").getBoundingClientRect();
    const f = document.getElementById("frame").getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    return { frame: inside(c, f), page: c.top >= 0 && c.bottom <= innerHeight && c.left >= 0 && c.right <= innerWidth,
      pulse: getComputedStyle(document.querySelector("#board .c.hint")).animationName };
  });
  check(seen.frame && seen.page && seen.pulse === "pulse", size.name + ": the hinted cell is not in view: " + JSON.stringify(seen));
  await page.click("#zoomfit");
  check((await cellSize(page)) === fit, size.name + ": Fit did not give the fitted size back");
  // A second tab starts on the last board played.
  const second = await context.newPage();
  watch(second, size.name + " second tab");
  await second.goto(url);
  await second.waitForFunction(() => app.game && app.game.status === "ready");
  const tab = await second.evaluate(() => [document.getElementById("level").value, app.game.rows, app.game.cols]);
  check(tab[0] === "16,30,99" && tab[1] === 16 && tab[2] === 30, size.name + ": a second tab started on " + tab);
  await context.close();
  console.log(size.name + ": JLU board and result above the fold" + (size.wide ? " beside the controls" : ", scrolling in its frame with a cue") +
    "; hint text cleared after its move; a pasted JLU panel advises a click, counters " + counters.join("/") +
    ", ranks " + rank + "; zoom " + fit + " -> " + zoomed + " -> " + pinched + " px by button and pinch, pan, " +
    "the hinted cell scrolled into view; a second tab on expert");
}

// Finds a JLU game (seed, opening start) whose first click shows the student's bug; its seed.
async function bugGame(page) {
  for (let seed = 1; seed < 30; seed++) {
    await newGame(page, "20,20,50", seed, "opening");
    const before = await gameOf(page);
    await page.click(cell(210));
    await changed(page, before);
    const state = await gameOf(page);
    if (state.yours && state.yours.differed > 0) return seed;
  }
  throw new Error("no JLU game below seed 30 shows the flood without diagonals");
}

// Item 1 at `size`: the student's RefreshGamePanel bug on the board, their machine beside ours
// in Hint and Autoplay; a correct RefreshGamePanel agrees on a whole game; a crashing machine is
// reported and the next call works.
async function functionsOnThePage(size, buggy, right) {
  let { context, page } = await open(size, buggy.url);
  await page.waitForFunction(() => app.functions.refresh && app.functions.machine);
  check(!(await page.$eval("#byline", (el) => el.hidden)), "no Autoplay-by choice with a machine");
  const seed = await bugGame(page);
  const state = await gameOf(page);
  const last = state.yours.last;
  const marked = await page.$$eval("#board .c.diff", (els) => els.map((el) => [Number(el.dataset.i), el.textContent, el.dataset.yours]));
  check(marked.length === last.cells.length && marked.length > 0, size.name + ": " + marked.length + " cells marked, " +
    last.cells.length + " differ");
  for (const [i, ours, yours] of marked) {
    const [, expected, theirs] = last.cells.find(([c]) => c === i);
    check(yours === String(theirs) && state.cells[i] === String(expected) && (expected === 0 || ours === String(expected)),
      size.name + ": cell " + i + " shows " + ours + "/" + yours + ", expected " + expected + "/" + theirs);
  }
  const said = await page.$eval("#yours", (el) => [el.className, el.textContent]);
  check(said[0] === "bad" && said[1].includes("unlike our rules") && said[1].includes(where(last.cell, 20)),
    size.name + ": the student's box says " + said);
  await page.screenshot({ path: "target/play-functions-bug" + size.shot + ".png" });
  // Hint: ours and their machine's, both on the board.
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("message").textContent.includes("Your machine"));
  check(await page.$("#board .c.hint"), "our hint is not on the board");
  const machine = await page.evaluate(() => document.getElementById("message").textContent);
  check(machine.includes("Your machine: (row") ? !!(await page.$("#board .c.yours")) : true,
    size.name + ": their machine's cell is not on the board: " + machine);
  // Autoplay by their machine, to the end or until its click changes nothing.
  const checkedBefore = (await gameOf(page)).yours.checked;
  await page.selectOption("#autoby", "yours");
  await page.$eval("#speed", (el) => { el.value = el.max; });
  await page.click("#auto");
  await page.waitForFunction(() => document.getElementById("auto").textContent === "Autoplay" &&
    (["won", "lost"].includes(app.game.status) || document.getElementById("message").textContent.includes("Your machine")),
  null, { timeout: 60000 });
  const after = await gameOf(page);
  check(after.yours.checked > checkedBefore, size.name + ": autoplay by their machine checked no click");
  await context.close();
  // A correct RefreshGamePanel agrees on a whole game played by our autoplay; the machine of
  // that file crashes at its third call, which the page tells, and the next call works.
  ({ context, page } = await open(size, right.url));
  await page.waitForFunction(() => app.functions.refresh && app.functions.machine);
  await newGame(page, "20,20,50", seed);
  await page.$eval("#speed", (el) => { el.value = el.max; });
  await page.click("#auto");
  await page.waitForFunction(() => ["won", "lost"].includes(app.game.status), null, { timeout: 60000 });
  const whole = await gameOf(page);
  check(whole.yours && whole.yours.differed === 0 && whole.yours.faults === 0 && whole.yours.checked >= whole.clicks,
    size.name + ": the correct RefreshGamePanel: " + JSON.stringify(whole.yours));
  check((await page.$$("#board .c.diff")).length === 0 && (await page.$eval("#yours", (el) => el.className)) === "",
    size.name + ": differences shown for the correct RefreshGamePanel");
  // A new game each time: a position whose hint was asked already is not asked of the
  // machine again, and how many calls the autoplay above made depends on its moves.
  let crashed = null;
  for (let k = 0; k < 4 && !crashed; k++) {
    await newGame(page, "9,9,10", 2 + k);
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("message").textContent.includes("Your machine"));
    const text = await message(page);
    if (text.includes("crashed")) crashed = text;
  }
  check(crashed && crashed.includes("signal 11, SIGSEGV") && crashed.includes("fresh process"),
    size.name + ": the crash is not told: " + crashed);
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("message").textContent.includes("Your machine: (row"));
  await context.close();
  console.log(size.name + ": seed " + seed + ": " + marked.length + " cells of the student's flood marked on the board; " +
    "their machine beside our hint and autoplaying (" + (after.yours.checked - checkedBefore) + " clicks checked); a correct " +
    "RefreshGamePanel agreed on " + whole.yours.checked + " clicks; a crash told, the next call answered");
  return seed;
}

// Item 1 at startup: a file that does not compile is refused with the compiler's lines, exit 2.
function refusedAtStartup() {
  const run = spawnSync("target/release/play", ["--port", "0", "--functions", "tests/submissions/does_not_compile.txt"],
    { encoding: "utf8", timeout: 60000 });
  check(run.status === 2 && run.stdout === "" && run.stderr.includes("does not compile") &&
    run.stderr.includes("does_not_compile.txt:") && run.stderr.includes("error"),
  "a file that does not compile: exit " + run.status + ", " + run.stderr);
  console.log("a file that does not compile: exit 2, " + run.stderr.split("\n").length + " lines of the compiler's");
}

// The English words of the page that Chinese must not show.
const ENGLISH = ["New game", "Replay", "Hint", "Autoplay", "Analysis", "Options", "Export", "mines", "Your machine", "click"];

// Item 3 at `size`: a zh-CN browser gets the page in Chinese, with the student's bug; the switch
// turns it to English, and a reload keeps the choice.
async function chinese(size, buggy, seed) {
  const { context, page } = await open(size, buggy.url, { locale: "zh-CN" });
  const keys = await page.evaluate(() => [Object.keys(TEXT.en).sort().join(), Object.keys(TEXT.zh).sort().join()]);
  check(keys[0] === keys[1], "the tables' keys differ");
  await newGame(page, "20,20,50", seed, "opening");
  const before = await gameOf(page);
  await page.click(cell(210));
  await changed(page, before);
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("message").textContent.startsWith("\u63d0\u793a"));
  const shown = await page.evaluate(() => [document.documentElement.lang, document.querySelector("h1").textContent,
    document.querySelector("main").innerText]);
  check(shown[0] === "zh-CN" && shown[1] === "\u626b\u96f7", size.name + ": not Chinese: " + shown.slice(0, 2));
  const left = ENGLISH.filter((word) => shown[2].includes(word));
  check(left.length === 0, size.name + ": English in the Chinese page: " + left);
  check((await page.$$("#board .c.diff")).length > 0, size.name + ": the bug is not on the Chinese board");
  await page.screenshot({ path: "target/play-zh" + size.shot + ".png" });
  await page.selectOption("#lang", "en");
  await page.waitForFunction(() => document.querySelector("h1").textContent === "Minesweeper" &&
    document.getElementById("hint").textContent === "Hint");
  await page.reload();
  await page.waitForFunction(() => app.game && document.querySelector("h1").textContent === "Minesweeper");
  await context.close();
  console.log(size.name + ": a zh-CN browser gets Chinese (" + keys[0].split(",").length + " keys in each table), " +
    "the switch and a reload English");
}

// ---- For players: each item at both sizes and in both languages ----

// Words of the English page that the Chinese one must not show (the export's notes and menu,
// the figures' labels, the position's labels).
const ENGLISH_NOTES = ["beyond", "takes it", "course", "flags are left out", "clicks", "effective", "efficiency", "time",
  "Position", "Statistics"];

// Rectangles of a ranked cell's badge and percentage that overlap, if any.
const overlappingRanks = (page) => page.evaluate(() => {
  const bad = [];
  for (const el of document.querySelectorAll("#board .c.ranked")) {
    const a = el.querySelector(".rank").getBoundingClientRect();
    const b = el.querySelector(".value").getBoundingClientRect();
    if (b.width === 0 || b.height === 0) continue;
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 0.5 && y > 0.5) bad.push(el.dataset.i + ": " + x.toFixed(1) + "x" + y.toFixed(1));
  }
  return bad;
});

// Items 2, 3 and 5 at `size` in `language`, and JSMinesweeper's text: see `players`. `T` says a
// word in the page's language.
async function pastedForPlayers(page, size, language, T) {
  // Items 2, 3, 5: a pasted position's best move outlined, its ranks beside the percentages, and
  // the level and statistics describing the position, not the last game.
  await page.click("#positioning summary");
  await page.fill("#text", PANEL.join("\n") + "\n");
  await page.fill("#pmines", String(PANEL_MINES));
  await page.click("#analyse");
  await page.waitForFunction(() => document.querySelector("#board .c.a-best"));
  const advice = (await api("POST", "/position?mines=" + PANEL_MINES, PANEL.join("\n") + "\n")).advice;
  const pos = await page.evaluate(() => ({ best: Number(document.querySelector("#board .c.a-best").dataset.i),
    outline: getComputedStyle(document.querySelector("#board .c.a-best")).outlineStyle,
    level: document.getElementById("level").selectedOptions[0].textContent, stats: document.getElementById("stats").textContent,
    legend: document.getElementById("legend").textContent, cols: app.position.cols }));
  check(pos.best === advice.row * pos.cols + advice.col && pos.outline === "solid", size.name + ": the best move " + JSON.stringify(pos));
  check(pos.level === await T("levelPosition") && pos.stats === await T("statsPosition") && pos.legend.includes(await T("legendBest")),
    size.name + " " + language + ": stale labels " + JSON.stringify(pos));
  check((await overlappingRanks(page)).length === 0, size.name + ": ranks over percentages " + await overlappingRanks(page));
  await page.screenshot({ path: "target/play-players-position-" + size.name + "-" + language + ".png" });
  // The position out as JSMinesweeper's text and in again: the same cells and probabilities.
  const asPanel = await page.evaluate(() => ({ cells: app.position.cells, p: app.position.p }));
  await page.click("#asjs");
  await page.waitForFunction(() => document.getElementById("text").value.startsWith("6x5x7\n"));
  await page.click("#analyse");
  const jsFormat = await T("statusPosition", await T("format-jsminesweeper"));
  await page.waitForFunction((said) => document.getElementById("status").textContent === said, jsFormat);
  const asJs = await page.evaluate(() => ({ cells: app.position.cells, p: app.position.p, text: document.getElementById("text").value }));
  check(asJs.cells === asPanel.cells && JSON.stringify(asJs.p) === JSON.stringify(asPanel.p) &&
    asJs.text === "6x5x7\nHHHHHH\nH2112H\nH1002H\nH2112H\nHHHHHH\n", size.name + ": JSMinesweeper's text " + JSON.stringify(asJs));
  await page.screenshot({ path: "target/play-players-jsminesweeper-" + size.name + "-" + language + ".png" });
}

// Every item of the players' issue at `size` in `language`: the statistics at the end of a game
// (equal to the server's, and the figures ms-toollib checks), the export's notes and menu in the
// page's language, a pasted position's best move outlined, ranks beside the percentages, one
// word for an assisted game, labels that describe the position, and on a phone cells a finger
// can hit, percentages in them and a cue that the board scrolls.
async function players(size, language) {
  const zh = language === "zh";
  const { context, page, T } = await openIn(size, language);
  // Statistics: a beginner game won by autoplay shows its figures, the server's.
  await page.$eval("#speed", (el) => { el.value = el.max; });
  for (let seed = 1; seed < 20; seed++) {
    await newGame(page, "9,9,10", seed);
    await page.click("#auto");
    await page.waitForFunction(() => ["won", "lost"].includes(app.game.status), null, { timeout: 60000 });
    if ((await gameOf(page)).status === "won") break;
  }
  await page.waitForFunction(() => !document.getElementById("figures").hidden);
  const ended = await gameOf(page);
  const figures = await page.$eval("#figures", (el) => el.textContent);
  const f = ended.stats;
  check(f && f.total_clicks === f.left_clicks + f.right_clicks + f.chords && f.bbbv > 0 && (ended.status !== "won" || f.solved === f.bbbv),
    size.name + " " + language + ": the server's figures " + JSON.stringify(f));
  for (const part of ["3BV " + (f.solved === f.bbbv ? f.bbbv : ""), "3BV/s " + f.bbbv_s.toFixed(2), "IOE " + f.ioe.toFixed(2),
    Math.round(100 * f.correctness) + "%", (Math.floor(f.time_ms / 100) / 10).toFixed(1),
    zh ? "\u53f3\u952e " + f.right_clicks : f.right_clicks + " right"]) {
    check(figures.includes(part), size.name + " " + language + ": the figures lack " + part + ": " + figures);
  }
  check(zh ? figures.includes("Corr") : figures.includes("correctness"), "the figures' words: " + figures);
  await page.screenshot({ path: "target/play-players-stats-" + size.name + "-" + language + ".png" });
  // Item 1: the export's menu and notes in the page's language, no backticks.
  await newGame(page, "16,30,99", 11);
  let before = await gameOf(page);
  await page.click(cell(8 * 30 + 15));
  await changed(page, before);
  const closed = (await gameOf(page)).cells.indexOf(".");
  before = await gameOf(page);
  await page.click(cell(closed), { button: "right" });
  await changed(page, before);
  await page.click("#exporting summary");
  await page.selectOption("#judge", "jlu-panel");
  await page.click("#export");
  await page.waitForFunction(() => document.querySelectorAll("#downloads p").length === 2);
  const exported = await page.evaluate(() => ({ menu: [...document.querySelectorAll("#judge option")].map((o) => o.textContent),
    notes: [...document.querySelectorAll("#downloads p")].map((p) => p.textContent), said: document.getElementById("message").textContent }));
  check(exported.menu.includes(await T("judge-jlu-panel")) && exported.notes[0] === await T("note-jlu-no-flags", 1) &&
    exported.notes[1] === await T("note-jlu-limits"), size.name + " " + language + ": the export " + JSON.stringify(exported));
  check(!exported.said.includes("`"), "backticks in " + exported.said);
  if (zh) {
    const english = ENGLISH_NOTES.filter((w) => (exported.menu.join() + exported.notes.join() + exported.said).includes(w));
    check(english.length === 0, size.name + ": English in the Chinese export: " + english);
  }
  await page.screenshot({ path: "target/play-players-export-" + size.name + "-" + language + ".png" });
  await page.click("#exporting summary");
  // Item 4: the analysis marks the game, and the status says it in the message's word.
  await page.click("#analysis");
  await page.waitForFunction(() => document.getElementById("message").textContent !== "");
  const marked = await T("markAssisted");
  await page.waitForFunction((word) => document.getElementById("status").textContent.includes(word), marked);
  check((await message(page)).includes(marked), size.name + " " + language + ": the message's word is not " + marked);
  // Item 6 on a phone: percentages drawn in the cells, a cue that the board scrolls.
  if (!size.wide) {
    const phone = await page.evaluate(() => {
      const shown = [...document.querySelectorAll("#board .c.a")].filter((el) => /\d/.test(el.textContent) &&
        parseFloat(getComputedStyle(el).fontSize) >= 8);
      return { cell: document.querySelector("#board .c").getBoundingClientRect().width, percents: shown.length,
        cue: document.getElementById("scrollcue").hidden ? "" : document.getElementById("scrollcue").textContent,
        shade: document.getElementById("framebox").className };
    });
    check(phone.cell >= 21 && phone.percents > 0 && phone.cue !== "" && phone.shade.includes("more-right"),
      size.name + " " + language + ": the phone " + JSON.stringify(phone));
  }
  check((await overlappingRanks(page)).length === 0, size.name + ": ranks over percentages " + await overlappingRanks(page));
  await page.screenshot({ path: "target/play-players-analysis-" + size.name + "-" + language + ".png" });
  await page.click("#analysis");
  await pastedForPlayers(page, size, language, T);
  await page.click("#back");
  await page.waitForFunction(() => app.game && document.getElementById("level").value === "16,30,99");
  await context.close();
  console.log(size.name + " " + language + ": figures " + JSON.stringify(figures) + "; export notes translated; analysis " +
    "marks the status; the best move outlined; ranks beside the percentages; the position's labels; " +
    "JSMinesweeper's text out and in" +
    (size.wide ? "" : "; phone cells, percentages and the scroll cue"));
}

// ---- Sizes, counts and punctuation: at both sizes and in both languages ----

// Half-width , ; : ( ) beside Chinese (spaces aside): Chinese text takes ， ； ： （ ）.
const HALF_WIDTH_BY_CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef] *[,;:()]|[,;:()] *[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

// Every text the page shows now: its text, option labels, titles, placeholders and labels.
const shownTexts = (page) => page.evaluate(() => {
  const texts = [document.body.innerText];
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label], option")) {
    for (const name of ["title", "placeholder", "aria-label"]) if (el.getAttribute(name)) texts.push(el.getAttribute(name));
    if (el.tagName === "OPTION") texts.push(el.textContent);
  }
  return texts.join("\n").split("\n");
});

// At `size` in `language`: the board menu says each level's rows × columns (Expert 16×30, as its
// value), a custom board's statistics and a pasted JSMinesweeper position's message too (its text
// stays JSMinesweeper's, width first); one mine is "1 mine"; in Chinese nothing shown puts
// half-width punctuation beside Chinese.
async function sizesAndWords(size, language) {
  const zh = language === "zh";
  const { context, page, T } = await openIn(size, language);
  const where = size.name + " " + language + ": ";
  const bad = [];
  const scan = async (when) => {
    if (zh) for (const line of await shownTexts(page)) if (HALF_WIDTH_BY_CHINESE.test(line)) bad.push(when + ": " + line);
  };
  const levels = await page.evaluate(() => [...document.querySelectorAll("#level option")]
    .filter((o) => /^\d+,\d+,\d+$/.test(o.value)).map((o) => [o.value, o.textContent]));
  for (const [value, label] of levels) {
    const [rows, cols, mines] = value.split(",");
    check(label.includes(rows + "\u00d7" + cols) && label.includes(mines), where + "the level " + value + " reads " + label);
  }
  check(levels.length === 4 && levels.some(([value, label]) => value === "16,30,99" && label.includes("16\u00d730")),
    where + "the levels " + JSON.stringify(levels));
  await scan("a game");
  // A custom board of 5 rows and 7 columns with 1 mine: its statistics' name.
  await page.selectOption("#level", "custom");
  await page.fill("#rows", "5");
  await page.fill("#cols", "7");
  await page.fill("#mines", "1");
  await page.click("#new");
  await page.waitForFunction(() => app.game && app.game.rows === 5 && app.game.cols === 7 && app.game.status === "ready");
  const stats = await page.$eval("#stats", (el) => el.textContent);
  const custom = await T("statsName", await T("statsCustom", 5, 7, 1), await T("statsStart", "safe"));
  check(stats.startsWith(custom) && custom.startsWith("5\u00d77") && (zh || custom.startsWith("5\u00d77, 1 mine, ")),
    where + "a custom board's statistics: " + stats);
  await scan("a custom board");
  // JSMinesweeper's expert text: the message says 16×30, the text stays 30x16x99.
  const text = "30x16x99\n" + ("H".repeat(30) + "\n").repeat(15) + "F" + "H".repeat(29) + "\n";
  await page.click("#positioning summary");
  await page.fill("#text", text);
  await page.fill("#pmines", "");
  await page.click("#analyse");
  await page.waitForFunction(() => app.mode === "position" && app.position.rows === 16 && document.getElementById("message").textContent);
  const said = await message(page);
  const head = await T("positionHead", 16, 30, await T("format-jsminesweeper"), await T("assumed-given", 99));
  check(said.startsWith(head) && head.startsWith("16\u00d730 "), where + "the position's message: " + said);
  await page.click("#analysis");
  await scan("a position");
  await page.click("#asjs");
  await page.waitForFunction(() => document.getElementById("text").value.startsWith("30x16x99\n"));
  check(await page.$eval("#text", (el) => el.value) === text, where + "JSMinesweeper's text changed");
  check(bad.length === 0, where + "half-width punctuation beside Chinese:\n" + bad.join("\n"));
  await context.close();
  console.log(where + "levels, a custom board's statistics and a pasted position in rows \u00d7 columns" +
    (zh ? ", Chinese punctuation" : ", 1 mine"));
}

// One count of clicks and one time (docs/players.md, "Clicks and time") at `size` in `language`:
// a game won by the player's own clicks (a flag set and taken off before the first open, a chord
// that opens nothing, then every safe cell) shows the same clicks and the same time in the
// counter, the message at the end, the statistics and the best time, each statistic with its
// definition on hover. The mines are learnt from a twin game made through the API (the same seed
// and first click deal the same board), so that the game played stays clean.
async function clicksAndTime(size, language) {
  const zh = language === "zh";
  const where = size.name + " " + language;
  const { context, page, T } = await openIn(size, language);
  const [seed, first] = [17, 40];
  const twin = await api("POST", "/new?rows=9&cols=9&mines=10&start=safe&seed=" + seed);
  await api("POST", "/open?game=" + twin.game + "&row=4&col=4");
  const map = (await api("GET", "/reveal?game=" + twin.game)).map;
  await newGame(page, "9,9,10", seed);
  let made = 0;
  // Each click, whatever it does, raises the counter by one.
  const counted = (before, what) => page.waitForFunction((n) => app.game.clicks === n, before.clicks + 1, { timeout: 10000 })
    .catch(() => { throw new Error(where + ": " + what + " was not counted once: " + before.clicks + " clicks before"); });
  const click = async (i, options = {}) => {
    const before = await gameOf(page);
    await page.click(cell(i), options);
    await counted(before, "a " + (options.button || "left") + " click on " + i);
    made += 1;
  };
  await click(0, { button: "right" });
  await click(0, { button: "right" });
  await click(first);
  const number = [...(await gameOf(page)).cells].findIndex((ch) => ch >= "1" && ch <= "8");
  check(number >= 0, where + ": no number after the first open");
  await click(number);
  check((await gameOf(page)).clicks === made, where + ": a chord that opens nothing is a click");
  for (;;) {
    const g = await gameOf(page);
    if (g.status !== "playing") break;
    const safe = [...g.cells].map((ch, i) => (ch === "." && map[i] === "0" ? i : -1)).filter((i) => i >= 0);
    if (safe.length > 1) { await click(safe[0]); continue; }
    // The last click when the page's clock is past the middle of a tenth, made from the page so
    // that no delay comes between: cutting and rounding would then show different times (the
    // verdict does not depend on it).
    const before = await gameOf(page);
    await page.evaluate((at) => new Promise((resolve) => {
      const when = () => {
        const ms = (performance.now() - app.clockBase) % 100;
        if (ms < 60 || ms >= 80) { setTimeout(when, 1); return; }
        document.querySelector(at).dispatchEvent(new MouseEvent("click", { bubbles: true }));
        resolve();
      };
      when();
    }), cell(safe[0]));
    await counted(before, "the last click");
    made += 1;
  }
  await page.waitForFunction(() => !document.getElementById("figures").hidden && document.getElementById("message").textContent);
  const shown = await page.evaluate(() => ({ game: app.game, clicks: document.getElementById("clicks").textContent,
    clock: document.getElementById("clock").textContent, said: document.getElementById("message").textContent,
    stats: document.getElementById("stats").textContent,
    figures: [...document.querySelectorAll("#figures span")].map((el) => [el.textContent, el.title]) }));
  const g = shown.game;
  const f = g.stats;
  const seconds = (Math.floor(g.ms / 100) / 10).toFixed(1);
  const about = where + ": " + JSON.stringify({ ...shown, game: { clicks: g.clicks, ms: g.ms, stats: f } });
  check(g.status === "won" && !g.assisted && !g.peeked, about);
  check(g.clicks === made && f.total_clicks === made && shown.clicks === String(made) &&
    f.left_clicks + f.right_clicks + f.chords === made && f.right_clicks === 2 && f.chords === 1, "the clicks: " + about);
  check(f.time_ms === g.ms && shown.clock === seconds, "the time: " + about);
  check(shown.said.includes(await T("clicks", made)) && shown.said.includes(seconds + (zh ? " 秒" : " s")), "the message: " + about);
  check(shown.stats.includes(await T("statsBest", seconds)), "the best time: " + about);
  const expected = await T("figures", { bbbv: f.bbbv, solved: f.solved, bbbvS: f.bbbv_s.toFixed(2), clicks: made,
    left: f.left_clicks, right: 2, chords: 1, effective: f.effective, ioe: f.ioe.toFixed(2),
    correctness: Math.round(100 * f.correctness) + "%", throughput: f.throughput.toFixed(2), seconds });
  check(JSON.stringify(shown.figures) === JSON.stringify(expected), "the figures: " + about);
  const [texts, titles] = [shown.figures.map(([text]) => text).join(" "), shown.figures.map(([, title]) => title)];
  check(texts.includes(zh ? "点击 " + made + "（" : "clicks " + made + " (") && texts.includes(zh ? "双击 1；" : "1 chord;") &&
    texts.includes(zh ? "用时 " + seconds + " 秒" : "time " + seconds + " s") && !/efficiency|效率/.test(texts),
    "the figures' words: " + about);
  check(titles.length === 7 && new Set(titles).size === 7 && titles.every((title) => title.length > 20), "the definitions: " + about);
  if (zh) check(!/[,;:()?!]/.test(texts + titles.join("")), "half-width punctuation in Chinese: " + about);
  await page.hover("#figures span:nth-child(4)");
  await page.screenshot({ path: "target/play-clicks-" + size.name + "-" + language + ".png" });
  await context.close();
  console.log(where + ": " + made + " clicks and " + seconds + " s (" + g.ms + " ms" +
    (g.ms % 100 >= 50 ? ", which rounding would show otherwise" : "") + ") alike in the counter, the message, the " +
    "statistics and the best time; " + shown.figures.map(([text]) => text).join(" · "));
}


// ---- The phone's position mode and "flags are mines", at both sizes and in both languages ----

// A position wider than a phone whose only proven safe cells are in its last two columns.
const WIDE_POSITION = "30x8x20\n" + ("H".repeat(30) + "\n").repeat(7) + "H".repeat(29) + "0\n";
// One flag beside a 1, one mine: the cell right of the 1 is 50% from the numbers alone, safe
// with the flag a mine (JSMinesweeper's default).
const FLAG_EXAMPLE = "4x1x1\nF1HH\n";

// The cell sizes whose ranks are checked: from the smallest with percentages to this at least.
const MIN_FIT_SIZE_CHECKED = 40;

// Each ranked cell's badge and percentage a pixel apart or more, and in a cell outlined (the
// guess, the best move, a hint) the percentage inside the outline's 3 px; what breaks that.
const crowdedRanks = (page) => page.evaluate(() => {
  const bad = [];
  for (const el of document.querySelectorAll("#board .c.ranked")) {
    const c = el.getBoundingClientRect();
    const a = el.querySelector(".rank").getBoundingClientRect();
    const b = el.querySelector(".value").getBoundingClientRect();
    if (b.width === 0 || b.height === 0) { bad.push(el.dataset.i + ": no percentage"); continue; }
    const apart = Math.max(b.top - a.bottom, b.left - a.right);
    if (apart < 1) bad.push(el.dataset.i + ": " + apart.toFixed(1) + " px apart");
    const outlined = getComputedStyle(el).outlineStyle !== "none";
    if (outlined && (b.right > c.right - 3 || b.bottom > c.bottom - 3)) bad.push(el.dataset.i + ": under the outline");
  }
  return bad;
});

// A pasted position the server refuses: the page asks in its language (`lang=zh` on the Chinese
// page, nothing added on the English one) and shows the server's message as written for it,
// Chinese with a full-width colon on the Chinese page. The refusal (a 400 and chromium's
// console line about it) is expected, and nothing else is reported.
async function serverMessageInLanguage(size, language) {
  const zh = language === "zh";
  const name = size.name + " " + language;
  const { context, page } = await openIn(size, language);
  const before = errors.length;
  await page.click("#positioning summary");
  await page.fill("#text", "..\n...\n");
  await page.fill("#pmines", "");
  await page.click("#analyse");
  await page.waitForFunction(() => document.getElementById("message").className === "error");
  const said = await message(page);
  const want = zh ? "\u7b2c 2 \u884c\uff1a3 \u683c\uff0c\u4f46\u4e0a\u9762\u7684\u884c\u6709 2 \u683c"
    : "line 2: 3 cells, but the rows above have 2";
  check(said === want, name + ": the server's message is " + JSON.stringify(said) + ", not " + JSON.stringify(want));
  await page.screenshot({ path: "target/play-server-message-" + size.name + "-" + language + ".png" });
  // Closed, the page reports nothing more: all it reported about the refusal is in.
  await context.close();
  const reported = errors.splice(before);
  const refusal = reported.filter((e) => e.includes(" HTTP 400 for ") && e.includes("/position?"));
  check(refusal.length === 1 && refusal[0].includes("lang=zh") === zh &&
    reported.every((e) => e === refusal[0] || (e.includes(" console: ") && e.includes("400"))),
    name + ": reported " + JSON.stringify(reported));
  console.log(name + ": the server's message about a pasted position in the page's language: " + said);
}

// The strength chosen on the page: Hint and Autoplay ask the server for it, and a whole game is
// played by them; the server refuses a strength it does not know.
async function strongPlay(size, language) {
  const name = size.name + " " + language;
  const { context, page, T } = await openIn(size, language);
  const asked = [];
  page.on("request", (req) => { if (/\/(hint|step)\?/.test(req.url())) asked.push(req.url()); });
  const choice = await page.$eval("#strength", (el) => ({ value: el.value, label: el.closest("label").textContent,
    shown: [...el.options].map((o) => o.textContent) }));
  const words = [await T("strength"), await T("strengthDefault"), await T("strengthStrong")];
  check(choice.value === "default" && choice.label.includes(words[0]) && choice.shown.join() === words.slice(1).join(),
    name + ": the strength's choice: " + JSON.stringify(choice));
  await fitsWidth(page, size.options.viewport.width);
  await page.selectOption("#strength", "strong");
  await newGame(page, "9,9,10", 7);
  await page.click("#hint");
  const first = await page.waitForSelector("#board .c.hint");
  const state = await gameOf(page);
  await first.click();
  await changed(page, state);
  await page.click("#hint");
  await page.waitForSelector("#board .c.hint");
  await page.$eval("#speed", (el) => { el.value = el.max; });
  await page.click("#auto");
  await page.waitForFunction(() => ["won", "lost"].includes(app.game.status), null, { timeout: 60000 });
  const steps = asked.filter((u) => u.includes("/step?")).length;
  check(steps > 0 && asked.length === steps + 2 && asked.every((u) => u.includes("&strength=strong")),
    name + ": requests without strength=strong: " + JSON.stringify(asked));
  await page.screenshot({ path: "target/play-strong-" + size.name + "-" + language + ".png" });
  const { game, status } = await gameOf(page);
  const refused = await fetch(url + "hint?game=" + game + "&strength=fast");
  const why = await refused.text();
  check(refused.status === 400 && why.includes("strength must be default or strong"),
    name + ": an unknown strength: " + refused.status + " " + why);
  await context.close();
  console.log(name + ": strength strong: hint twice and autoplay (" + steps + " steps) to " +
    status + ", an unknown strength refused");
}

// On a phone-size wide board, "Analyse" brings the best move into view as a hint does; the
// ranks stand clear of the percentages at the fitted size and at the smallest that shows them;
// "Flags are mines" turns the example's 50% into 0%, says so, says when the numbers refute the
// flags, and is remembered.
async function positionOnAPhoneAndFlags(size, language) {
  const zh = language === "zh";
  const { context, page, T } = await openIn(size, language);
  const name = size.name + " " + language;
  await page.click("#positioning summary");
  // The best move, off to the right on a phone, scrolled into the frame and the viewport.
  await page.fill("#text", WIDE_POSITION);
  await page.fill("#pmines", "");
  await page.$eval("#frame", (frame) => { frame.scrollLeft = 0; });
  await page.click("#analyse");
  await page.waitForFunction(() => app.position && app.position.cols === 30 && document.querySelector("#board .c.a-best"));
  await page.waitForTimeout(100);
  const best = await page.evaluate(() => {
    const el = document.querySelector("#board .c.a-best");
    const c = el.getBoundingClientRect();
    const f = document.getElementById("frame").getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    return { cell: Number(el.dataset.i), beyond: el.offsetLeft + el.offsetWidth > document.getElementById("frame").clientWidth,
      frame: inside(c, f), page: c.top >= 0 && c.bottom <= innerHeight && c.left >= 0 && c.right <= innerWidth,
      scrolled: document.getElementById("frame").scrollLeft };
  });
  check(best.cell % 30 >= 28 && best.frame && best.page && (size.wide || (best.beyond && best.scrolled > 0)),
    name + ": the best move is not in view: " + JSON.stringify(best));
  // The ranks of a guess, at the fitted size and at the smallest size with percentages.
  await page.fill("#text", PANEL.join("\n") + "\n");
  await page.fill("#pmines", String(PANEL_MINES));
  await page.click("#analyse");
  await page.waitForFunction(() => app.position && app.position.cols === 6 && document.querySelectorAll("#board .c.ranked").length > 1);
  const fitted = await cellSize(page);
  const smallest = await page.evaluate(() => MIN_PERCENT);
  const crowded = [];
  for (let px = smallest; px <= Math.max(fitted, MIN_FIT_SIZE_CHECKED); px++) {
    await page.evaluate((px) => { app.zoom = px / fitted().size; fit(); }, px);
    check(await cellSize(page) === px, name + ": zoomed to " + await cellSize(page) + ", not " + px);
    crowded.push(...(await crowdedRanks(page)).map((bad) => px + " px, cell " + bad));
  }
  check(crowded.length === 0, name + ": ranks crowd the percentages: " + crowded);
  await page.evaluate(() => { app.zoom = 1; fit(); });
  // "Flags are mines": off, the example's third cell is a half; on, safe, said to rest on the flag.
  await page.fill("#text", FLAG_EXAMPLE);
  await page.fill("#pmines", "");
  check(!(await page.isChecked("#flagsmines")), name + ": flags are mines by default");
  await page.click("#analyse");
  await page.waitForFunction(() => app.position && app.position.cols === 4 && app.position.flags_are === "beliefs");
  const half = await page.$eval(cell(2), (el) => [el.dataset.p, el.textContent]);
  check(half[0] === "0.5" && half[1] === "50", name + ": the example's cell from the numbers alone: " + half);
  await page.click("#flagsmines");
  await page.waitForFunction(() => app.position && app.position.flags_are === "mines");
  const safe = await page.$eval(cell(2), (el) => [el.dataset.p, el.textContent]);
  const said = await message(page);
  const legend = await page.$eval("#legend", (el) => el.textContent);
  check(safe[0] === "0" && said.includes(await T("positionFlagsMines")) && said.includes(await T("restsOnFlags")) &&
    legend.includes(await T("legendFlagsMines")), name + ": the example with flags as mines: " + safe + " " + said + " " + legend);
  await page.screenshot({ path: "target/play-flags-as-mines-" + size.name + "-" + language + ".png" });
  // A flag beside a 0 cannot be a mine: said, and the numbers alone shown.
  await page.fill("#text", "4x1x1\nF0HH\n");
  await page.click("#analyse");
  await page.waitForFunction(() => app.position && app.position.cells === "F0.." && app.position.flags_refuted);
  const refuted = [await message(page), await page.$eval("#legend", (el) => el.textContent)];
  check(refuted[0].includes(await T("positionFlagsRefuted")) && !refuted[1].includes(await T("legendFlagsMines")),
    name + ": flags the numbers refute: " + refuted);
  await page.reload();
  await page.waitForFunction(() => app.game);
  check(await page.isChecked("#flagsmines"), name + ": the choice is not remembered");
  await context.close();
  console.log(name + ": the best move of a 30-column position in view (cell " + best.cell + ", frame scrolled " +
    best.scrolled + " px); ranks clear of the percentages from " + smallest + " to " + Math.max(fitted, MIN_FIT_SIZE_CHECKED) +
    " px; flags are mines: 50% -> 0%, said, refuted flags said, remembered");
}

async function main() {
  const started = Date.now();
  ({ url } = await startPlay([]));
  const buggy = await startPlay(["--functions", "tests/submissions/jlu_refresh_panel_bug.txt",
    "--functions", "tests/submissions/jlu_rule_machine.txt"]);
  const right = await startPlay(["--functions", "tests/submissions/jlu_refresh_panel.txt",
    "--functions", "tests/submissions/jlu_crash_machine.txt"]);
  check(buggy.printed.includes("RefreshGamePanel") && buggy.printed.includes("machine"), "play did not name the functions");
  console.log("play at " + url + ", with a student's functions at " + buggy.url + " and " + right.url);
  refusedAtStartup();
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const { context, page } = await open(SIZES[0], url);
  await keyboard(page);
  await wrongFlag(page);
  await pastePosition(page);
  await exportGame(page);
  await peekStatsReplayOpening(page);
  await hintGame(page);
  await autoplayExpert(page);
  await desktopScreenshot(page);
  await context.close();
  await phone();
  for (const size of SIZES) {
    await layout(size);
    const seed = await functionsOnThePage(size, buggy, right);
    await chinese(size, buggy, seed);
    for (const language of ["en", "zh"]) await players(size, language);
    for (const language of ["en", "zh"]) await sizesAndWords(size, language);
    for (const language of ["en", "zh"]) await clicksAndTime(size, language);
    for (const language of ["en", "zh"]) await positionOnAPhoneAndFlags(size, language);
    for (const language of ["en", "zh"]) await serverMessageInLanguage(size, language);
    for (const language of ["en", "zh"]) await strongPlay(size, language);
  }
  if (errors.length) throw new Error("the page reported errors:\n" + errors.join("\n"));
  console.log("browser test passed in " + Math.round((Date.now() - started) / 1000) + " s: screenshots in target/: " +
    "play.png, play-phone.png, play-hint.png, play-1280x800.png, play-390x844.png, play-functions-bug.png, " +
    "play-functions-bug-phone.png, play-zh.png, play-zh-phone.png, and play-players-{stats,export,analysis,position,jsminesweeper}-" +
    "{1280x800,390x844}-{en,zh}.png, play-clicks-{1280x800,390x844}-{en,zh}.png, " +
    "play-flags-as-mines-{1280x800,390x844}-{en,zh}.png, play-strong-{1280x800,390x844}-{en,zh}.png");
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error("browser test FAILED: " + err.message + "\n" + err.stack);
  if (errors.length) console.error(errors.join("\n"));
} finally {
  if (browser) await browser.close().catch(() => {});
  for (const child of servers) child.kill();
}
process.exit(failed ? 1 : 0);
