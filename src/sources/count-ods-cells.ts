/** Bounds of what an OpenDocument spreadsheet may expand to in memory. */
export interface CellLimits {
  /** Most cells with a value, every repeat counted, over all sheets. */
  readonly maxCells: number;
  /** Last row a cell with a value may reach. */
  readonly maxRows: number;
  /** Last column a cell with a value may reach. */
  readonly maxColumns: number;
}

/** What passed a {@link CellLimits} bound, and the count when it did. */
export interface CellOverflow {
  readonly bound: 'cells' | 'rows' | 'columns';
  readonly count: number;
}

const TAG = /<(\/?)table:(table-row|table-cell|covered-table-cell|table)(?=[\s/>])([^>]*)>/g;
/** Longest tag kept across a chunk boundary; a tag past it is no table tag this scan needs. */
const MAX_TAG = 64 * 1024;

function repeat(attrs: string, name: string): number {
  const m = new RegExp(`\\btable:${name}="([^"]*)"`).exec(attrs);
  return m ? Math.max(1, Number(m[1]) || 1) : 1;
}

/**
 * Counts the cells an ODS `content.xml` (or `.fods`) expands to, without building them: repeat
 * attributes let a few bytes stand for billions of cells, which SheetJS copies; empty repeats cost
 * nothing and are not counted. Stops at the first bound passed.
 * @returns the overflow, or undefined when the spreadsheet stays within `limits`.
 */
export async function countOdsCells(xml: AsyncIterable<Buffer | string>, limits: CellLimits): Promise<CellOverflow | undefined> {
  let carry = '';
  let cells = 0;
  let row = 0;
  let rowRepeat = 1;
  let rowCells = 0;
  let column = 0;
  let lastColumn = 0;
  for await (const chunk of xml) {
    const text = carry + (typeof chunk === 'string' ? chunk : chunk.toString('latin1'));
    let done = 0;
    for (const m of text.matchAll(TAG)) {
      done = m.index + m[0].length;
      const [, closing, name, attrs = ''] = m;
      const selfClosing = attrs.endsWith('/');
      if (name === 'table') {
        if (!closing) row = 0;
        continue;
      }
      if (name === 'table-row') {
        if (closing) {
          cells += rowRepeat * rowCells;
          if (rowCells > 0 && row + rowRepeat > limits.maxRows) return { bound: 'rows', count: row + rowRepeat };
          if (lastColumn > limits.maxColumns) return { bound: 'columns', count: lastColumn };
          if (cells > limits.maxCells) return { bound: 'cells', count: cells };
          row += rowRepeat;
          rowRepeat = 1;
        } else if (selfClosing) row += repeat(attrs, 'number-rows-repeated');
        else {
          rowRepeat = repeat(attrs, 'number-rows-repeated');
          rowCells = 0;
          column = 0;
          lastColumn = 0;
        }
        continue;
      }
      if (closing) continue;
      const span = repeat(attrs, 'number-columns-repeated');
      // A cell with content is copied into every repeat; an empty one (self-closing) is not stored,
      // except a string given as an attribute, stored once.
      const stored = name === 'table-cell' ? (selfClosing ? (/office:value-type="string"/.test(attrs) ? 1 : 0) : span) : 0;
      if (stored > 0) lastColumn = column + stored;
      rowCells += stored;
      column += span;
    }
    carry = text.slice(Math.max(done, text.lastIndexOf('<'), text.length - MAX_TAG));
  }
  return undefined;
}
