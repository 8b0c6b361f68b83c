"""Writes the workbooks of test/fixtures/sources/foreign/ that programs other than ours write.

Run through scripts/make-foreign-fixtures.sh, which afterwards has LibreOffice convert the .fods files
written here and passes the folder and the blank platform workbook as arguments:

    /usr/bin/python3 scripts/make-foreign-fixtures.py <out-dir> <phase> [blank-platform-workbook.xlsx]

phase `before-libreoffice` writes the pandas and openpyxl workbooks and the flat ODS sources;
phase `platform` fills the blank platform workbook with openpyxl. Needs pandas and openpyxl (Debian's
python3-pandas and python3-openpyxl: pandas 1.5.3, openpyxl 3.0.9).
"""

import datetime
import re
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

import openpyxl
import openpyxl.utils.datetime
import pandas as pd

# Fixed package timestamps, so rebuilding gives the same bytes where the writer allows it.
FIXED_TIME = datetime.datetime(2024, 5, 1, 12, 0, 0)


def fix_properties(wb):
    wb.properties.creator = "mge-ingest fixtures"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME


def rewrite_zip(path, edit, added=None):
    """Rewrites the zip at `path`, passing each entry's (name, bytes) through `edit`, adding `added`."""
    with zipfile.ZipFile(path) as src:
        entries = [(info.filename, src.read(info.filename)) for info in src.infolist()]
    entries += list((added or {}).items())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_TIME.timetuple()[:6])
            dst.writestr(info, edit(name, data), zipfile.ZIP_DEFLATED)


# 1. pandas DataFrame.to_excel (engine openpyxl): a sheet not named Sheet1 and a second sheet.
def pandas_workbook(out):
    steel = pd.DataFrame(
        {
            "formula": ["Fe-0.18C-0.01Mn", "Fe-0.02C-0.05Mn", "Fe-0.01C-0.05Mn"],
            "c": [0.18, 0.02, 0.01],
            "mn": [0.01, 0.05, 0.05],
            "yield strength": [1123.1, 2411.5, 2487.3],
            "tensile strength": [1929.2, 2473.5, 2514.9],
            "elongation": [8.0, 7.0, None],
            "specimens": [3, 2, 5],
            "tested": pd.to_datetime(["2024-03-15 13:45:00", "2024-03-16 00:00:00", "2024-01-02 08:30:00"]),
            "passed": [True, False, True],
            "note": ["as rolled", None, "a&b <tempered>"],
        }
    )
    notes = pd.DataFrame({"key": ["source", "rows"], "value": ["matminer steel_strength", 3]})
    path = f"{out}/pandas-steel.xlsx"
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        steel.to_excel(writer, sheet_name="steel", index=False)
        notes.to_excel(writer, sheet_name="notes", index=False)
        fix_properties(writer.book)
    # Only the zip timestamps; the XML is as pandas and openpyxl wrote it.
    rewrite_zip(path, lambda name, data: data)


# 2. openpyxl with inline strings, escapes, rich text and a phonetic guide.
INLINE = [
    # (label, visible text, or None for the special cells below)
    ("lt-entity", "&lt;"),
    ("amp-entity", "a&amp;b"),
    ("escape-literal", "_x0041_"),
    ("angle", "<b>"),
    ("ampersand", "a&b"),
    ("newline", "line 1\nline 2"),
    ("rich-inline", None),
    ("phonetic-inline", None),
    ("rich-shared-phonetic", None),
]
RICH_INLINE = (
    '<is><r><rPr><b/><sz val="11"/></rPr><t>Fe</t></r>'
    '<r><rPr><vertAlign val="subscript"/><sz val="11"/></rPr><t>3</t></r>'
    '<r><rPr><sz val="11"/></rPr><t xml:space="preserve">C &amp; </t></r>'
    '<r><rPr><i/><sz val="11"/></rPr><t>&lt;α&gt;</t></r></is>'
)
PHONETIC_INLINE = '<is><t>鋼材</t><rPh sb="0" eb="2"><t>コウザイ</t></rPh><phoneticPr fontId="0" type="noConversion"/></is>'
RICH_SHARED = (
    '<si><r><rPr><b/><sz val="11"/></rPr><t>東京</t></r><r><rPr><sz val="11"/></rPr><t>大学</t></r>'
    '<rPh sb="0" eb="2"><t>トウキョウ</t></rPh><rPh sb="2" eb="4"><t>ダイガク</t></rPh>'
    '<phoneticPr fontId="0" type="noConversion"/></si>'
)
SHARED_STRINGS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">'
    + RICH_SHARED
    + "</sst>"
).encode("utf-8")


def inline_strings_workbook(out):
    wb = openpyxl.Workbook()
    fix_properties(wb)
    ws = wb.active
    ws.title = "texts"
    ws.append(["case", "text", "n"])
    for i, (label, text) in enumerate(INLINE):
        ws.append([label, text if text is not None else f"@{label}@", i + 1])
    path = f"{out}/openpyxl-inline-strings.xlsx"
    wb.save(path)

    # openpyxl 3.0.9 writes every text inline already (<c t="inlineStr"><is><t>…</t></is></c>), but
    # leaves a literal `_x0041_` as it is, which Excel reads as "A": escape it as Excel does, put the
    # rich and phonetic cells in place of their placeholders, and add a shared-strings part for the one
    # shared rich text (so the workbook holds both kinds of strings).
    special = {"@rich-inline@": RICH_INLINE, "@phonetic-inline@": PHONETIC_INLINE}

    def cell(match):
        attrs, text = match.group(1), match.group(2)
        if text == "@rich-shared-phonetic@":
            return f'<c{attrs} t="s"><v>0</v></c>'
        if text in special:
            return f'<c{attrs} t="inlineStr">{special[text]}</c>'
        # A literal `_xHHHH_` in the text: its underscore escaped as `_x005F_`, as Excel writes it.
        literal = re.sub(r"_(x[0-9A-Fa-f]{4}_)", r"_x005F_\1", text)
        return f'<c{attrs} t="inlineStr"><is><t>{literal}</t></is></c>'

    def edit(name, data):
        xml = data.decode("utf-8") if name.endswith((".xml", ".rels")) else None
        if name == "xl/worksheets/sheet1.xml":
            xml, n = re.subn(r'<c([^>]*?) t="inlineStr"><is><t>(.*?)</t></is></c>', cell, xml, flags=re.S)
            assert n == 3 + 2 * len(INLINE), n
            assert "_x005F_x0041_" in xml and "@" not in xml
        elif name == "[Content_Types].xml":
            xml = xml.replace(
                "</Types>",
                '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
            )
        elif name == "xl/_rels/workbook.xml.rels":
            xml = xml.replace(
                "</Relationships>",
                '<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="/xl/sharedStrings.xml" Id="rIdSst"/></Relationships>',
            )
        return data if xml is None else xml.encode("utf-8")

    rewrite_zip(path, edit, {"xl/sharedStrings.xml": SHARED_STRINGS})


# 3. and 4. and 5. (LibreOffice part): flat ODS sources, converted by the shell script.
FODS_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/make-foreign-fixtures.py; LibreOffice converts it (scripts/make-foreign-fixtures.sh). -->
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
 office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
 <office:automatic-styles>
  <number:date-style style:name="N_date">
   <number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/>
  </number:date-style>
  <number:date-style style:name="N_datetime">
   <number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/>
   <number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/><number:text>:</number:text><number:seconds number:style="long"/>
  </number:date-style>
  <number:time-style style:name="N_time">
   <number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/>
  </number:time-style>
  <number:boolean-style style:name="N_bool"><number:boolean/></number:boolean-style>
  <style:style style:name="ce_date" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N_date"/>
  <style:style style:name="ce_datetime" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N_datetime"/>
  <style:style style:name="ce_time" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N_time"/>
  <style:style style:name="ce_bool" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N_bool"/>
 </office:automatic-styles>
 <office:body>
  <office:spreadsheet>
"""
FODS_TAIL = """   </table:table>
  </office:spreadsheet>
 </office:body>
</office:document>
"""


def text_cell(text):
    return f'<table:table-cell office:value-type="string"><text:p>{escape(text)}</text:p></table:table-cell>'


def row(*cells):
    return "    <table:table-row>" + "".join(cells) + "</table:table-row>\n"


# Dates (and date-times, a time) as each file must show them; LibreOffice converts each into
# serial numbers of its null date when it writes .xlsx and .xls.
DATES = [
    ("date", "1900-01-15", "ce_date"),
    ("date", "1900-02-28", "ce_date"),
    ("date", "1900-03-01", "ce_date"),
    ("date", "1904-01-02", "ce_date"),
    ("date", "2024-03-15", "ce_date"),
    ("date-time", "2024-03-15T13:45:00", "ce_datetime"),
    ("time", "PT06H30M00S", "ce_time"),
]


def dates_fods(out, null_date):
    body = FODS_HEAD
    body += f'   <table:calculation-settings><table:null-date table:date-value="{null_date}"/></table:calculation-settings>\n'
    body += '   <table:table table:name="dates">\n    <table:table-column table:number-columns-repeated="2"/>\n'
    body += row(text_cell("kind"), text_cell("value"))
    for kind, value, style in DATES:
        if kind == "time":
            cell = f'<table:table-cell table:style-name="{style}" office:value-type="time" office:time-value="{value}"><text:p>06:30</text:p></table:table-cell>'
        else:
            cell = f'<table:table-cell table:style-name="{style}" office:value-type="date" office:date-value="{value}"><text:p>{value.replace("T", " ")}</text:p></table:table-cell>'
        body += row(text_cell(kind), cell)
    body += FODS_TAIL
    name = "dates-1904" if null_date.startswith("1904") else "dates-1900"
    with open(f"{out}/{name}.fods", "w", encoding="utf-8") as f:
        f.write(body)


# Formulas of every result type; LibreOffice recalculates them on load and stores the results.
FORMULAS = [
    # (label, formula, the stored value's attributes as LibreOffice would write them, cell style)
    ("number", "of:=2*21", 'office:value-type="float" office:value="42"', None),
    ("text", 'of:="a&b<c"', 'office:value-type="string" office:string-value="a&amp;b&lt;c"', None),
    ("text-entity", 'of:="&lt;"', 'office:value-type="string" office:string-value="&amp;lt;"', None),
    ("true", "of:=1=1", 'office:value-type="boolean" office:boolean-value="true"', "ce_bool"),
    ("false", "of:=1=2", 'office:value-type="boolean" office:boolean-value="false"', "ce_bool"),
    ("true-fn", "of:=TRUE()", 'office:value-type="boolean" office:boolean-value="true"', "ce_bool"),
    ("false-fn", "of:=FALSE()", 'office:value-type="boolean" office:boolean-value="false"', "ce_bool"),
    ("date", "of:=DATE(2024;1;15)", 'office:value-type="date" office:date-value="2024-01-15"', "ce_date"),
    ("error", "of:=1/0", 'office:value-type="float" office:value="0"', None),
    ("empty-text", 'of:=""', 'office:value-type="string" office:string-value=""', None),
]


def formulas_fods(out):
    body = FODS_HEAD + '   <table:table table:name="formulas">\n    <table:table-column table:number-columns-repeated="2"/>\n'
    body += row(text_cell("case"), text_cell("result"))
    for label, formula, value, style in FORMULAS:
        style_attr = f' table:style-name="{style}"' if style else ""
        body += row(text_cell(label), f"<table:table-cell{style_attr} table:formula={quoteattr(formula)} {value}/>")
    body += FODS_TAIL
    with open(f"{out}/formulas.fods", "w", encoding="utf-8") as f:
        f.write(body)


# 3. (openpyxl part) The 1904 date system set by openpyxl.
def openpyxl_1904_workbook(out):
    wb = openpyxl.Workbook()
    fix_properties(wb)
    wb.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
    ws = wb.active
    ws.title = "dates"
    ws.append(["kind", "value"])
    for kind, value, fmt in [
        ("date", datetime.datetime(1904, 1, 2), "yyyy-mm-dd"),
        ("date", datetime.datetime(2024, 3, 15), "yyyy-mm-dd"),
        ("date-time", datetime.datetime(2024, 3, 15, 13, 45), "yyyy-mm-dd hh:mm:ss"),
    ]:
        ws.append([kind, value])
        ws.cell(ws.max_row, 2).number_format = fmt
    path = f"{out}/openpyxl-1904.xlsx"
    wb.save(path)
    rewrite_zip(path, lambda name, data: data)


# 5. Number formats with literal text, a percent, a duration and a negative number under a date format.
NUMBER_FORMATS = [
    ("mm", 1.5, "0.0\\ \\m\\m"),
    ("s", 12.5, "0.0\\s"),
    ("d", 3, "0\\ \\d"),
    ("mpa", 355.25, '0.00" MPa"'),
    ("percent", 0.075, "0.0%"),
    ("duration", 36.25 / 24, "[h]:mm:ss"),
    ("negative-date", -1, "yyyy-mm-dd"),
]


def number_formats_workbook(out):
    wb = openpyxl.Workbook()
    fix_properties(wb)
    ws = wb.active
    ws.title = "formats"
    ws.append(["case", "value", "format"])
    for label, value, fmt in NUMBER_FORMATS:
        ws.append([label, value, fmt])
        ws.cell(ws.max_row, 2).number_format = fmt
    path = f"{out}/number-formats.xlsx"
    wb.save(path)
    rewrite_zip(path, lambda name, data: data)


# 6. The platform's workbook (made by `mge-ingest init 201 --workbook`) filled by openpyxl.
def fill_platform_workbook(out, blank):
    wb = openpyxl.load_workbook(blank)
    fix_properties(wb)
    meta = wb["元数据"]
    meta.append(["R1", "Fe-0.18C steel", "Tensile test of R1", "steel, tensile", "示例项目(P01)/示例课题(S01)", "公开"])
    meta.append(["R2", "Fe-0.02C steel", "Tensile test of R2", "steel", "示例项目(P01)/示例课题(S01)", "公开"])
    root = wb["1"]
    root.append(["R1", "Fe-0.18C-0.01Mn", 1123.1, 1929.2, 8])
    root.append(["R2", "Fe-0.02C-0.05Mn", 2411.5, 2473.5, 7.5])
    table = wb["2"]
    table.append(["R1", "C", 0.18])
    table.append(["R2", "C", 0.02])
    table.append(["R1", "Mn", 0.01])
    table.append(["R2", "Mn", 0.05])
    path = f"{out}/platform-201-openpyxl.xlsx"
    wb.save(path)
    rewrite_zip(path, lambda name, data: data)


def check(out):
    """What the tests rely on the writers to have written, checked on the files as written."""

    def part(name, entry):
        with zipfile.ZipFile(f"{out}/{name}") as z:
            return z.read(entry).decode("utf-8")

    assert 'date1904="true"' in part("dates-1904.xlsx", "xl/workbook.xml")
    assert 'date1904="false"' in part("dates-1900.xlsx", "xl/workbook.xml")
    assert 'date1904="1"' in part("openpyxl-1904.xlsx", "xl/workbook.xml")
    for name in ["pandas-steel.xlsx", "openpyxl-inline-strings.xlsx", "number-formats.xlsx", "platform-201-openpyxl.xlsx"]:
        assert 'Target="/xl/worksheets/sheet1.xml"' in part(name, "xl/_rels/workbook.xml.rels"), name
    # LibreOffice stores =1=1 as a number under its boolean format, =TRUE() as a boolean.
    sheet = part("formulas.xlsx", "xl/worksheets/sheet1.xml")
    assert '<f aca="false">1=1</f><v>1</v>' in sheet and 't="b"><f aca="false">TRUE()</f>' in sheet
    assert '<v>#DIV/0!</v>' in sheet and '<v>&amp;lt;</v>' in sheet


def main():
    out, phase = sys.argv[1], sys.argv[2]
    if phase == "before-libreoffice":
        pandas_workbook(out)
        inline_strings_workbook(out)
        openpyxl_1904_workbook(out)
        number_formats_workbook(out)
        dates_fods(out, "1899-12-30")
        dates_fods(out, "1904-01-01")
        formulas_fods(out)
    elif phase == "platform":
        fill_platform_workbook(out, sys.argv[3])
        check(out)
    else:
        raise SystemExit(f"unknown phase {phase}")


if __name__ == "__main__":
    main()
