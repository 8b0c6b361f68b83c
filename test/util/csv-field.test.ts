import { csvField } from '../../src/util/csv-field.js';
import { cellValueText } from '../../src/sources/cell-value-text.js';

describe('csvField', () => {
  test('leaves plain text alone and quotes text with quotes, commas or line breaks', () => {
    expect(csvField('GH4169')).toBe('GH4169');
    expect(csvField('Arc-melted, vacuum')).toBe('"Arc-melted, vacuum"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('cellValueText', () => {
  test('shows a cell as a curator would type it back', () => {
    expect(cellValueText(null)).toBe('');
    expect(cellValueText(undefined)).toBe('');
    expect(cellValueText(0.1 + 0.2)).toBe('0.3');
    expect(cellValueText(1035.5)).toBe('1035.5');
    expect(cellValueText(true)).toBe('true');
    expect(cellValueText({ kind: 'date', iso: '2024-01-01' })).toBe('2024-01-01');
    expect(cellValueText('  kept as typed ')).toBe('  kept as typed ');
  });
});
