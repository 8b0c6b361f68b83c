import { writeFileSync } from 'node:fs';
import { writeZip, type ZipPart } from './write-zip.js';

/** A cell of a generated sheet: text (an inline string), a number, or empty. */
export type ZipCell = string | number | null;

/** One sheet of a generated workbook: its name and rows, the first being the header. */
export interface ZipSheet {
  readonly name: string;
  readonly rows: readonly (readonly ZipCell[])[];
  /** XML written as it is after the rows, inside `<sheetData>` (e.g. a damaged row). */
  readonly tail?: string;
}

const xml = (text: string): Buffer => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function letter(n: number): string {
  let s = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/** Shared strings by text, in the order first met; undefined writes inline strings. */
type StringTable = Map<string, number> | undefined;

function sheetXml({ rows, tail }: ZipSheet, strings: StringTable): Buffer {
  const body = rows.map((cells, r) => {
    const xmlCells = cells.map((value, c) => {
      const ref = `${letter(c)}${r + 1}`;
      if (value === null) return '';
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
      if (strings === undefined) return `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
      let index = strings.get(value);
      if (index === undefined) strings.set(value, (index = strings.size));
      return `<c r="${ref}" t="s"><v>${index}</v></c>`;
    });
    return `<row r="${r + 1}">${xmlCells.join('')}</row>`;
  });
  return xml(
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body.join('')}${tail ?? ''}</sheetData></worksheet>`,
  );
}

/**
 * Writes an .xlsx of several sheets and no styles, its text in a shared-strings table as Excel writes
 * it (or inline): a large workbook in a fraction of the time exceljs takes, for tests of many rows.
 */
export function writeZipWorkbook(file: string, sheets: readonly ZipSheet[], options: { readonly inline?: boolean } = {}): void {
  const strings: StringTable = options.inline === true ? undefined : new Map();
  const sheetParts = sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: sheetXml(s, strings) }));
  const items = [...(strings?.keys() ?? [])].map((t) => `<si><t>${escape(t)}</t></si>`).join('');
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
          .map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join('')}</sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('')}${
          strings === undefined
            ? ''
            : '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        }</Relationships>`,
      ),
    },
    ...sheetParts,
    ...(strings === undefined
      ? []
      : [
          {
            name: 'xl/sharedStrings.xml',
            data: xml(
              `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">${items}</sst>`,
            ),
          },
        ]),
  ];
  writeFileSync(file, writeZip(parts));
}

/** Options of {@link platformWorkbookSheets}. */
export interface PlatformWorkbookRows {
  /** Records R1 … Rn, each with its meta row, root row, two stress values and two composition rows. */
  readonly records: number;
  /** Rows added to the composition sheet (3) after the records' own, e.g. of a 数据ID on no root row. */
  readonly extraComposition?: readonly (readonly ZipCell[])[];
}

/** Sheet 1's header as `init 101 --workbook` writes it. */
const ROOT_HEADER: ZipCell[] = [
  '数据ID',
  '牌号',
  '试验温度 (℃)',
  '保温时间 (h)',
  '屈服强度 (MPa)',
  '热处理状态',
  '显微组织',
  '原始数据',
  '试验条件.气氛',
  '试验条件.加载速率 (mm/min)',
  '试验条件.设备.型号',
  '试验条件.设备.制造商',
  '强化相.体积分数 (%)',
  '强化相.尺寸范围 (nm)',
  '强化相.描述',
];

/**
 * The sheets of template 101's filling workbook (the sample catalog's, as `init 101 --workbook`
 * writes it) holding `records` valid records in record order.
 */
export function platformWorkbookSheets(options: PlatformWorkbookRows): ZipSheet[] {
  const ids = Array.from({ length: options.records }, (_, i) => `R${i + 1}`);
  const metaHeader: ZipCell[] = ['数据ID', '数据标题', '摘要', '关键词', '机构', '可见范围', null, null, null, null, null];
  return [
    {
      name: '目录',
      rows: [
        ['工作表名', '内容'],
        ['1', '第一级数据字段'],
        ['2', "'应力序列'的内容"],
        ['3', "'化学成分'的内容"],
      ],
    },
    {
      name: '元数据',
      rows: [
        [...metaHeader, '101|2024-05-08 14:03:11|请勿修改 do not edit'],
        ...ids.map((id) => [id, `GH4169 ${id}`, `Tensile tests of ${id}`, 'superalloy, tensile', '示例项目(P01)/示例课题(S01)', '公开']),
      ],
    },
    {
      name: '1',
      rows: [ROOT_HEADER, ...ids.map((id) => [id, 'GH4169', 650, null, null, '锻态'])],
    },
    {
      name: '2',
      rows: [
        ['数据ID', '元素序号', '元素 (MPa)'],
        ...ids.flatMap((id) => [
          [id, 1, 690],
          [id, 2, 720],
        ]),
      ],
    },
    {
      name: '3',
      rows: [
        ['数据ID', '化学成分.元素', '化学成分.含量 (wt.%)', '化学成分.测量方法'],
        ...ids.flatMap((id) => [
          [id, 'Ni', 52.8, 'ICP-AES'],
          [id, 'Cr', 19.1, 'ICP-AES'],
        ]),
        ...(options.extraComposition ?? []),
      ],
    },
  ];
}
