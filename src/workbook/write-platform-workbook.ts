import { loadExcelJs } from '../sources/load-exceljs.js';
import type { Field, Template } from '../template/template-types.js';
import { CATALOG_SHEET_NAMES, DATA_ID, ELEMENT_INDEX, META_SHEET_NAMES, platformLayout, type LayoutColumn } from './platform-layout.js';
import { META_COLUMNS, PUBLIC_RANGE_OPTIONS, templateIdCellText, TEMPLATE_ID_COLUMN } from './workbook-meta.js';

/** Rows given a drop-down list (the platform's filling template gives a fixed number too). */
export const FILL_ROWS = 500;
/** The sheet holding the option lists the drop-downs read; hidden from the curator. */
export const LISTS_SHEET = '选项';

const TYPE_TEXT: Readonly<Record<Field['type'], string>> = {
  string: '文本 text',
  number: '数值 number',
  range: '范围 range',
  image: '图片 image',
  file: '文件 file',
  choice: '选项 choice',
  array: '数组 array',
  table: '表格 table',
  container: '容器 container',
  generator: '生成器 generator',
};

/** The note on a header: what the field is and how to write it (docs/platform-workbook.md, Notes). */
function fieldNote(column: LayoutColumn): string {
  const f = column.field;
  const lines = [`${column.path}: ${TYPE_TEXT[f.type]}${f.required ? ', 必填 required' : ''}`];
  if (column.unit !== undefined) lines.push(`单位 unit: ${column.unit}`);
  if (f.type === 'range')
    lines.push(f.rangeType === 'interval' ? '写作 write: (下限, 上限) e.g. (600, 700)' : '写作 write: 值±误差 e.g. 1035±12.5');
  if (f.type === 'choice') lines.push(`从下拉列表中选择 choose one of: ${f.allOptions.join(' | ')}`);
  if (f.type === 'image' || f.type === 'file') lines.push('平台路径 platform paths, one per line');
  return lines.join('\n');
}

function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/**
 * Writes the filling workbook of a template as the platform lays it out (docs/platform-workbook.md):
 * catalog, meta sheet with the hidden template-id cell, root sheet `1`, one sheet per table and array;
 * units in headers, required headers marked, a note on every header, choice drop-downs.
 */
export async function writePlatformWorkbook(
  template: Template,
  file: string,
): Promise<{ sheets: number; columns: number; unsupported: readonly string[] }> {
  const ExcelJS = loadExcelJs();
  const layout = platformLayout(template.fields);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'mge-ingest';
  const catalog = wb.addWorksheet(CATALOG_SHEET_NAMES[0]);
  const meta = wb.addWorksheet(META_SHEET_NAMES[0]);
  // Filled last, so the hidden sheet comes after the data sheets, as numbered sheets are read by name.
  const listed: (readonly string[])[] = [];
  const addList = (options: readonly string[]): string => {
    listed.push(options);
    const letter = columnLetter(listed.length);
    return `'${LISTS_SHEET}'!$${letter}$1:$${letter}$${Math.max(1, options.length)}`;
  };
  const dropDown = (sheet: import('exceljs').Worksheet, column: number, options: readonly string[]): void => {
    const range = addList(options);
    for (let r = 2; r <= FILL_ROWS + 1; r++) {
      sheet.getCell(r, column).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [range],
        showErrorMessage: true,
        errorTitle: '选项 choice',
        error: '从下拉列表中选择 / choose from the list',
      };
    }
  };
  const headerCell = (
    sheet: import('exceljs').Worksheet,
    column: number,
    text: string,
    note: string | undefined,
    required: boolean,
  ): void => {
    const cell = sheet.getCell(1, column);
    cell.value = text;
    cell.font = { bold: true, ...(required ? { color: { argb: 'FFC00000' } } : {}) };
    if (note !== undefined) cell.note = note;
    sheet.getColumn(column).width = Math.min(40, Math.max(12, text.length * 2));
  };

  const written = META_COLUMNS.filter((c) => c.written);
  headerCell(meta, 1, DATA_ID, '数据ID: your own key of the record, used on every sheet', true);
  written.forEach((c, i) => headerCell(meta, i + 2, c.header, c.note, c.required));
  dropDown(
    meta,
    written.findIndex((c) => c.key === 'public_range') + 2,
    PUBLIC_RANGE_OPTIONS.map(([text]) => text),
  );
  const idCell = meta.getCell(1, TEMPLATE_ID_COLUMN);
  idCell.value = templateIdCellText(template.id, template.pubDate);
  meta.getColumn(TEMPLATE_ID_COLUMN).hidden = true;

  catalog.getCell(1, 1).value = '工作表名';
  catalog.getCell(1, 2).value = '内容';
  let columns = 0;
  layout.sheets.forEach((s, i) => {
    const sheet = wb.addWorksheet(s.name);
    const lead = s.kind === 'array' ? [DATA_ID, ELEMENT_INDEX] : [DATA_ID];
    lead.forEach((h, j) =>
      headerCell(
        sheet,
        j + 1,
        h,
        j === 0 ? '与元数据表的数据ID对应 / the 数据ID of the record on the meta sheet' : '元素序号 (1, 2, …) / the element number',
        true,
      ),
    );
    s.columns.forEach((c, j) => {
      headerCell(sheet, lead.length + j + 1, c.header, fieldNote(c), c.field.required);
      if (c.field.type === 'choice') dropDown(sheet, lead.length + j + 1, c.field.allOptions);
    });
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    columns += s.columns.length;
    const row = catalog.getRow(i + 2);
    row.getCell(1).value = { text: s.name, hyperlink: `#'${s.name}'!A1` };
    row.getCell(2).value = s.kind === 'root' ? '第一级数据字段' : `'${s.fieldNames.join('.')}'的内容`;
  });
  catalog.getColumn(2).width = 40;
  const lists = wb.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  listed.forEach((options, j) =>
    options.forEach((o, i) => {
      lists.getCell(i + 1, j + 1).value = o;
    }),
  );
  await wb.xlsx.writeFile(file);
  return { sheets: layout.sheets.length, columns, unsupported: layout.unsupported };
}
