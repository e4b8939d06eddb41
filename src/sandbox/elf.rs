//! What the loader reads of an ELF file before a program runs: its class, byte order, kind and
//! machine, its interpreter (`PT_INTERP`) and the libraries it needs (`DT_NEEDED`). Read from
//! the bytes by hand: a student's program may be crafted, so every offset, size and count is
//! checked against the file and against bounds of our own, and a file that breaks one is
//! refused, never trusted.

use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;

/// `e_type` of a shared object (libraries, loaders, position-independent programs).
pub const SHARED_OBJECT: u16 = 3;

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const PT_INTERP: u32 = 3;
const DT_NULL: u64 = 0;
const DT_NEEDED: u64 = 1;
const DT_STRTAB: u64 = 5;
const DT_STRSZ: u64 = 10;

/// Program headers read at most (real files have a dozen).
const MOST_HEADERS: usize = 256;
/// Dynamic entries read at most.
const MOST_DYNAMIC: usize = 4096;
/// The longest string table read, and the longest path or name.
const LARGEST_STRINGS: u64 = 1 << 20;
const LONGEST_NAME: usize = 4096;
/// Libraries one file may name.
const MOST_NEEDED: usize = 256;

/// What the loader needs to know of one ELF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elf {
    /// 64-bit (else 32-bit).
    pub wide: bool,
    /// Little-endian (else big-endian).
    pub little: bool,
    /// `e_type`.
    pub kind: u16,
    /// `e_machine`.
    pub machine: u16,
    /// The loader it names (`PT_INTERP`), if any.
    pub interpreter: Option<Vec<u8>>,
    /// The libraries it needs (`DT_NEEDED`), in order.
    pub needed: Vec<Vec<u8>>,
}

impl Elf {
    /// Whether a loader of `self`'s kind can load `other` (same class, byte order, machine).
    pub fn loads(&self, other: &Elf) -> bool {
        (self.wide, self.little, self.machine) == (other.wide, other.little, other.machine)
    }
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("not a valid ELF file: {what}"),
    )
}

/// The file, read within its size.
struct Bytes {
    file: File,
    size: u64,
}

impl Bytes {
    fn at(&self, offset: u64, length: u64) -> io::Result<Vec<u8>> {
        let end = offset
            .checked_add(length)
            .ok_or_else(|| invalid("offset"))?;
        if end > self.size || length > LARGEST_STRINGS {
            return Err(invalid("past the end"));
        }
        let mut buffer = vec![0u8; length as usize];
        self.file.read_exact_at(&mut buffer, offset)?;
        Ok(buffer)
    }
}

/// Reads numbers of one class and byte order out of a slice, `None` past its end: the one
/// way this crate reads an ELF file's numbers (here its program headers; the rules' witness
/// reads an object file's symbols with it).
#[derive(Clone, Copy)]
pub(crate) struct Reader {
    /// A 64-bit file (else 32-bit).
    pub(crate) wide: bool,
    /// Least significant byte first.
    pub(crate) little: bool,
}

impl Reader {
    /// The reader of a file whose first bytes are `ident`; `None` if they are not an ELF
    /// identification of a known class and byte order.
    pub(crate) fn of(ident: &[u8]) -> Option<Reader> {
        if ident.get(..4)? != b"\x7fELF" {
            return None;
        }
        let wide = match ident.get(4)? {
            1 => false,
            2 => true,
            _ => return None,
        };
        let little = match ident.get(5)? {
            1 => true,
            2 => false,
            _ => return None,
        };
        Some(Reader { wide, little })
    }

    /// The unsigned number of `size` bytes at `at`.
    pub(crate) fn number(self, bytes: &[u8], at: usize, size: usize) -> Option<u64> {
        let slice = bytes.get(at..at.checked_add(size)?)?;
        let mut value = 0u64;
        for i in 0..size {
            let byte = if self.little {
                slice[size - 1 - i]
            } else {
                slice[i]
            };
            value = (value << 8) | u64::from(byte);
        }
        Some(value)
    }
    fn half(self, bytes: &[u8], at: usize) -> Option<u64> {
        self.number(bytes, at, 2)
    }
    fn word(self, bytes: &[u8], at: usize) -> Option<u64> {
        self.number(bytes, at, 4)
    }
    /// An address or offset: 8 bytes in a 64-bit file, 4 in a 32-bit one.
    pub(crate) fn address(self, bytes: &[u8], at: usize) -> Option<u64> {
        self.number(bytes, at, if self.wide { 8 } else { 4 })
    }
}

/// One program header: type, file offset, address, size in the file.
struct Segment {
    kind: u32,
    offset: u64,
    address: u64,
    size: u64,
}

/// Reads `path`'s ELF facts; `Ok(None)` when it is not an ELF file at all.
///
/// # Errors
/// When it cannot be read, or is an ELF file whose headers do not hold together.
pub fn read(path: &Path) -> io::Result<Option<Elf>> {
    let file = File::open(path)?;
    let size = file.metadata()?.len();
    let bytes = Bytes { file, size };
    if size < 16 || bytes.at(0, 4)? != b"\x7fELF" {
        return Ok(None);
    }
    let ident = bytes.at(0, 16)?;
    let r = Reader::of(&ident).ok_or_else(|| invalid("class or byte order"))?;
    let (wide, little) = (r.wide, r.little);
    let header = bytes.at(0, if wide { 64 } else { 52 })?;
    let field = |value: Option<u64>| value.ok_or_else(|| invalid("header"));
    let kind = field(r.half(&header, 16))? as u16;
    let machine = field(r.half(&header, 18))? as u16;
    let (phoff, phentsize, phnum) = if wide {
        (
            r.address(&header, 32),
            r.half(&header, 54),
            r.half(&header, 56),
        )
    } else {
        (
            r.address(&header, 28),
            r.half(&header, 42),
            r.half(&header, 44),
        )
    };
    let (phoff, phentsize, phnum) = (field(phoff)?, field(phentsize)?, field(phnum)? as usize);
    let least = if wide { 56 } else { 32 };
    if phnum > MOST_HEADERS || (phnum > 0 && phentsize < least) {
        return Err(invalid("program headers"));
    }
    let table = bytes.at(phoff, phentsize * phnum as u64)?;
    let segments = (0..phnum)
        .map(|i| segment(r, &table[i * phentsize as usize..]).ok_or_else(|| invalid("segment")))
        .collect::<io::Result<Vec<Segment>>>()?;
    let interpreter = match segments.iter().find(|s| s.kind == PT_INTERP) {
        Some(s) => Some(c_string(
            &bytes.at(s.offset, s.size.min(LONGEST_NAME as u64))?,
        )?),
        None => None,
    };
    let needed = match segments.iter().find(|s| s.kind == PT_DYNAMIC) {
        Some(dynamic) => needed(&bytes, r, dynamic, &segments)?,
        None => Vec::new(),
    };
    Ok(Some(Elf {
        wide,
        little,
        kind,
        machine,
        interpreter,
        needed,
    }))
}

fn segment(r: Reader, entry: &[u8]) -> Option<Segment> {
    let kind = r.word(entry, 0)? as u32;
    let (offset, address, size) = if r.wide {
        (
            r.address(entry, 8)?,
            r.address(entry, 16)?,
            r.address(entry, 32)?,
        )
    } else {
        (
            r.address(entry, 4)?,
            r.address(entry, 8)?,
            r.address(entry, 16)?,
        )
    };
    Some(Segment {
        kind,
        offset,
        address,
        size,
    })
}

/// The bytes up to the first NUL, which must come before the end.
fn c_string(bytes: &[u8]) -> io::Result<Vec<u8>> {
    let end = bytes
        .iter()
        .position(|&b| b == 0)
        .ok_or_else(|| invalid("a name without its end"))?;
    if end == 0 || end > LONGEST_NAME {
        return Err(invalid("a name's length"));
    }
    Ok(bytes[..end].to_vec())
}

/// The `DT_NEEDED` names of the dynamic segment, read from its string table.
fn needed(
    bytes: &Bytes,
    r: Reader,
    dynamic: &Segment,
    segments: &[Segment],
) -> io::Result<Vec<Vec<u8>>> {
    let entry = if r.wide { 16 } else { 8 };
    let count = (dynamic.size / entry).min(MOST_DYNAMIC as u64);
    let table = bytes.at(dynamic.offset, count * entry)?;
    let (mut names, mut strtab, mut strsz) = (Vec::new(), None, None);
    for i in 0..count as usize {
        let at = i * entry as usize;
        let tag = r.address(&table, at).ok_or_else(|| invalid("dynamic"))?;
        let value = r
            .address(&table, at + entry as usize / 2)
            .ok_or_else(|| invalid("dynamic"))?;
        match tag {
            DT_NULL => break,
            DT_NEEDED => names.push(value),
            DT_STRTAB => strtab = Some(value),
            DT_STRSZ => strsz = Some(value),
            _ => {}
        }
    }
    if names.is_empty() {
        return Ok(Vec::new());
    }
    if names.len() > MOST_NEEDED {
        return Err(invalid("too many libraries"));
    }
    let (address, size) = strtab
        .zip(strsz)
        .ok_or_else(|| invalid("no string table"))?;
    let load = segments
        .iter()
        .find(|s| s.kind == PT_LOAD && address >= s.address && address - s.address < s.size)
        .ok_or_else(|| invalid("string table outside the file"))?;
    let offset = load
        .offset
        .checked_add(address - load.address)
        .ok_or_else(|| invalid("offset"))?;
    let room = (load.size - (address - load.address))
        .min(size)
        .min(LARGEST_STRINGS);
    let strings = bytes.at(offset, room)?;
    names
        .into_iter()
        .map(|at| {
            let start = usize::try_from(at).map_err(|_| invalid("name"))?;
            c_string(
                strings
                    .get(start..)
                    .ok_or_else(|| invalid("name outside its table"))?,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("minejudge-elf-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn the_test_binary_names_a_loader_and_libc() {
        let elf = read(&std::env::current_exe().unwrap()).unwrap().unwrap();
        let interpreter = elf.interpreter.clone().expect("a dynamic test binary");
        assert!(interpreter.starts_with(b"/"), "{elf:?}");
        assert!(
            elf.needed.iter().any(|n| n.starts_with(b"libc.")),
            "{elf:?}"
        );
        assert!(elf.loads(&elf));
    }

    #[test]
    fn crafted_headers_are_refused_without_a_panic() {
        let real = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        assert_eq!(
            read(&scratch("text", b"#!/bin/sh\necho hi\n")).unwrap(),
            None
        );
        // Every prefix, and the header with each byte of its first 128 set to 0xff: an
        // answer (an error or facts), never a panic or a hang.
        for cut in [4, 16, 20, 52, 63, 64, 100, 200, 1000] {
            let _ = read(&scratch("cut", &real[..cut]));
        }
        for at in 0..128 {
            let mut bytes = real[..real.len().min(1 << 16)].to_vec();
            bytes[at] = 0xff;
            let _ = read(&scratch("flip", &bytes));
        }
        let _ = std::fs::remove_file(scratch("text", b""));
        let _ = std::fs::remove_file(scratch("cut", b""));
        let _ = std::fs::remove_file(scratch("flip", b""));
    }
}
