"""Reads a workbook `grade --xlsx` wrote, by a reader of its own, and compares every cell with
the CSV `grade --csv` wrote of the same class.

usage: oracle.py stdlib|openpyxl WORKBOOK CSV TEXT_COLUMN...

stdlib: Python's zipfile (every entry stored, every CRC right) and ElementTree (every part
well-formed, the cells read from the sheet's XML as the format defines them). openpyxl: the
workbook opened as a spreadsheet program's library opens it. Either way a cell must hold what
the CSV's cell holds: a number where the CSV has a decimal in a column not named among the
TEXT_COLUMNs (the header's words), words elsewhere, nothing where the CSV is empty. Prints every
difference and exits 1 if there is one.
"""

import csv
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
PARTS = [
    "[Content_Types].xml",
    "_rels/.rels",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/worksheets/sheet1.xml",
]
DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def column_index(reference):
    letters = re.match(r"[A-Z]+", reference).group(0)
    n = 0
    for letter in letters:
        n = n * 26 + ord(letter) - ord("A") + 1
    return n - 1


def read_stdlib(path):
    """The cells, {(row, column): value}, a number as float and words as str."""
    with zipfile.ZipFile(path) as archive:
        bad = archive.testzip()
        if bad is not None:
            sys.exit(f"{path}: the CRC of {bad} is wrong")
        names = archive.namelist()
        for part in PARTS:
            if part not in names:
                sys.exit(f"{path}: no part {part} (parts: {names})")
        for info in archive.infolist():
            if info.compress_type != zipfile.ZIP_STORED:
                sys.exit(f"{path}: {info.filename} is compressed")
            ET.fromstring(archive.read(info.filename))
        sheet = ET.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    cells = {}
    for row in sheet.iter(MAIN + "row"):
        r = int(row.get("r")) - 1
        for c in row.iter(MAIN + "c"):
            at = (r, column_index(c.get("r")))
            if c.get("t") == "inlineStr":
                cells[at] = "".join(t.text or "" for t in c.iter(MAIN + "t"))
            elif c.get("t") is None:
                cells[at] = float(c.find(MAIN + "v").text)
            else:
                sys.exit(f"{path}: cell {c.get('r')} has type {c.get('t')}")
    return cells


def read_openpyxl(path):
    import openpyxl

    sheet = openpyxl.load_workbook(path).worksheets[0]
    cells = {}
    for r, row in enumerate(sheet.iter_rows()):
        for k, cell in enumerate(row):
            if cell.value is None:
                continue
            if isinstance(cell.value, (int, float)):
                cells[(r, k)] = float(cell.value)
            elif isinstance(cell.value, str):
                cells[(r, k)] = cell.value
            else:
                sys.exit(f"{path}: cell {cell.coordinate} holds {cell.value!r}")
    return cells


def in_xml(text):
    """The CSV's text as a workbook holds it: no formula guard (a workbook's text is never a
    formula), and what XML cannot hold as the terminal shows it."""
    if text.startswith("'") and text[1:2] in ("=", "+", "-", "@", "\t", "\r"):
        text = text[1:]
    out = ""
    for c in text:
        if ord(c) < 0x20 and c not in "\t\n\r":
            out += "\\x%02x" % ord(c)
        elif c in "\ufffe\uffff":
            out += "\\u{%04x}" % ord(c)
        else:
            out += c
    return out


def main():
    reader, workbook, csv_path = sys.argv[1:4]
    text_columns = set(sys.argv[4:])
    cells = {"stdlib": read_stdlib, "openpyxl": read_openpyxl}[reader](workbook)
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    missing = text_columns - set(header)
    if missing:
        sys.exit(f"no column {sorted(missing)} in the CSV's header {header}")
    differences = []
    expected_cells = set()
    for r, row in enumerate(rows):
        for k, text in enumerate(row):
            if text == "":
                continue
            expected_cells.add((r, k))
            got = cells.get((r, k))
            if r > 0 and header[k] not in text_columns and DECIMAL.fullmatch(text):
                if got != float(text):
                    differences.append(f"row {r + 1} {header[k]!r}: {got!r}, CSV {text!r}")
            elif got != in_xml(text):
                differences.append(f"row {r + 1} {header[k]!r}: {got!r}, CSV {text!r}")
    for extra in sorted(set(cells) - expected_cells):
        differences.append(f"cell {extra} holds {cells[extra]!r}, the CSV nothing")
    for line in differences:
        print(line)
    print(f"{reader}: {len(expected_cells)} cells of {len(rows)} rows, "
          f"{len(differences)} different")
    sys.exit(1 if differences else 0)


main()
