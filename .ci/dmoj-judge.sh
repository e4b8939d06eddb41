#!/usr/bin/env bash
# DMOJ's judge (dmoj-cli 4.1.0, from PyPI) set up to judge Rust on this machine, for `package`'s
# long-tier DMOJ test (tests/package_dmoj.rs); running it again changes nothing that is in place.
# Run as root. The judge runs as an ordinary user, minejudge-dmoj, whose home holds it all:
#   venv/       the judge, in a virtual environment of Debian's Python 3
#   toolchain/  this machine's Rust toolchain, hard links to rustup's
#   .cargo/     the crates DMOJ's Cargo.toml names, and the target folder it shares
# Why: DMOJ compiles a Rust submission with cargo in a sandbox that lets the compiler read only
# /home (besides /usr, /lib, /opt, ...) and write only ~/.cargo, and that kills it for a chown.
# Run as root, cargo's SQLite cache index chowns its journal, and rustup's toolchain, root's
# home and pyenv's Python are under /root, which neither the sandbox nor another user reads.
set -euo pipefail
user=minejudge-dmoj
home="/home/$user"
missing=()
for package in libseccomp-dev python3-venv python3-dev; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
if ! id "$user" >/dev/null 2>&1; then
  useradd --system --create-home --home-dir "$home" --shell /usr/sbin/nologin "$user"
fi
as_judge() {
  runuser -u "$user" -- env -u CARGO_HOME -u CARGO_TARGET_DIR -u RUSTFLAGS -u RUSTUP_HOME \
    -u RUSTUP_TOOLCHAIN HOME="$home" PATH="$home/toolchain/bin:/usr/bin:/bin" "$@"
}
if [ ! -x "$home/venv/bin/dmoj-cli" ]; then
  as_judge /usr/bin/python3 -m venv "$home/venv"
  as_judge "$home/venv/bin/pip" install --quiet dmoj==4.1.0
fi
version="$(rustc --version)"
if [ "$(cat "$home/toolchain.version" 2>/dev/null)" != "$version" ]; then
  sysroot="$(rustc --print sysroot)"
  rm -rf "$home/toolchain"
  # Hard links cost no room; another file system needs a real copy.
  cp -al "$sysroot/." "$home/toolchain" 2>/dev/null ||
    { rm -rf "$home/toolchain"; cp -a "$sysroot/." "$home/toolchain"; }
  echo "$version" >"$home/toolchain.version"
fi
# A project like the one DMOJ makes of each submission, with the Cargo.toml the judge writes:
# cargo fetches the crates (the judge's cargo builds --offline) and builds them once into the
# target folder DMOJ shares between submissions.
warm="$home/warm-up"
as_judge mkdir -p "$warm/src"
as_judge "$home/venv/bin/python" -c \
  'import sys; from dmoj.executors.RUST import CARGO_TOML; sys.stdout.buffer.write(CARGO_TOML)' |
  as_judge tee "$warm/Cargo.toml" >/dev/null
echo 'fn main() {}' | as_judge tee "$warm/src/main.rs" >/dev/null
as_judge sh -c "cd '$warm' && cargo build --release --quiet --target-dir '$home/.cargo/dmoj-shared-target-0'"
