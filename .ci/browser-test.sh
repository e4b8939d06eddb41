#!/usr/bin/env bash
# The real-browser test of `play`: Debian's chromium (installed when missing, with a Chinese font)
# driven headless by playwright-core 1.65.1 (installed from npm under target/, never committed;
# it downloads no browser).
# Needs target/release/play built (.ci/run builds it with `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."
# The page in Chinese needs a font with its characters (1.6 MB).
if [ ! -x /usr/bin/chromium ] || [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-wqy-microhei
fi
modules=target/browser-test
if [ ! -f "$modules/node_modules/playwright-core/package.json" ]; then
  mkdir -p "$modules"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$modules" --no-audit --no-fund \
    --loglevel=error playwright-core@1.65.1
fi
PLAYWRIGHT_MODULES="$PWD/$modules" timeout 300 node .ci/browser-test.mjs
