//! A zip archive of stored (uncompressed) entries, as the PKWARE application note describes it:
//! each entry's local header and data, then the central directory and its end record. The
//! workbook [`crate::grade::xlsx`] writes is one; its parts are small, so compression would
//! save little and cost a deflater.
//!
//! No Zip64: an archive whose entries, sizes or offsets do not fit the classic format's 16 and
//! 32 bits is refused with an error rather than written wrong.

/// The CRC-32 of the zip format (ISO-HDLC: reflected, polynomial 0x04C11DB7, initial value and
/// final XOR all ones).
///
/// # Examples
///
/// ```
/// use minejudge::grade::zip::crc32;
///
/// assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |crc, &byte| {
        CRC_TABLE[((crc ^ u32::from(byte)) & 0xFF) as usize] ^ (crc >> 8)
    })
}

/// The CRC of every byte value, one bit at a time, for [`crc32`] to take a byte at a time.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut crc = n as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                0xEDB8_8320 ^ (crc >> 1)
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[n] = crc;
        n += 1;
    }
    table
};

/// The date every entry carries, 1980-01-01 00:00 in MS-DOS form (the format's earliest), so
/// that the same entries always make the same bytes.
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;

/// Version 2.0 of the format, the first that every reader knows and all these entries need.
const VERSION: u16 = 20;

/// The archive of `entries` (name, content), stored in the order given; names are written as
/// they are, in UTF-8 (flagged so when they are not ASCII).
///
/// # Errors
///
/// More than 65,535 entries, a name longer than 65,535 bytes, or an entry or archive of 4 GiB
/// or more: they need Zip64, which this writer does not write.
pub fn stored(entries: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    let count = u16::try_from(entries.len()).map_err(|_| {
        format!(
            "{} entries: a zip without Zip64 holds 65,535",
            entries.len()
        )
    })?;
    let mut archive = Vec::new();
    let mut directory = Vec::new();
    for (name, data) in entries {
        let name_len = u16::try_from(name.len())
            .map_err(|_| format!("the entry name {name:.40}... is over 65,535 bytes"))?;
        let size = fits_32(data.len(), name)?;
        let offset = fits_32(archive.len(), name)?;
        let flags: u16 = if name.is_ascii() { 0 } else { 1 << 11 };
        let crc = crc32(data);
        // The fields the local header and the directory's entry share, from the version needed
        // to the name's length.
        let mut common = Vec::with_capacity(26);
        for field in [VERSION, flags, 0, DOS_TIME, DOS_DATE] {
            common.extend(field.to_le_bytes());
        }
        for field in [crc, size, size] {
            common.extend(field.to_le_bytes());
        }
        common.extend(name_len.to_le_bytes());
        archive.extend(0x0403_4b50u32.to_le_bytes());
        archive.extend(&common);
        archive.extend(0u16.to_le_bytes()); // no extra field
        archive.extend(name.as_bytes());
        archive.extend(*data);
        directory.extend(0x0201_4b50u32.to_le_bytes());
        directory.extend(VERSION.to_le_bytes()); // made by: MS-DOS attributes, version 2.0
        directory.extend(&common);
        // No extra field nor comment, on disk 0, no internal or external attributes.
        for field in [0u16, 0, 0, 0] {
            directory.extend(field.to_le_bytes());
        }
        directory.extend(0u32.to_le_bytes());
        directory.extend(offset.to_le_bytes());
        directory.extend(name.as_bytes());
    }
    let directory_offset = fits_32(archive.len(), "the central directory")?;
    let directory_size = fits_32(directory.len(), "the central directory")?;
    fits_32(archive.len() + directory.len(), "the archive")?;
    archive.extend(directory);
    archive.extend(0x0605_4b50u32.to_le_bytes());
    for field in [0u16, 0, count, count] {
        archive.extend(field.to_le_bytes());
    }
    archive.extend(directory_size.to_le_bytes());
    archive.extend(directory_offset.to_le_bytes());
    archive.extend(0u16.to_le_bytes()); // no comment
    Ok(archive)
}

/// `n` as a 32-bit field; all ones is Zip64's marker, so it does not fit either.
fn fits_32(n: usize, what: &str) -> Result<u32, String> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n != u32::MAX)
        .ok_or_else(|| format!("{what:.40}: {n} bytes, past the 4 GiB a zip without Zip64 holds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([bytes[at], bytes[at + 1]])
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn crc32_of_known_vectors() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"a"), 0xE8B7_BE43);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
        assert_eq!(crc32(&[0u8; 32]), 0x190A_55AD);
    }

    /// Every field of a two-entry archive read back at the offsets the format gives.
    #[test]
    fn headers_directory_and_end_record_say_where_everything_is() {
        let entries: [(&str, &[u8]); 2] = [("a.txt", b"hello"), ("成绩/b.xml", b"")];
        let zip = stored(&entries).unwrap();
        let mut at = 0;
        let mut offsets = Vec::new();
        for (name, data) in entries {
            offsets.push(at as u32);
            assert_eq!(u32_at(&zip, at), 0x0403_4b50, "local header of {name}");
            assert_eq!(u16_at(&zip, at + 8), 0, "stored, not compressed");
            assert_eq!(u32_at(&zip, at + 14), crc32(data));
            assert_eq!(u32_at(&zip, at + 18), data.len() as u32);
            assert_eq!(u32_at(&zip, at + 22), data.len() as u32);
            assert_eq!(usize::from(u16_at(&zip, at + 26)), name.len());
            let name_at = at + 30;
            assert_eq!(&zip[name_at..name_at + name.len()], name.as_bytes());
            let data_at = name_at + name.len();
            assert_eq!(&zip[data_at..data_at + data.len()], data);
            at = data_at + data.len();
        }
        assert_eq!(u16_at(&zip, 6), 0, "an ASCII name is not flagged UTF-8");
        assert_eq!(u16_at(&zip, offsets[1] as usize + 6), 1 << 11);
        let end = zip.len() - 22;
        assert_eq!(u32_at(&zip, end), 0x0605_4b50);
        assert_eq!(u16_at(&zip, end + 8), 2);
        assert_eq!(u16_at(&zip, end + 10), 2);
        assert_eq!(
            u32_at(&zip, end + 16) as usize,
            at,
            "the directory's offset"
        );
        assert_eq!(u32_at(&zip, end + 12) as usize, end - at, "its size");
        for (i, (name, data)) in entries.iter().enumerate() {
            assert_eq!(u32_at(&zip, at), 0x0201_4b50, "directory entry of {name}");
            assert_eq!(u32_at(&zip, at + 16), crc32(data));
            assert_eq!(u32_at(&zip, at + 24), data.len() as u32);
            assert_eq!(u32_at(&zip, at + 42), offsets[i]);
            assert_eq!(&zip[at + 46..at + 46 + name.len()], name.as_bytes());
            at += 46 + name.len();
        }
        assert_eq!(at, end);
    }

    #[test]
    fn an_empty_archive_is_its_end_record() {
        let zip = stored(&[]).unwrap();
        assert_eq!(zip.len(), 22);
        assert_eq!(&zip[..4], b"PK\x05\x06");
    }

    #[test]
    fn what_needs_zip64_is_refused() {
        let name = "n".repeat(65_536);
        assert!(stored(&[(&name, b"")])
            .unwrap_err()
            .contains("65,535 bytes"));
        let many = vec![("x", &b""[..]); 65_536];
        assert!(stored(&many).unwrap_err().contains("65,535"));
        assert!(fits_32(u32::MAX as usize, "x").is_err());
        assert_eq!(fits_32(u32::MAX as usize - 1, "x"), Ok(u32::MAX - 1));
    }
}
