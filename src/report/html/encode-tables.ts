import { scriptJson } from './escape-html.js';
import type { CellData, TableSpec } from './table-specs.js';

/**
 * The page's data as JSON pieces (one per row): `{"tables":[{"id","cols","rows"}…],"s":[…]}`, a cell
 * a string, an index into the shared texts `s` (written last), an array of parts, or `null`.
 * Every piece is escaped for a script element ({@link scriptJson}).
 */
export function* encodeTables(tables: readonly TableSpec<unknown>[]): Generator<string> {
  const strings = new Map<string, number>();
  const encode = (cell: CellData): unknown => {
    if (cell === undefined) return null;
    if (typeof cell === 'string') return cell;
    if (Array.isArray(cell)) return cell.map(encode);
    const text = (cell as { intern: string }).intern;
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  yield '{"tables":[';
  for (const [t, table] of tables.entries()) {
    const cols = table.columns.map((c) => ({ n: c.name, l: c.label, f: c.filter, o: c.sort, h: c.hidden, b: c.briefOf }));
    yield `${t === 0 ? '' : ','}{"id":${scriptJson(table.id)},"cols":${scriptJson(cols)},"rows":[`;
    for (const [r, row] of table.rows.entries()) yield `${r === 0 ? '' : ','}${scriptJson(table.columns.map((c) => encode(c.value(row))))}`;
    yield ']}';
  }
  yield `],"s":${scriptJson([...strings.keys()])}}`;
}
