//! The second witness of global variables: the object file the compiler makes of the student's
//! file alone (after the judge's headers, as the judge's program includes it). Each data
//! object it defines in writable memory (`.data`, `.bss`, `.tdata`, `.tbss`) is state that
//! outlives a call, however the text spelled it; constants live in `.rodata` or nowhere.
//!
//! The symbol table is read from the ELF file by hand (32 or 64 bits, either byte order);
//! what the compiler makes on its own (guard variables, virtual tables, the library's objects
//! from the headers) is left out.

use crate::exec::compile::{compile_object, Compiler, Submission};
use crate::sandbox::elf::Reader;
use std::path::Path;

/// The judge's program up to the student's file: its headers, then the file.
const PRELUDE: &str = "#include <iostream.h>\n#include <stdio.h>\n#include <time.h>\n\
                       #include <stdlib.h>\n#include <math.h>\n#include \"submission.cpp\"\n";

/// A data object an object file defines in writable memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSymbol {
    /// Its name, demangled enough to read (`S::x`, `machine()::count`).
    pub name: String,
    /// Its last part, as the source writes it (`x`, `count`).
    pub base: String,
}

/// The object file of `file` compiled alone as the judge's program includes it, if it
/// compiles (a file that does not is told by the build itself).
pub fn object_of(compiler: &Compiler, file: &Path) -> Option<Vec<u8>> {
    let submission = Submission {
        name: "submission.cpp",
        path: file,
    };
    compile_object(compiler, PRELUDE, &[submission]).ok()
}

/// Names the compiler or the library makes, never the student's own objects.
const NOT_THE_STUDENTS: [&str; 16] = [
    "_ZGV",
    "_ZTV",
    "_ZTI",
    "_ZTS",
    "_ZTT",
    "_ZTH",
    "_ZTW",
    "_ZSt",
    "_ZNSt",
    "_ZNKSt",
    "_ZZSt",
    "_ZZNSt",
    "_ZZNKSt",
    "_ZN9__gnu_cxx",
    "_ZN10__cxxabiv1",
    "_GLOBAL_",
];

/// The data objects `object` (an ELF relocatable file) defines in writable memory, in the
/// order of its symbol table; none if it is not an ELF file or is cut short.
pub fn data_symbols(object: &[u8]) -> Vec<DataSymbol> {
    let Some(elf) = Elf::new(object) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for section in 0..elf.sections() {
        let Some(header) = elf.section(section) else {
            continue;
        };
        if header.kind != SYMTAB {
            continue;
        }
        let Some(strings) = elf.section(header.link as usize) else {
            continue;
        };
        let entry = if elf.wide { 24 } else { 16 };
        let count = header.size / entry;
        for index in 0..count {
            let Some(symbol) = elf.symbol(header.offset + index * entry) else {
                break;
            };
            let data = matches!(symbol.info & 0xf, OBJECT | TLS);
            let writable = symbol.section == COMMON
                || elf
                    .section(symbol.section as usize)
                    .and_then(|s| elf.name(elf.shstrtab, s.name))
                    .is_some_and(|name| writable_section(&name));
            let Some(name) = elf.name(Some(strings), symbol.name) else {
                continue;
            };
            if data
                && writable
                // No name the student writes has a `.` (`DW.ref.__gxx_personality_v0`).
                && !name.contains('.')
                && !name.starts_with("__")
                && !NOT_THE_STUDENTS.iter().any(|p| name.starts_with(p))
            {
                let (name, base) = demangle(&name);
                found.push(DataSymbol { name, base });
            }
        }
    }
    found
}

/// Whether a section of this name holds writable data (not `.data.rel.ro`, written only by
/// the loader).
fn writable_section(name: &str) -> bool {
    let data = name == ".data" || name.starts_with(".data.");
    (data && !name.starts_with(".data.rel.ro"))
        || [".bss", ".tdata", ".tbss"]
            .iter()
            .any(|s| name == *s || name.starts_with(&format!("{s}.")))
}

const SYMTAB: u32 = 2;
const OBJECT: u8 = 1;
const TLS: u8 = 6;
/// A common symbol's section index (C's tentative definitions).
const COMMON: u16 = 0xfff2;

/// An ELF file's headers, read with bounds checked.
struct Elf<'a> {
    bytes: &'a [u8],
    reader: Reader,
    wide: bool,
    section_headers: u64,
    section_size: u64,
    section_count: u64,
    shstrtab: Option<Section>,
}

#[derive(Clone, Copy)]
struct Section {
    name: u32,
    kind: u32,
    offset: u64,
    size: u64,
    link: u32,
}

struct Symbol {
    name: u32,
    info: u8,
    section: u16,
}

impl<'a> Elf<'a> {
    fn new(bytes: &'a [u8]) -> Option<Elf<'a>> {
        let reader = Reader::of(bytes)?;
        let wide = reader.wide;
        let mut elf = Elf {
            bytes,
            reader,
            wide,
            section_headers: 0,
            section_size: 0,
            section_count: 0,
            shstrtab: None,
        };
        let (offset, sizes) = if wide { (0x28, 0x3a) } else { (0x20, 0x2e) };
        elf.section_headers = elf.word(offset)?;
        elf.section_size = elf.number(sizes, 2)?;
        elf.section_count = elf.number(sizes + 2, 2)?;
        let names = elf.number(sizes + 4, 2)?;
        elf.shstrtab = elf.section(names as usize);
        Some(elf)
    }

    /// The unsigned number of `len` bytes at `at`.
    fn number(&self, at: u64, len: usize) -> Option<u64> {
        self.reader
            .number(self.bytes, usize::try_from(at).ok()?, len)
    }

    /// An address or size: 8 bytes wide, 4 narrow.
    fn word(&self, at: u64) -> Option<u64> {
        self.reader.address(self.bytes, usize::try_from(at).ok()?)
    }

    fn sections(&self) -> usize {
        self.section_count as usize
    }

    fn section(&self, index: usize) -> Option<Section> {
        if index as u64 >= self.section_count {
            return None;
        }
        let at = self
            .section_headers
            .checked_add((index as u64).checked_mul(self.section_size)?)?;
        let (offset, size, link) = if self.wide {
            (24, 32, 40)
        } else {
            (16, 20, 24)
        };
        Some(Section {
            name: self.number(at, 4)? as u32,
            kind: self.number(at + 4, 4)? as u32,
            offset: self.word(at + offset)?,
            size: self.word(at + size)?,
            link: self.number(at + link, 4)? as u32,
        })
    }

    fn symbol(&self, at: u64) -> Option<Symbol> {
        let (info, section) = if self.wide { (4, 6) } else { (12, 14) };
        Some(Symbol {
            name: self.number(at, 4)? as u32,
            info: self.number(at + info, 1)? as u8,
            section: self.number(at + section, 2)? as u16,
        })
    }

    /// The name at `offset` of a string table.
    fn name(&self, table: Option<Section>, offset: u32) -> Option<String> {
        let table = table?;
        let start = usize::try_from(table.offset.checked_add(u64::from(offset))?).ok()?;
        let end = usize::try_from(table.offset.checked_add(table.size)?).ok()?;
        let bytes = self.bytes.get(start..end.min(self.bytes.len()))?;
        let len = bytes.iter().position(|&b| b == 0)?;
        Some(String::from_utf8_lossy(&bytes[..len]).into_owned())
    }
}

/// A symbol's name demangled enough to read, and its last part: `_ZN1S1xE` is `S::x`, `_ZL5seen`
/// is `seen`, `_ZZ7machineiiE5count` is `machine()::count`; any other name is as it is.
fn demangle(symbol: &str) -> (String, String) {
    let plain = |name: &str| (name.to_string(), name.to_string());
    let Some(mangled) = symbol.strip_prefix("_Z") else {
        return plain(symbol);
    };
    if let Some(local) = mangled.strip_prefix('Z') {
        // A function's static: `Z <function> <parameters> E <name> [_ <discriminator>]`.
        let function = parts(local.strip_prefix('N').unwrap_or(local)).join("::");
        for (at, _) in local
            .match_indices('E')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            let rest = &local[at + 1..];
            let rest = rest.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_');
            let names = parts(rest);
            if names.len() == 1 && names[0].len() + digits(names[0].len()) == rest.len() {
                return (format!("{function}()::{}", names[0]), names[0].to_string());
            }
        }
        return plain(symbol);
    }
    let mangled = mangled.strip_prefix('L').unwrap_or(mangled);
    let names = parts(mangled.strip_prefix('N').unwrap_or(mangled));
    match names.last() {
        Some(last) => (names.join("::"), last.to_string()),
        None => plain(symbol),
    }
}

/// How many decimal digits `n` is written with.
fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// The `<length><name>` parts at the start of `mangled` (`L` and `K` between them skipped).
fn parts(mut mangled: &str) -> Vec<&str> {
    let mut names = Vec::new();
    loop {
        mangled = mangled.trim_start_matches(['L', 'K']);
        let len_digits = mangled.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(len) = mangled[..len_digits].parse::<usize>() else {
            return names;
        };
        let Some(name) = mangled.get(len_digits..len_digits + len) else {
            return names;
        };
        names.push(name);
        mangled = &mangled[len_digits + len..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_demangled_enough_to_find_in_the_text() {
        assert_eq!(demangle("calls"), ("calls".into(), "calls".into()));
        assert_eq!(demangle("_ZL4seen"), ("seen".into(), "seen".into()));
        assert_eq!(demangle("_ZN1S1xE"), ("S::x".into(), "x".into()));
        assert_eq!(demangle("_ZN12_GLOBAL__N_15stateE").1, "state");
        assert_eq!(
            demangle("_ZZ7machinePA30_iiiRiS1_E5count"),
            ("machine()::count".into(), "count".into())
        );
        assert_eq!(demangle("_ZZ4stepvE1k_0").1, "k");
        assert_eq!(demangle("_Z"), ("_Z".into(), "_Z".into()));
    }

    #[test]
    fn a_cut_or_foreign_file_has_no_symbols() {
        assert!(data_symbols(b"").is_empty());
        assert!(data_symbols(b"\x7fELF\x02\x01").is_empty());
        let mut rng = crate::rng::Rng::new(0xe1f);
        for _ in 0..2_000 {
            let mut bytes = b"\x7fELF\x02\x01\x01".to_vec();
            bytes.extend((0..rng.below(200)).map(|_| rng.below(256) as u8));
            let _ = data_symbols(&bytes);
        }
    }
}
