import { checkWorkbookFile, type WorkbookLimits } from '../check-workbook-file.js';
import type { VerifiedZipEntry } from '../verify-zip-entry.js';
import { parseXmlPart, prefixedAttribute } from './parse-xml-part.js';
import { relationshipsPartOf, resolvePartTarget } from './resolve-part-target.js';

/** One sheet as the workbook lists it. */
export interface XlsxSheetEntry {
  readonly name: string;
  /** The zip entry of its XML, undefined when no relationship leads to one. */
  readonly part: string | undefined;
  /** `worksheet` for cells; `chartsheet`, `dialogsheet`, `macrosheet` hold none we read. */
  readonly kind: string;
}

/** What a reader needs to know of a workbook before reading a sheet. */
export interface XlsxPackage {
  readonly file: string;
  readonly sheets: readonly XlsxSheetEntry[];
  /** The workbook counts dates from 1904-01-01 (`<workbookPr date1904>`, `1` or `true`). */
  readonly date1904: boolean;
  readonly sharedStringsPart: string | undefined;
  readonly stylesPart: string | undefined;
  /** The parts read so far (relationships, workbook), by lower-case name: OPC names ignore case. */
  readonly names: ReadonlyMap<string, string>;
}

interface Relationship {
  readonly type: string;
  readonly target: string | undefined;
}

const OFFICE_DOCUMENT = 'officeDocument';
const DEFAULT_WORKBOOK = 'xl/workbook.xml';

/**
 * Reads a checked workbook's package by its relationships (matched by their last segment, which
 * transitional and strict OOXML share), else the usual names, as Excel tolerates.
 * @throws MgeError from {@link checkWorkbookFile}.
 */
export async function openXlsxPackage(file: string, limits: WorkbookLimits): Promise<XlsxPackage> {
  const rootRels = await readRelationships(file, limits, '');
  const workbookPart = [...rootRels.values()].find((r) => r.type === OFFICE_DOCUMENT)?.target ?? DEFAULT_WORKBOOK;
  const rels = await readRelationships(file, limits, workbookPart);
  const workbook = await readParts(file, limits, [workbookPart]);
  const sheets: XlsxSheetEntry[] = [];
  let date1904 = false;
  const entry = workbook.get(workbookPart.toLowerCase());
  if (entry) {
    await parseXmlPart(file, entry, {
      open(name, attributes) {
        // Extensions repeat the element (`<x15:workbookPr>`) without the attribute.
        if (name === 'workbookPr' && attributes.date1904 !== undefined) date1904 = isTrue(attributes.date1904);
        if (name !== 'sheet') return;
        const id = prefixedAttribute(attributes, 'id');
        const rel = id === undefined ? undefined : rels.get(id);
        const fallback = rels.size === 0 ? `xl/worksheets/sheet${sheets.length + 1}.xml` : undefined;
        sheets.push({
          name: attributes.name ?? `Sheet${sheets.length + 1}`,
          part: rel?.target ?? fallback,
          kind: rel?.type ?? 'worksheet',
        });
      },
      close() {},
      text() {},
    });
  }
  // Some writers leave the shared strings or styles out of the relationships while their cells still
  // point into them: the part at its usual name is read then (a name the zip lacks reads as none).
  const target = (type: string, fallback: string): string =>
    [...rels.values()].find((r) => r.type === type)?.target ?? resolvePartTarget(workbookPart, fallback) ?? fallback;
  return {
    file,
    sheets,
    date1904,
    sharedStringsPart: target('sharedStrings', 'sharedStrings.xml'),
    stylesPart: target('styles', 'styles.xml'),
    names: new Map([...workbook.values()].map((e) => [e.name.toLowerCase(), e.name] as const)),
  };
}

/**
 * The named parts, checked (sizes, bombs, damage: see `checkWorkbookFile`) and keyed by lower-case
 * name; a name the zip lacks is simply absent.
 */
export async function readParts(file: string, limits: WorkbookLimits, names: readonly string[]): Promise<Map<string, VerifiedZipEntry>> {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const entries = await checkWorkbookFile(file, limits, (name) => wanted.has(name.toLowerCase()));
  return new Map(entries.map((e) => [e.name.toLowerCase(), e] as const));
}

/** The relationships of `part` (`''`: the package's own), by id; external targets are left out. */
async function readRelationships(file: string, limits: WorkbookLimits, part: string): Promise<Map<string, Relationship>> {
  const relsPart = part === '' ? '_rels/.rels' : relationshipsPartOf(part);
  const entry = (await readParts(file, limits, [relsPart])).get(relsPart.toLowerCase());
  const rels = new Map<string, Relationship>();
  if (!entry) return rels;
  await parseXmlPart(file, entry, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.Id === undefined || attributes.TargetMode === 'External') return;
      const type = (attributes.Type ?? '').split('/').pop() ?? '';
      rels.set(attributes.Id, { type, target: attributes.Target === undefined ? undefined : resolvePartTarget(part, attributes.Target) });
    },
    close() {},
    text() {},
  });
  return rels;
}

/** An `xsd:boolean`: `1` and `true` (LibreOffice and Excel for Mac write the word). */
export function isTrue(value: string | undefined): boolean {
  return value === '1' || value?.trim().toLowerCase() === 'true';
}
