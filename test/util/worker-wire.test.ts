import { MgeError } from '../../src/errors/mge-error.js';
import { MappingInvalidError } from '../../src/mapping/mapping-errors.js';
import { fromWireError, toWireError } from '../../src/util/worker-wire.js';

describe('errors crossing from a worker thread', () => {
  test('an MgeError keeps its kind, code, message, location, hint and plain details', () => {
    const problems = [{ code: 'MAPPING_COLUMN_NOT_FOUND', line: 4, col: 7, message: 'no column "x"' }];
    const error = new MgeError('mapping', 'MAPPING_INVALID', 'the mapping does not fit', {
      location: { file: 'm.yaml', row: 4, col: 7 },
      hint: 'fix it',
      details: { problems },
    });
    // Through a real structured clone, as a worker message goes.
    const back = fromWireError(structuredClone(toWireError(error, 'the test thread')));
    expect(back).toBeInstanceOf(MgeError);
    expect([back.kind, back.code, back.message, back.hint]).toEqual(['mapping', 'MAPPING_INVALID', 'the mapping does not fit', 'fix it']);
    expect(back.location).toEqual({ file: 'm.yaml', row: 4, col: 7 });
    expect(back.details).toEqual({ problems });
  });

  test("a subclass's typed facts cross as plain data, and the reader's revive rebuilds the subclass", () => {
    const problems = [{ code: 'MAPPING_COLUMN_NOT_FOUND', line: 4, col: 7, path: 'content.x', message: 'no column "x"' }];
    const error = new MappingInvalidError('m.yaml', problems);
    const wire = structuredClone(toWireError(error, 'the test thread'));
    expect(wire.facts).toEqual({ problems });
    const plain = fromWireError(wire);
    expect([plain.constructor, plain.code]).toEqual([MgeError, 'MAPPING_INVALID']);
    const revived = fromWireError(wire, (w) =>
      w.code === 'MAPPING_INVALID' ? new MappingInvalidError(w.location?.file ?? '', w.facts?.['problems'] as typeof problems) : undefined,
    );
    expect(revived).toBeInstanceOf(MappingInvalidError);
    expect([revived.message, revived.location, (revived as MappingInvalidError).problems]).toEqual([
      error.message,
      error.location,
      problems,
    ]);
  });

  test('anything else becomes an internal error naming the thread', () => {
    const back = fromWireError(structuredClone(toWireError(new TypeError('x is not a function'), 'the mapping thread')));
    expect([back.kind, back.code]).toEqual(['internal', 'INTERNAL_ERROR']);
    expect(back.message).toBe('the mapping thread failed: x is not a function');
  });
});
