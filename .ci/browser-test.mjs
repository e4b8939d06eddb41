// Plays `play` in a real headless chromium through real clicks, keys and touches:
// - keyboard: every key (H before the first click, Space, Enter, F, arrows, N, A);
// - a wrong flag that fits the numbers, after which Hint must never call a losing move certain;
// - a pasted JLU panel: every probability shown equals the server's (the solver's) and a brute
//   force over every arrangement; a panel no arrangement fits is said so;
// - a game exported to mine-ops, acm-server and jlu-panel: each downloaded input, piped through
//   the judge binary, prints the downloaded expected output, and ends as the game did;
// - peek behind its toggle, statistics, tenths of seconds, "1 click", replay, opening start;
// - a phone (390x844, then 360 wide): every control inside the viewport, no horizontal page
//   scroll on expert, a long press that flags, flag mode;
// - the beginner hint game and the expert autoplay game of before.
// Fails on any console error, page error, failed or refused request. Screenshots in target/:
// play.png (desktop, analysis view), play-phone.png (390x844, expert), play-hint.png.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(join(process.env.PLAYWRIGHT_MODULES, "package.json"));
const { chromium } = require("playwright-core");

const errors = [];
const server = spawn("target/release/play", ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
let browser;
let url;

function serverUrl() {
  return new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve(text.split("\n")[0].trim());
    });
    server.on("exit", (code) => reject(new Error("play exited with " + code)));
    setTimeout(() => reject(new Error("play printed no URL")), 10000);
  });
}

function check(condition, what) {
  if (!condition) throw new Error(what);
}

// The server's JSON, fetched from here (not by the page).
async function api(method, path, body) {
  const response = await fetch(url + path.slice(1), { method, body });
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
const gameOf = (page) => page.evaluate(() => game);
const isOver = (status) => status === "won" || status === "lost";

async function newGame(page, level, seed, start = "safe") {
  await page.evaluate(([seed, start]) => {
    document.getElementById("seed").value = seed === null ? "" : String(seed);
    document.getElementById("start").value = start;
  }, [seed, start]);
  const cells = level.split(",").slice(0, 2).reduce((a, b) => a * b, 1);
  const old = await page.evaluate(() => (game ? game.game : null));
  if ((await page.$eval("#level", (el) => el.value)) !== level) await page.selectOption("#level", level);
  else await page.click("#new");
  await page.waitForFunction(([n, old]) => game && game.game !== old && game.status === "ready" &&
    document.querySelectorAll("#board .c").length === n && document.getElementById("message").textContent === "",
  [cells, old]);
}

// Waits until the page's game changed from `before` (clicks, flags or status).
async function changed(page, before) {
  await page.waitForFunction((b) => game.game !== b.game || game.clicks !== b.clicks ||
    game.flags !== b.flags || game.status !== b.status || game.cells !== b.cells, before);
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
      ["won", "lost"].includes(game.status));
    await page.keyboard.press("a");
    await page.waitForFunction(() => document.getElementById("auto").textContent === "Autoplay");
  }
  const last = state.game;
  await page.keyboard.press("n");
  await page.waitForFunction((id) => game.game !== id && game.status === "ready", last);
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
  check(server.format === "JLU panel" && server.consistent, "the server read " + JSON.stringify(server.format));
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
  await page.waitForFunction(() => document.getElementById("back").hidden && game &&
    document.querySelectorAll("#board .c").length === game.rows * game.cols);
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
  await page.waitForFunction(() => ["won", "lost"].includes(game.status), null, { timeout: 60000 });
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
  await page.waitForFunction(() => game.rows === 3 && game.status === "ready");
  await page.click(cell(4));
  await page.waitForFunction(() => game.status === "won");
  const said = await message(page);
  check(said.includes("in 1 click and") && / \d+\.\d s\./.test(said), "the won message: " + said);
  check(/^\d+\.\d$/.test(await page.$eval("#clock", (el) => el.textContent)), "the clock shows tenths");
  const stats = await page.$eval("#stats", (el) => el.textContent);
  check(stats.includes("1 played, 1 won (100%), best"), "statistics: " + stats);
  // Replay: the same board, marked; it does not count for the best time.
  const won = await gameOf(page);
  await page.click("#replay");
  await page.waitForFunction((id) => game.game !== id && game.replay, won.game);
  const replay = await gameOf(page);
  check(replay.status === "won" && replay.cells === won.cells, "the replay is the same board");
  check((await page.$eval("#status", (el) => el.textContent)).includes("replay"), "the replay is marked");
  await page.waitForFunction(() => document.getElementById("stats").textContent.includes("2 played, 2 won (100%)") &&
    document.getElementById("stats").textContent.includes("1 assisted, peeked or replayed"));
  // Opening start: the first click is a 0.
  await page.selectOption("#level", "16,30,99");
  await page.selectOption("#start", "opening");
  await page.waitForFunction(() => game.cols === 30 && game.start === "opening" && game.status === "ready");
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
  await page.waitForFunction(() => ["won", "lost"].includes(game.status), null, { timeout: 60000 });
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
  await page.waitForFunction((id) => game && game.game === id && document.querySelectorAll("#board .c").length === 480,
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
  check(frame.scroll > frame.client && frame.cell >= 24, "the expert board scrolls in its frame: " + JSON.stringify(frame));
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

async function main() {
  url = await serverUrl();
  console.log("play at " + url);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 900, height: 760 } });
  const page = await context.newPage();
  watch(page, "desktop");
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 81);
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
  if (errors.length) throw new Error("the page reported errors:\n" + errors.join("\n"));
  console.log("browser test passed: screenshots target/play.png, target/play-phone.png, target/play-hint.png");
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
  server.kill();
}
process.exit(failed ? 1 : 0);
