import { LineCounter, parseDocument, type Document } from 'yaml';
import { firstDuplicateKey } from '../../util/first-duplicate-key.js';
import { isPositiveId, parsePositiveId } from '../../util/positive-id.js';
import { MappingError, type MappingErrorCode } from '../mapping-errors.js';
import type { MappingProblem } from '../mapping-problem.js';
import type { ColumnRef, LoadedMapping, MappingSpec } from './mapping-spec.js';
import type { MethodsWidth } from '../../template/record-types.js';
import { scalarText, type SpecNode } from './spec-node.js';
import { ROW_POSITION_NAME } from '../rows/row-key.js';
import { quote, quotingFix } from './quoting-fix.js';
import { SPEC_TREE_LIMITS, SpecTreeLimitError, yamlToSpecNode } from './yaml-to-spec-node.js';
import { readInput } from './read-input.js';
import { unknownKeys, type Report } from './unknown-keys.js';

const TOP_KEYS = ['version', 'template', 'templatePubDate', 'input', 'key', 'groupBy', 'duplicates', 'options', 'meta', 'content'];
const DUPLICATES = ['refuse', 'identical-ok'] as const;
const OPTION_KEYS = ['methodsWidth', 'decimal'];

/**
 * Largest mapping file read (512 KiB). A mapping of a template with hundreds of fields is tens of KiB;
 * the bound keeps a wrong file (or `/dev/zero`) from being read whole, and YAML's parse of it short.
 */
export const MAX_MAPPING_BYTES = 512 * 1024;

/**
 * Parses a mapping file (YAML; JSON is valid YAML) into a typed {@link MappingSpec}. Throws only when
 * the text cannot be used at all (`MAPPING_YAML_SYNTAX`, `MAPPING_NOT_AN_OBJECT`, `MAPPING_NO_TEMPLATE`:
 * without a template id there is nothing to check against); every other problem (a wrong `version` too) is collected in `spec.problems` for `checkMapping`.
 */
export function loadMapping(text: string, fileName: string): LoadedMapping {
  const lines = new LineCounter();
  // Repeated keys are found by firstDuplicateKey: yaml's own check is quadratic in a map's keys.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const syntax = doc.errors[0];
  const duplicate = syntax === undefined ? firstDuplicateKey(doc) : undefined;
  if (syntax || duplicate) {
    const at = syntax ? (syntax.linePos?.[0] ?? lines.linePos(syntax.pos[0])) : lines.linePos(duplicate?.range?.[0] ?? 0);
    // The YAML parser itself recurses per level: nesting far past any bound of ours runs it out of
    // stack, which it reports as this code. That is a mapping too deep, at the place it gave up.
    if (syntax?.code === 'RESOURCE_EXHAUSTION') {
      throw new MappingError(
        'MAPPING_TOO_DEEP',
        `${fileName}:${at.line}:${at.col} the mapping nests too deep to be read (more than ${SPEC_TREE_LIMITS.maxDepth} levels are refused)`,
        {
          location: { file: fileName, row: at.line, col: at.col },
          hint: DEEP_HINT,
          details: { limit: SPEC_TREE_LIMITS.maxDepth },
        },
      );
    }
    const message = syntax ? (syntax.message.split('\n')[0] ?? '') : 'Map keys must be unique';
    // A header holding ": " (or " #") written unquoted is the commonest cause: say so, with the line fixed.
    const fix = syntax ? quotingFix(text.split(/\r?\n/)[at.line - 1] ?? '') : undefined;
    throw new MappingError(
      'MAPPING_YAML_SYNTAX',
      `${fileName}:${at.line}:${at.col} ${message}${fix === undefined ? '' : ': a name holding ": " or " #" must be quoted'}`,
      {
        location: { file: fileName, row: at.line, col: at.col },
        hint:
          fix === undefined
            ? 'Fix the YAML syntax at that line (indentation, a missing colon, an unclosed quote or bracket).'
            : `Quote the name: ${fix.trim()}`,
        details: { yamlCode: syntax ? syntax.code : 'DUPLICATE_KEY', ...(fix === undefined ? {} : { fix: fix.trim() }) },
      },
    );
  }
  const root = specTree(doc, text, lines, fileName);
  const fail = (code: MappingErrorCode, message: string, node: SpecNode | undefined, hint: string): never => {
    throw new MappingError(code, message, { location: { file: fileName, row: node?.line ?? 1, col: node?.col ?? 1 }, hint });
  };
  if (root.kind !== 'map')
    return fail(
      'MAPPING_NOT_AN_OBJECT',
      'a mapping file must be a YAML mapping (key: value lines)',
      root,
      'Start from `mge-ingest init <tid>`.',
    );

  const problems: MappingProblem[] = [];
  const problem = (code: string, message: string, node: { line: number; col: number }, path: string, suggestions?: string[]): void => {
    problems.push({
      code,
      message,
      line: node.line,
      col: node.col,
      path,
      ...(suggestions && suggestions.length > 0 ? { suggestions } : {}),
    });
  };
  unknownKeys(root, TOP_KEYS, '', problem);

  const version = root.entries.get('version');
  // Reported with the rest: a wrong version alone should not hide every other problem of the file.
  if (!version || version.kind !== 'scalar' || version.value !== 1) {
    problem(
      'MAPPING_VERSION',
      version ? 'this tool reads mapping format `version: 1`' : 'the mapping needs `version: 1` at the top',
      version ?? root,
      'version',
    );
  }
  const templateNode = root.entries.get('template');
  const written = templateNode?.kind === 'scalar' ? templateNode.value : undefined;
  const template =
    (typeof written === 'string' ? parsePositiveId(written) : typeof written === 'number' ? written : undefined) ?? Number.NaN;
  // 1e300 is an integer to JavaScript, but no template's id: ids are positive safe integers.
  if (!isPositiveId(template)) {
    fail(
      'MAPPING_NO_TEMPLATE',
      'the mapping needs `template: <template id>` (a positive integer)',
      templateNode ?? root,
      'Write the template id, e.g. `template: 201`.',
    );
  }
  const pubNode = root.entries.get('templatePubDate');
  const input = readInput(root.entries.get('input'), problem);
  const options = root.entries.get('options');
  let methodsWidth: MethodsWidth | undefined;
  let decimal: '.' | ',' = '.';
  if (options?.kind === 'map') {
    unknownKeys(options, OPTION_KEYS, 'options', problem);
    const width = options.entries.get('methodsWidth');
    if (width) {
      if (width.kind === 'scalar' && (width.value === 3 || width.value === 4)) methodsWidth = width.value;
      else problem('MAPPING_BAD_OPTION', '`options.methodsWidth` must be 3 or 4', width, 'options.methodsWidth');
    }
    const dec = options.entries.get('decimal');
    if (dec) {
      if (dec.kind === 'scalar' && (dec.value === '.' || dec.value === ',')) decimal = dec.value;
      else problem('MAPPING_BAD_OPTION', '`options.decimal` must be "." or ","', dec, 'options.decimal');
    }
  } else if (options) problem('MAPPING_SHAPE_MISMATCH', '`options` must be a mapping', options, 'options');

  const duplicatesNode = root.entries.get('duplicates');
  let duplicates: MappingSpec['duplicates'] = 'refuse';
  if (duplicatesNode) {
    const value = duplicatesNode.kind === 'scalar' ? duplicatesNode.value : undefined;
    const known = DUPLICATES.find((d) => d === value);
    if (known !== undefined) duplicates = known;
    else
      problem(
        'MAPPING_BAD_OPTION',
        "`duplicates` must be `refuse` or `identical-ok` (a row with an earlier row's key and the same record is then a duplicate, not an error)",
        duplicatesNode,
        'duplicates',
        [...DUPLICATES],
      );
  }

  const meta = root.entries.get('meta');
  const content = root.entries.get('content');
  if (meta && meta.kind !== 'map') problem('MAPPING_SHAPE_MISMATCH', '`meta` must be a mapping of meta keys', meta, 'meta');
  if (content && content.kind !== 'map')
    problem('MAPPING_SHAPE_MISMATCH', '`content` must be a mapping of template fields', content, 'content');

  const spec: MappingSpec = {
    file: fileName,
    version: 1,
    template,
    templatePubDate: pubNode?.kind === 'scalar' && pubNode.value !== null ? scalarText(pubNode) : undefined,
    input,
    key: columnList(root.entries.get('key'), 'key', problem),
    groupBy: withoutRowPosition(columnList(root.entries.get('groupBy'), 'groupBy', problem), problem),
    duplicates,
    methodsWidth,
    decimal,
    meta: meta?.kind === 'map' ? meta : undefined,
    content: content?.kind === 'map' ? content : undefined,
    pos: { line: root.line, col: root.col },
    problems,
  };
  return { spec, text };
}

const DEEP_HINT =
  'A mapping nests a few levels (content → table → field); flatten this part, or check for an alias that names the node it sits in.';

/** The document as spec nodes, or a mapping error at the node where it passed a tree bound. */
function specTree(doc: Document, text: string, lines: LineCounter, fileName: string): SpecNode {
  try {
    return yamlToSpecNode(doc, text, lines);
  } catch (error) {
    if (!(error instanceof SpecTreeLimitError)) throw error;
    const deep = error.limit === 'depth';
    const through = error.alias === undefined ? '' : ` (through the alias *${error.alias})`;
    throw new MappingError(
      deep ? 'MAPPING_TOO_DEEP' : 'MAPPING_ALIAS_EXPANSION',
      `${fileName}:${error.pos.line}:${error.pos.col} ${error.message}${through}`,
      {
        location: { file: fileName, row: error.pos.line, col: error.pos.col },
        hint: deep
          ? DEEP_HINT
          : 'Aliases (*name) copy the node they name; aliases of aliases multiply. Write the part out once, or use fewer nested aliases.',
        details: { limit: error.bound },
      },
    );
  }
}

/** `$row` is a key of its own: in `groupBy` it would make every row a group of one. */
function withoutRowPosition(columns: ColumnRef[], report: Report): ColumnRef[] {
  const bad = columns.filter((c) => c.name === ROW_POSITION_NAME);
  for (const c of bad)
    report(
      'MAPPING_SHAPE_MISMATCH',
      "`$row` (the row's position) can only be a `key`: `groupBy` names the columns a group's rows share",
      c,
      'groupBy',
    );
  return bad.length === 0 ? columns : columns.filter((c) => c.name !== ROW_POSITION_NAME);
}

function columnList(node: SpecNode | undefined, path: string, report: Report): ColumnRef[] {
  if (!node || (node.kind === 'scalar' && node.value === null)) return [];
  if (node.kind === 'scalar')
    return [
      { name: scalarText(node), line: node.line, col: node.col, ...(node.lineRest === undefined ? {} : { lineRest: node.lineRest }) },
    ];
  if (node.kind === 'seq') {
    const out: ColumnRef[] = [];
    for (const item of node.items) {
      if (item.kind === 'scalar' && item.value !== null)
        out.push({
          name: scalarText(item),
          line: item.line,
          col: item.col,
          ...(item.lineRest === undefined ? {} : { lineRest: item.lineRest }),
        });
      else if (item.kind === 'map' && item.entries.size === 1) {
        // `[Sample: id]` reads as a mapping inside the list: the name held ": " and was not quoted.
        const [key, value] = [...item.entries][0]!;
        const name = `${key}: ${value.kind === 'scalar' ? scalarText(value) : ''}`;
        report('MAPPING_SHAPE_MISMATCH', `\`${path}\` lists column names: a name holding ": " must be quoted, ${quote(name)}`, item, path, [
          name,
        ]);
      } else report('MAPPING_SHAPE_MISMATCH', `\`${path}\` lists column names`, item, path);
    }
    return out;
  }
  report('MAPPING_SHAPE_MISMATCH', `\`${path}\` must be a column name or a list of column names`, node, path);
  return [];
}
