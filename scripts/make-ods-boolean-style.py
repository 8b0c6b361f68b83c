"""Writes test/fixtures/sources/ods-cells/boolean-style.ods: a spreadsheet as writers other than
LibreOffice save one, with a boolean kept as a number under a boolean data style (what LibreOffice
itself does in memory) beside true booleans. LibreOffice rewrites such cells as booleans when it
saves, so this file is zipped by hand from boolean-style.xml. Usage: python3 scripts/make-ods-boolean-style.py
"""
import pathlib
import zipfile

DIR = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "sources" / "ods-cells"
STYLES = (
    '<?xml version="1.0" encoding="UTF-8"?><office:document-styles '
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>'
)
MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>'
)

with zipfile.ZipFile(DIR / "boolean-style.ods", "w", zipfile.ZIP_DEFLATED) as z:
    # The mimetype first and stored, as ODF requires.
    z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED)
    z.writestr("content.xml", (DIR / "boolean-style.xml").read_text(encoding="utf-8"))
    z.writestr("styles.xml", STYLES)
    z.writestr("META-INF/manifest.xml", MANIFEST)
