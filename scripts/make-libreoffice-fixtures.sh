#!/bin/sh
# Rebuilds the workbooks in test/fixtures/sources/libreoffice/ from steel-lo.fods (flat ODS XML written
# by hand: title row, merged two-row header, a date, a formula and a percent column) by having
# LibreOffice Calc open and save it as .xlsx, .xls (BIFF8) and .ods — the files a curator's spreadsheet
# program really writes, rather than what a library writer produces.
#
# LibreOffice (`soffice`) is needed only to rebuild these files; the results are committed and the
# project and its tests never need it. Usage: sh scripts/make-libreoffice-fixtures.sh
set -eu
dir="$(cd "$(dirname "$0")/../test/fixtures/sources/libreoffice" && pwd)"
src="$dir/steel-lo.fods"
# A private profile so a desktop LibreOffice the user has open is neither used nor disturbed.
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for target in 'xlsx:Calc MS Excel 2007 XML' 'xls:MS Excel 97' 'ods:calc8'; do
  soffice -env:UserInstallation="file://$profile" --headless --convert-to "$target" --outdir "$dir" "$src" >/dev/null
done
ls -l "$dir"
