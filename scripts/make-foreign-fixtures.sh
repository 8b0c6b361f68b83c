#!/bin/sh
# Rebuilds test/fixtures/sources/foreign/: workbooks written by programs other than the ones the
# project writes with (exceljs, SheetJS), which a curator's files really come from:
#   - pandas DataFrame.to_excel and openpyxl (scripts/make-foreign-fixtures.py),
#   - LibreOffice Calc, converting the flat ODS files that script writes into .xlsx, .xls and .ods,
#   - the project's own platform workbook (`mge-ingest init 201 --workbook`, from the template in
#     template-201.json) filled in and saved by openpyxl.
#
# Needs /usr/bin/python3 with pandas and openpyxl (Debian: python3-pandas, python3-openpyxl),
# LibreOffice (`soffice`) and the built CLI (`npm run build`) only to rebuild these files; the results
# are committed and the project and its tests never need them. Usage: sh scripts/make-foreign-fixtures.sh
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/test/fixtures/sources/foreign"
python=/usr/bin/python3
# A private LibreOffice profile so a desktop LibreOffice the user has open is neither used nor disturbed.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" "$root/scripts/make-foreign-fixtures.py" "$dir" before-libreoffice

convert() { # <target filter> <source .fods>
  soffice -env:UserInstallation="file://$work/profile" --headless --convert-to "$1" --outdir "$dir" "$dir/$2" >/dev/null
}
for src in dates-1900.fods dates-1904.fods; do
  for target in 'xlsx:Calc MS Excel 2007 XML' 'xls:MS Excel 97' 'ods:calc8'; do convert "$target" "$src"; done
done
convert 'xlsx:Calc MS Excel 2007 XML' formulas.fods

node "$root/dist/cli/main.js" init 201 --template-file "$dir/template-201.json" --no-template-cache \
  --workbook "$work/blank-201.xlsx" --log-level warn
"$python" "$root/scripts/make-foreign-fixtures.py" "$dir" platform "$work/blank-201.xlsx"
ls -l "$dir"
