import { readdirSync, readFileSync } from 'node:fs';
import { checkMapping } from '../../src/mapping/check/check-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';

const root = new URL('../../', import.meta.url);
const files = readdirSync(new URL('mappings/', root)).filter((f) => /\.(ya?ml|json)$/.test(f));

describe('every file in mappings/', () => {
  it('exists for each sample', () => {
    expect(files.sort()).toEqual(['steel_composition_rows.yaml', 'steel_strength.yaml', 'ucsb_thermoelectrics.yaml']);
  });

  it.each(files)('%s loads and checks cleanly against its template, with its pub_date recorded', (file) => {
    const { spec } = loadMapping(readFileSync(new URL(`mappings/${file}`, root), 'utf8'), `mappings/${file}`);
    const template = sampleTemplate(spec.template);
    expect(checkMapping(spec, template).problems).toEqual([]);
    expect(spec.templatePubDate).toBe(template.pubDate);
  });
});

describe('schema/mapping.schema.json', () => {
  const schema = JSON.parse(readFileSync(new URL('schema/mapping.schema.json', root), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('is a draft 2020-12 schema describing every top-level key the loader reads', () => {
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(schema['properties']).sort()).toEqual(
      ['content', 'duplicates', 'groupBy', 'input', 'key', 'meta', 'options', 'template', 'templatePubDate', 'version'].sort(),
    );
    expect(schema['required']).toEqual(['version', 'template']);
    expect(Object.keys(schema['properties']['input']['properties']).sort()).toEqual([
      'dataStartRow',
      'delimiter',
      'encoding',
      'headerRow',
      'headerRows',
      'sheet',
      'skipRows',
    ]);
    expect(Object.keys(schema['properties']['meta']['properties']).sort()).toEqual([
      'abstract',
      'contributor',
      'doi',
      'institution',
      'keywords',
      'other_info',
      'public',
      'public_date',
      'public_range',
      'source',
      'title',
    ]);
    expect(Object.keys(schema['$defs']['valueSpec']['properties']).sort()).toEqual([
      'column',
      'const',
      'date',
      'decimal',
      'default',
      'errOptional',
      'lookup',
      'map',
      'regex',
      'split',
      'template',
      'trim',
      'unit',
    ]);
  });
});
