#!/bin/sh
# Rebuilds the workbooks in test/fixtures/sources/ods-cells/ from cells.fods and cells-1904.fods (flat
# ODS XML written by hand, one cell case a row: booleans, dates around 1900-03-01, a time, a duration,
# `_x0041_` as text, cells of only a no-break or ideographic space) by having LibreOffice Calc open
# and save each as .ods and .xls (BIFF8): the files a curator's spreadsheet program really writes.
#
# LibreOffice (`soffice`) is needed only to rebuild these files; the results are committed and the
# project and its tests never need it. Usage: sh scripts/make-ods-fixtures.sh
set -eu
dir="$(cd "$(dirname "$0")/../test/fixtures/sources/ods-cells" && pwd)"
# A private profile so a desktop LibreOffice the user has open is neither used nor disturbed.
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for src in "$dir/cells.fods" "$dir/cells-1904.fods"; do
  for target in 'ods:calc8' 'xls:MS Excel 97'; do
    soffice -env:UserInstallation="file://$profile" --headless --convert-to "$target" --outdir "$dir" "$src" >/dev/null
  done
done
ls -l "$dir"
