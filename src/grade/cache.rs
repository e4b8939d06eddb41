//! Grades kept between runs: a late submission regrades that student only. Each outcome is a
//! file named by the SHA-256 of everything it depends on (the task, every option that changes
//! grading, the compiler, the tests, the student's file and its form, and the digest of the
//! sources that decide outcomes, [`version`](crate::grade::version)), so a changed file,
//! option or judge simply finds no entry. Only whole outcomes are kept
//! ([`Outcome::is_whole`]).
//!
//! The cache lives in the teacher's own cache folder, not in the class's, and every entry
//! carries an HMAC-SHA256 of its name and text under a key that exists only on this machine
//! (made once from the system's random source, readable by its owner only): an entry a student
//! ships, or edits, fails the check, is ignored, and the file is graded again.

use crate::grade::outcome::Outcome;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The cache's folder and the machine's key, or none.
#[derive(Clone, Debug)]
pub struct Cache {
    place: Option<(PathBuf, [u8; 32])>,
}

/// The first line of an entry: this, then the HMAC in hex.
const SEAL: &str = "hmac-sha256 ";

/// The largest entry read back (an outcome's quotes are cut well below).
const LARGEST_ENTRY: u64 = 1 << 20;

impl Cache {
    /// A cache in `dir` (made when first written), sealed with the key in `key_file` (made when
    /// missing); no cache when either is `None` or the key cannot be had.
    pub fn new(dir: Option<PathBuf>, key_file: Option<&Path>) -> Cache {
        let place = match (dir, key_file.and_then(machine_key)) {
            (Some(dir), Some(key)) => Some((dir, key)),
            _ => None,
        };
        Cache { place }
    }

    /// The outcome kept under `name`, if any and if its seal holds.
    pub fn get(&self, name: &str) -> Option<Outcome> {
        let (dir, key) = self.place.as_ref()?;
        let mut bytes = Vec::new();
        std::fs::File::open(dir.join(name))
            .ok()?
            .take(LARGEST_ENTRY)
            .read_to_end(&mut bytes)
            .ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let (seal, body) = text.split_once('\n')?;
        let seal = seal.strip_prefix(SEAL)?;
        if !same_in_constant_time(seal.as_bytes(), hex(&sign(key, name, body)).as_bytes()) {
            return None;
        }
        Outcome::from_text(body)
    }

    /// Keeps `outcome` under `name` (a cache that cannot be written is no cache: grading goes
    /// on).
    pub fn put(&self, name: &str, outcome: &Outcome) {
        let Some((dir, key)) = &self.place else {
            return;
        };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let body = outcome.to_text();
        let entry = format!("{SEAL}{}\n{body}", hex(&sign(key, name, &body)));
        // Written whole, then renamed: a run stopped half-way leaves no half entry.
        let temporary = dir.join(format!("{name}.{}.part", std::process::id()));
        if std::fs::write(&temporary, entry).is_ok() {
            let _ = std::fs::rename(&temporary, dir.join(name));
        }
    }

    /// Its folder.
    pub fn dir(&self) -> Option<&Path> {
        self.place.as_ref().map(|(dir, _)| dir.as_path())
    }
}

/// The teacher's own cache folder for `grade` (`$XDG_CACHE_HOME/minejudge/grade`, else
/// `~/.cache/minejudge/grade`), and the file of the machine's key beside it.
pub fn default_places() -> Option<(PathBuf, PathBuf)> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| PathBuf::from(home).join(".cache"))
        })?
        .join("minejudge");
    Some((base.join("grade"), base.join("grade.key")))
}

/// The key in `file`, made from the system's random source when the file is missing (mode
/// 0600); `None` when it can be neither read nor made.
fn machine_key(file: &Path) -> Option<[u8; 32]> {
    if let Ok(bytes) = std::fs::read(file) {
        return bytes.try_into().ok();
    }
    let mut key = [0u8; 32];
    std::fs::File::open("/dev/urandom")
        .ok()?
        .read_exact(&mut key)
        .ok()?;
    std::fs::create_dir_all(file.parent()?).ok()?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    use std::io::Write;
    options.open(file).ok()?.write_all(&key).ok()?;
    // Two graders at once: whichever key landed is the one.
    std::fs::read(file).ok()?.try_into().ok()
}

/// The HMAC-SHA256 of an entry's name and text.
fn sign(key: &[u8; 32], name: &str, body: &str) -> [u8; 32] {
    let mut message = Vec::with_capacity(name.len() + body.len() + 1);
    message.extend_from_slice(name.as_bytes());
    message.push(0);
    message.extend_from_slice(body.as_bytes());
    hmac_sha256(key, &message)
}

/// HMAC-SHA256 (RFC 2104) of `message` under a key of at most 64 bytes.
///
/// # Examples
///
/// ```
/// use minejudge::grade::cache::hmac_sha256;
///
/// let hex = |d: [u8; 32]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
/// // RFC 4231, test case 2.
/// assert_eq!(
///     hex(hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
///     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
/// );
/// ```
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    block[..key.len()].copy_from_slice(key);
    let pad = |byte: u8| block.iter().map(|b| b ^ byte).collect::<Vec<u8>>();
    let mut inner = pad(0x36);
    inner.extend_from_slice(message);
    let mut outer = pad(0x5c);
    outer.extend_from_slice(&sha256(&inner));
    sha256(&outer)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Whether `a` and `b` are equal, in a time that does not tell where they differ.
fn same_in_constant_time(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The name of an outcome's entry: the SHA-256, in hex, of the parts, each preceded by its
/// length.
pub fn key(parts: &[&[u8]]) -> String {
    let mut message = Vec::new();
    for part in parts {
        message.extend_from_slice(&(part.len() as u64).to_le_bytes());
        message.extend_from_slice(part);
    }
    hex(&sha256(&message))
}

/// SHA-256 (FIPS 180-4) of `message`.
///
/// # Examples
///
/// ```
/// use minejudge::grade::cache::sha256;
///
/// let hex = |d: [u8; 32]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
/// assert_eq!(
///     hex(sha256(b"abc")),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
pub fn sha256(message: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut padded = message.to_vec();
    padded.push(0x80);
    while padded.len() % 64 != 56 {
        padded.push(0);
    }
    padded.extend_from_slice(&((message.len() as u64).wrapping_mul(8)).to_be_bytes());
    for chunk in padded.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in chunk.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let choice = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(choice)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let majority = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(majority);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (slot, value) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *slot = slot.wrapping_add(value);
        }
    }
    let mut digest = [0u8; 32];
    for (i, word) in h.iter().enumerate() {
        digest[4 * i..4 * i + 4].copy_from_slice(&word.to_be_bytes());
    }
    digest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(digest: [u8; 32]) -> String {
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_gives_the_standards_digests() {
        assert_eq!(
            hex(sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        let million = vec![b'a'; 1_000_000];
        assert_eq!(
            hex(sha256(&million)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn hmac_gives_the_standards_digests() {
        // RFC 4231, test cases 1 and 3.
        assert_eq!(
            hex(hmac_sha256(&[0x0b; 20], b"Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hex(hmac_sha256(&[0xaa; 20], &[0xdd; 50])),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        );
    }

    #[test]
    fn an_entry_whose_seal_fails_is_not_read() {
        let dir = std::env::temp_dir().join(format!("minejudge-cache-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = Cache::new(Some(dir.join("entries")), Some(&dir.join("key")));
        let outcome = Outcome::not_graded(crate::grade::outcome::Status::NotGraded, "x".into());
        cache.put("name", &outcome);
        assert!(cache.get("name").is_some());
        // Another name, an edited text, or a key of another machine: no entry.
        std::fs::copy(dir.join("entries/name"), dir.join("entries/other")).unwrap();
        assert!(cache.get("other").is_none());
        let text = std::fs::read_to_string(dir.join("entries/name")).unwrap();
        std::fs::write(dir.join("entries/name"), text.replace("\tx", "\ty")).unwrap();
        assert!(cache.get("name").is_none());
        cache.put("name", &outcome);
        let elsewhere = Cache::new(Some(dir.join("entries")), Some(&dir.join("other key")));
        assert!(elsewhere.get("name").is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn keys_separate_their_parts() {
        assert_ne!(key(&[b"ab", b"c"]), key(&[b"a", b"bc"]));
        assert_eq!(key(&[b"ab", b"c"]), key(&[b"ab", b"c"]));
    }
}
