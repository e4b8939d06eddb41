// Plays `play` in a real headless chromium through real clicks: a beginner game by following
// the page's "Hint" button cell by cell, then an expert game by "Autoplay" at full speed.
// Fails on any console error, page error, failed or refused request, or a game that does not
// end in time. Screenshots: target/play.png (the expert game's end) and target/play-hint.png.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(join(process.env.PLAYWRIGHT_MODULES, "package.json"));
const { chromium } = require("playwright-core");

const errors = [];
const server = spawn("target/release/play", ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const profile = mkdtempSync(join(tmpdir(), "play-chromium-"));
let context;

function serverUrl() {
  return new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const line = text.split("\n")[0];
      if (text.includes("\n")) resolve(line.trim());
    });
    server.on("exit", (code) => reject(new Error("play exited with " + code)));
    setTimeout(() => reject(new Error("play printed no URL")), 10000);
  });
}

async function statusOf(page) {
  return page.$eval("#status", (el) => el.className);
}

async function main() {
  const url = await serverUrl();
  console.log("play at " + url);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 900, height: 760 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (msg) => { if (msg.type() === "error") errors.push("console: " + msg.text()); });
  page.on("pageerror", (err) => errors.push("page error: " + err.message));
  page.on("requestfailed", (req) => errors.push("request failed: " + req.url() + " " + req.failure().errorText));
  page.on("response", (res) => { if (res.status() >= 400) errors.push("HTTP " + res.status() + " for " + res.url()); });

  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 81);

  // Game 1, beginner: a flag set and removed by right clicks, then every move the hint shows.
  await page.click("#board .c >> nth=40", { button: "right" });
  await page.waitForSelector("#board .c.flag");
  await page.click("#board .c >> nth=40", { button: "right" });
  await page.waitForFunction(() => !document.querySelector("#board .c.flag"));
  // The first open, then the mines shown by a right click on an open cell, hidden by Reveal.
  await page.click("#board .c >> nth=40");
  await page.waitForFunction(() => document.querySelector("#status").className !== "ready");
  if ((await statusOf(page)) === "playing") {
    await page.click("#board .c:not(.closed):not(.flag) >> nth=0", { button: "right" });
    await page.waitForFunction(() => document.querySelectorAll("#board .c.peek").length === 10);
    await page.click("#reveal");
    await page.waitForFunction(() => document.querySelectorAll("#board .c.peek").length === 0);
  }
  let moves = 1;
  while (!["won", "lost"].includes(await statusOf(page))) {
    if (++moves > 200) throw new Error("the hint game did not end in 200 moves");
    await page.click("#hint");
    const hinted = await page.waitForSelector("#board .c.hint");
    const isFlag = await hinted.evaluate((el) => el.classList.contains("flagit"));
    const clicks = await page.$eval("#clicks", (el) => el.textContent);
    const flags = await page.$$eval("#board .c.flag", (els) => els.length);
    await hinted.click({ button: isFlag ? "right" : "left" });
    // Each move redraws the board: wait until the click or the flag count changed.
    await page.waitForFunction(([c, f]) =>
      document.querySelector("#clicks").textContent !== c ||
      document.querySelectorAll("#board .c.flag").length !== f ||
      ["won", "lost"].includes(document.querySelector("#status").className), [clicks, flags]);
  }
  const hintEnd = await statusOf(page);
  console.log("hint game: " + hintEnd + " after " + moves + " moves");
  await page.screenshot({ path: "target/play-hint.png", fullPage: true });

  // Game 2, expert by autoplay at full speed.
  await page.selectOption("#level", "16,30,99");
  await page.waitForFunction(() => document.querySelectorAll("#board .c").length === 480 &&
    document.querySelector("#status").className === "ready");
  await page.$eval("#speed", (el) => { el.value = el.max; el.dispatchEvent(new Event("input")); });
  await page.click("#auto");
  await page.waitForFunction(() => ["won", "lost"].includes(document.querySelector("#status").className),
    null, { timeout: 60000 });
  const autoEnd = await statusOf(page);
  const clicks = await page.$eval("#clicks", (el) => el.textContent);
  console.log("autoplay game: " + autoEnd + " in " + clicks + " clicks");
  await page.click("#hint");
  await page.waitForFunction(() => document.querySelector("#message").textContent.includes("over"));
  await page.screenshot({ path: "target/play.png", fullPage: true });
  if (errors.length) throw new Error("the page reported errors:\n" + errors.join("\n"));
  console.log("browser test passed: screenshots target/play-hint.png, target/play.png");
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error("browser test FAILED: " + err.message);
  if (errors.length) console.error(errors.join("\n"));
} finally {
  if (context) await context.close().catch(() => {});
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
