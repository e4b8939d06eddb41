#!/usr/bin/env bash
# DMOJ's judge (dmoj-cli, from PyPI) set up to judge Rust on this machine, for `package`'s
# long-tier DMOJ test (tests/package_dmoj.rs); running it again changes nothing that is in place.
#   DMOJ_VENV  its virtual environment (default ${XDG_CACHE_HOME:-~/.cache}/minejudge/dmoj)
#   DMOJ_HOME  the HOME the judge runs with (default /home/minejudge-dmoj)
# DMOJ compiles a Rust submission with cargo in a sandbox that lets the compiler read only
# /home (and its own standard places) and write only ~/.cargo. So the judge runs with a HOME
# under /home holding: the toolchain (rustup's, which lives under /root, copied as hard links,
# its bin/ first on the judge's PATH as rustup's proxies cannot read their home), and in
# ~/.cargo the crates that DMOJ's Cargo.toml names, fetched (cargo builds with --offline)
# and built once into the target folder DMOJ shares between submissions.
set -euo pipefail
VENV="${DMOJ_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/minejudge/dmoj}"
JUDGE_HOME="${DMOJ_HOME:-/home/minejudge-dmoj}"
# The judge's sandbox (cptbox) is a C extension built against libseccomp.
if ! dpkg -s libseccomp-dev >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libseccomp-dev
fi
if [ ! -x "$VENV/bin/dmoj-cli" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet dmoj==4.1.0
fi
sysroot="$(rustc --print sysroot)"
version="$(rustc --version)"
toolchain="$JUDGE_HOME/toolchain"
if [ "$(cat "$toolchain.version" 2>/dev/null)" != "$version" ]; then
  rm -rf "$toolchain"
  mkdir -p "$JUDGE_HOME/.cargo"
  # Hard links cost no room; another file system needs a real copy.
  cp -al "$sysroot/." "$toolchain" 2>/dev/null || { rm -rf "$toolchain"; cp -a "$sysroot/." "$toolchain"; }
  echo "$version" >"$toolchain.version"
fi
# A project like the one DMOJ makes of each submission: its Cargo.toml, as the judge has it.
warm="$JUDGE_HOME/warm-up"
mkdir -p "$warm/src"
"$VENV/bin/python" -c 'import sys; from dmoj.executors.RUST import CARGO_TOML; sys.stdout.buffer.write(CARGO_TOML)' \
  >"$warm/Cargo.toml"
echo 'fn main() {}' >"$warm/src/main.rs"
# Unpacking the crates here, outside the sandbox: as root, cargo chowns what it unpacks, a
# system call the sandbox kills the compiler for.
(cd "$warm" && unset CARGO_HOME CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR RUSTFLAGS &&
  HOME="$JUDGE_HOME" PATH="$toolchain/bin:$PATH" cargo build --release --quiet --target-dir "$JUDGE_HOME/.cargo/dmoj-shared-target-0")
