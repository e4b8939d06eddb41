//! The marks as an Excel workbook (Office Open XML, ECMA-376): the CSV's rows in one sheet,
//! numbers as numbers and words as inline strings, the header bold and frozen. A teacher opens
//! it with a double click, and Excel, WPS and LibreOffice all read it in any language: unlike a
//! CSV, it names its encoding (UTF-8 XML), so no import dialog or filter has to guess it.
//!
//! The smallest package the format allows, stored in a [`zip`]: the content
//! types, the package's and the workbook's relationships, the workbook, its styles and the
//! sheet.

use crate::grade::csv::{self, Cell};
use crate::grade::table::width;
use crate::grade::visible::unhidden;
use crate::grade::zip;
use crate::grade::ClassGrades;

/// The workbook's bytes, its sheet named `Marks` in the report's language.
///
/// # Errors
///
/// A sheet past the 4 GiB a zip without Zip64 holds.
pub fn render(class: &ClassGrades) -> Result<Vec<u8>, String> {
    workbook(&class.config.lang.word("Marks"), &csv::rows(class))
}

/// The namespace of a workbook's and a sheet's elements.
const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

/// The prefix of every relationship type.
const RELATIONSHIP: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// The prefix of the parts' content types.
const TYPE: &str = "application/vnd.openxmlformats";

/// Every part's first line.
const DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";

/// The widest column, in characters: a note may run to hundreds.
const WIDEST: usize = 60;

/// The most a cell holds in Excel, in UTF-16 code units (its specifications and limits).
const CELL_LIMIT: usize = 32_767;

/// A workbook of one sheet named `name` (at most 31 characters, none of `[]:*?/\`, as Excel
/// requires), holding `rows`; the first row is the header.
fn workbook(name: &str, rows: &[Vec<Cell>]) -> Result<Vec<u8>, String> {
    let content_types = format!(
        "{DECLARATION}<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
         <Default Extension=\"rels\" ContentType=\"{TYPE}-package.relationships+xml\"/>\
         <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
         <Override PartName=\"/xl/workbook.xml\" \
         ContentType=\"{TYPE}-officedocument.spreadsheetml.sheet.main+xml\"/>\
         <Override PartName=\"/xl/worksheets/sheet1.xml\" \
         ContentType=\"{TYPE}-officedocument.spreadsheetml.worksheet+xml\"/>\
         <Override PartName=\"/xl/styles.xml\" \
         ContentType=\"{TYPE}-officedocument.spreadsheetml.styles+xml\"/></Types>"
    );
    let package_rels = relationships(&[("officeDocument", "xl/workbook.xml")]);
    let name: String = name
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect();
    let workbook = format!(
        "{DECLARATION}<workbook xmlns=\"{MAIN}\" xmlns:r=\"{RELATIONSHIP}\"><sheets>\
         <sheet name=\"{}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>",
        escaped(&name)
    );
    let workbook_rels = relationships(&[
        ("worksheet", "worksheets/sheet1.xml"),
        ("styles", "styles.xml"),
    ]);
    let sheet = sheet(rows);
    zip::stored(&[
        ("[Content_Types].xml", content_types.as_bytes()),
        ("_rels/.rels", package_rels.as_bytes()),
        ("xl/workbook.xml", workbook.as_bytes()),
        ("xl/_rels/workbook.xml.rels", workbook_rels.as_bytes()),
        ("xl/styles.xml", STYLES.as_bytes()),
        ("xl/worksheets/sheet1.xml", sheet.as_bytes()),
    ])
}

/// A relationships part: `rId1`, `rId2`... to each (type, target) in order.
fn relationships(targets: &[(&str, &str)]) -> String {
    let mut part = format!(
        "{DECLARATION}<Relationships \
         xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    );
    for (i, (kind, target)) in targets.iter().enumerate() {
        part.push_str(&format!(
            "<Relationship Id=\"rId{}\" Type=\"{RELATIONSHIP}/{kind}\" Target=\"{target}\"/>",
            i + 1
        ));
    }
    part.push_str("</Relationships>");
    part
}

/// Style 0 the default, style 1 bold (the header), style 2 text wrapped at line breaks (a cell
/// of several lines). Excel wants the two first fills and one border even when unused.
const STYLES: &str = concat!(
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n",
    "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">",
    "<fonts count=\"2\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font>",
    "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>",
    "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>",
    "<fill><patternFill patternType=\"gray125\"/></fill></fills>",
    "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>",
    "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/>",
    "</cellStyleXfs><cellXfs count=\"3\">",
    "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>",
    "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/>",
    "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" ",
    "applyAlignment=\"1\"><alignment wrapText=\"1\" vertical=\"top\"/></xf></cellXfs>",
    "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/>",
    "</cellStyles></styleSheet>"
);

/// The sheet: the header row frozen, each column as wide as its widest line (up to
/// [`WIDEST`]), then the rows.
fn sheet(rows: &[Vec<Cell>]) -> String {
    let mut part = format!(
        "{DECLARATION}<worksheet xmlns=\"{MAIN}\"><sheetViews><sheetView workbookViewId=\"0\">\
         <pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>\
         </sheetView></sheetViews><cols>"
    );
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    for column in 0..columns {
        let widest = rows
            .iter()
            .filter_map(|row| row.get(column))
            .flat_map(|cell| cell_text(cell).lines().map(width).collect::<Vec<_>>())
            .max()
            .unwrap_or(0);
        part.push_str(&format!(
            "<col min=\"{n}\" max=\"{n}\" width=\"{}\" customWidth=\"1\"/>",
            widest.clamp(4, WIDEST) + 2,
            n = column + 1
        ));
    }
    part.push_str("</cols><sheetData>");
    for (index, row) in rows.iter().enumerate() {
        let r = index + 1;
        part.push_str(&format!("<row r=\"{r}\">"));
        for (column, cell) in row.iter().enumerate() {
            let at = format!("{}{r}", column_name(column));
            match cell {
                Cell::Number(n) if is_number(n) => {
                    part.push_str(&format!("<c r=\"{at}\"><v>{n}</v></c>"));
                }
                cell if cell_text(cell).is_empty() => {}
                cell => {
                    let text = within_a_cell(shown(&unhidden(cell_text(cell))));
                    let style = if index == 0 {
                        " s=\"1\""
                    } else if text.contains('\n') {
                        " s=\"2\""
                    } else {
                        ""
                    };
                    part.push_str(&format!(
                        "<c r=\"{at}\"{style} t=\"inlineStr\"><is>\
                         <t xml:space=\"preserve\">{}</t></is></c>",
                        escaped(&text)
                    ));
                }
            }
        }
        part.push_str("</row>");
    }
    part.push_str("</sheetData></worksheet>");
    part
}

fn cell_text(cell: &Cell) -> &str {
    match cell {
        Cell::Text(text) | Cell::Number(text) => text,
    }
}

/// Whether `n` is a decimal a `<v>` may hold as a number: digits with an optional sign and
/// point (not `NaN` or `inf`, which a spreadsheet would refuse).
fn is_number(n: &str) -> bool {
    let digits = n.strip_prefix('-').unwrap_or(n);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
}

/// The letters of a column: A to Z, then AA, AB...
fn column_name(column: usize) -> String {
    let mut name = Vec::new();
    let mut n = column + 1;
    while n > 0 {
        n -= 1;
        name.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

/// `text` with each character XML 1.0 forbids (the controls below a space but tab, line feed
/// and carriage return; U+FFFE, U+FFFF) written as a visible escape `\x1b`, as the table on the
/// terminal shows it.
fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            '\u{fffe}' | '\u{ffff}' => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `text` cut to what a cell holds, with `…` where cut.
fn within_a_cell(text: String) -> String {
    if text.encode_utf16().count() <= CELL_LIMIT {
        return text;
    }
    let mut units = 0;
    let kept: String = text
        .chars()
        .take_while(|c| {
            units += c.len_utf16();
            units < CELL_LIMIT
        })
        .collect();
    kept + "…"
}

/// `text`, free of what XML forbids ([`shown`]), as character data or an attribute's value:
/// `&`, `<`, `>` and `"` as entities, and a carriage return as a reference (a parser would turn
/// a bare one into a line feed).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored entries of an archive `zip::stored` wrote, by name, read through the central
    /// directory.
    fn entries(zip: &[u8]) -> Vec<(String, String)> {
        let u16_at = |at: usize| usize::from(u16::from_le_bytes([zip[at], zip[at + 1]]));
        let u32_at = |at: usize| u32::from_le_bytes(zip[at..at + 4].try_into().unwrap()) as usize;
        let end = zip.len() - 22;
        let mut at = u32_at(end + 16);
        let mut found = Vec::new();
        for _ in 0..u16_at(end + 10) {
            let (size, name_len, offset) = (u32_at(at + 24), u16_at(at + 28), u32_at(at + 42));
            let name = String::from_utf8(zip[at + 46..at + 46 + name_len].to_vec()).unwrap();
            let data_at = offset + 30 + u16_at(offset + 26) + u16_at(offset + 28);
            let data = String::from_utf8(zip[data_at..data_at + size].to_vec()).unwrap();
            found.push((name, data));
            at += 46 + name_len;
        }
        found
    }

    fn part(zip: &[u8], name: &str) -> String {
        entries(zip)
            .into_iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .1
    }

    fn text(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }

    fn number(s: &str) -> Cell {
        Cell::Number(s.to_string())
    }

    #[test]
    fn the_package_has_the_parts_excel_needs_and_names_them() {
        let zip = workbook("成绩", &[vec![text("名次")], vec![number("1")]]).unwrap();
        let names: Vec<String> = entries(&zip).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "[Content_Types].xml",
                "_rels/.rels",
                "xl/workbook.xml",
                "xl/_rels/workbook.xml.rels",
                "xl/styles.xml",
                "xl/worksheets/sheet1.xml"
            ]
        );
        let types = part(&zip, "[Content_Types].xml");
        for name in [
            "/xl/workbook.xml",
            "/xl/worksheets/sheet1.xml",
            "/xl/styles.xml",
        ] {
            assert!(types.contains(&format!("PartName=\"{name}\"")), "{types}");
        }
        assert!(part(&zip, "_rels/.rels").contains("Target=\"xl/workbook.xml\""));
        assert!(part(&zip, "xl/workbook.xml").contains("<sheet name=\"成绩\""));
        let rels = part(&zip, "xl/_rels/workbook.xml.rels");
        assert!(rels.contains("Id=\"rId1\"") && rels.contains("worksheets/sheet1.xml"));
    }

    #[test]
    fn numbers_are_values_and_words_inline_strings() {
        let rows = [
            vec![text("rank"), text("student"), text("mark")],
            vec![number("1"), text("1班-张三丰李四"), number("14.80")],
            vec![number("2"), text("a & <b> \"c\""), number("")],
        ];
        let zip = workbook("Marks", &rows).unwrap();
        let sheet = part(&zip, "xl/worksheets/sheet1.xml");
        let data = sheet.split_once("<sheetData>").unwrap().1;
        assert_eq!(
            data,
            "<row r=\"1\">\
             <c r=\"A1\" s=\"1\" t=\"inlineStr\"><is><t xml:space=\"preserve\">rank</t></is></c>\
             <c r=\"B1\" s=\"1\" t=\"inlineStr\"><is><t xml:space=\"preserve\">student</t></is></c>\
             <c r=\"C1\" s=\"1\" t=\"inlineStr\"><is><t xml:space=\"preserve\">mark</t></is></c>\
             </row><row r=\"2\"><c r=\"A2\"><v>1</v></c>\
             <c r=\"B2\" t=\"inlineStr\"><is><t xml:space=\"preserve\">1班-张三丰李四</t></is></c>\
             <c r=\"C2\"><v>14.80</v></c></row><row r=\"3\"><c r=\"A3\"><v>2</v></c>\
             <c r=\"B3\" t=\"inlineStr\"><is><t xml:space=\"preserve\">\
             a &amp; &lt;b&gt; &quot;c&quot;</t></is></c></row></sheetData></worksheet>"
        );
        // A column as wide as its widest text, a Chinese character two.
        assert!(
            sheet.contains("<col min=\"2\" max=\"2\" width=\"16\""),
            "{sheet}"
        );
    }

    #[test]
    fn text_is_escaped_and_what_xml_forbids_is_shown_as_an_escape() {
        assert_eq!(escaped("a&b<c>\"d\"'"), "a&amp;b&lt;c&gt;&quot;d&quot;'");
        assert_eq!(escaped("cr\rlf\ntab\t"), "cr&#13;lf\ntab\t");
        assert_eq!(shown("cr\rlf\ntab\t"), "cr\rlf\ntab\t");
        assert_eq!(shown("esc\u{1b}[2J\0"), "esc\\x1b[2J\\x00");
        assert_eq!(
            shown("\u{fffe}\u{ffff}\u{fffd}"),
            "\\u{fffe}\\u{ffff}\u{fffd}"
        );
        let zip = workbook("x", &[vec![text("a\u{7}b\r")]]).unwrap();
        let sheet = part(&zip, "xl/worksheets/sheet1.xml");
        assert!(sheet.contains(">a\\x07b&#13;</t>"), "{sheet}");
    }

    #[test]
    fn a_text_longer_than_a_cell_holds_is_cut() {
        let fits = "张".repeat(CELL_LIMIT);
        assert_eq!(within_a_cell(fits.clone()), fits);
        // A character outside the basic plane is two units: it fits whole or not at all.
        let long = format!("{}😀😀", "a".repeat(CELL_LIMIT - 3));
        let cut = within_a_cell(long);
        assert_eq!(cut, format!("{}😀…", "a".repeat(CELL_LIMIT - 3)));
        assert_eq!(cut.encode_utf16().count(), CELL_LIMIT);
    }

    #[test]
    fn only_plain_decimals_are_numbers() {
        for n in ["0", "14.80", "-2.5", "1000"] {
            assert!(is_number(n), "{n}");
        }
        for n in ["", "-", "NaN", "inf", "1e5", "1.", ".5", "1.2.3", "+1"] {
            assert!(!is_number(n), "{n}");
        }
    }

    #[test]
    fn columns_are_lettered_as_spreadsheets_do() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
            .iter()
            .map(|&c| column_name(c))
            .collect();
        assert_eq!(names, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
    }

    #[test]
    fn a_sheet_name_excel_would_refuse_is_cut_to_what_it_takes() {
        let zip = workbook("a[b]:c*d?e/f\\g<h>&01234567890123456789012345", &[]).unwrap();
        let workbook = part(&zip, "xl/workbook.xml");
        assert!(
            workbook.contains("name=\"abcdefg&lt;h&gt;&amp;01234567890123456789\""),
            "{workbook}"
        );
    }
}
