import { existsSync, readFileSync } from 'node:fs';
import type { CaseRun, HostileCase } from '../hostile-case.js';
import { fifo, sparse, write } from '../case-inputs.js';

const STEEL_MAPPING = readFileSync('mappings/steel_strength.yaml', 'utf8');

/** A 1 KB mapping whose aliases of aliases name 10^10 nodes. */
function aliasBomb(): string {
  const lines = ['version: 1', 'template: 201', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  lines.push('content:', '  化学式: *a9');
  return `${lines.join('\n')}\n`;
}

/** `ingest` with the mapping file `mapping` (nothing may be sent, no report may appear). */
function ingestWith(mapping: string): readonly string[] {
  return ['ingest', '--mapping', mapping, '--report', 'report.jsonl', 'input.csv', '--quiet'];
}

const noReport = ({ at }: CaseRun): void => expect(existsSync(at('report.jsonl'))).toBe(false);

/** A mapping naming template `id`, otherwise empty. */
const templateId = (id: string): HostileCase => ({
  name: `mapping: template ${id} is no template id: MAPPING_NO_TEMPLATE at its line, nothing asked`,
  make: (c) => write(c, 'bad-id.yaml', `version: 1\ntemplate: ${id}\ncontent: {}\n`),
  args: () => ['validate', '--mapping', 'bad-id.yaml', 'input.csv'],
  exit: 2,
  code: 'MAPPING_NO_TEMPLATE',
  requests: 0,
  check: ({ run }) => expect(run.stderr).toMatch(/^ {2}at bad-id\.yaml:2:/m),
});

/** Mapping files that expand, nest, never end, or are no mapping. */
export const MAPPING_CASES: readonly HostileCase[] = [
  {
    name: 'mapping: a 1 KB alias bomb is MAPPING_ALIAS_EXPANSION at the alias, not gigabytes',
    make: (c) => write(c, 'bomb.yaml', aliasBomb()),
    args: () => ingestWith('bomb.yaml'),
    exit: 2,
    code: 'MAPPING_ALIAS_EXPANSION',
    check: (r) => {
      expect(r.run.stderr).toMatch(/^ {2}at bomb\.yaml:\d+:\d+/m);
      noReport(r);
    },
  },
  {
    name: 'mapping: nesting 70 levels deep is MAPPING_TOO_DEEP at its line',
    make: (c) =>
      write(
        c,
        'deep.yaml',
        `version: 1\ntemplate: 201\ncontent:\n${Array.from({ length: 70 }, (_v, i) => `${'  '.repeat(i + 1)}a:`).join('\n')}\n`,
      ),
    args: () => ingestWith('deep.yaml'),
    exit: 2,
    code: 'MAPPING_TOO_DEEP',
    check: ({ run }) => expect(run.stderr).toMatch(/^ {2}at deep\.yaml:6\d:\d+/m),
  },
  {
    name: 'mapping: /dev/zero is MAPPING_TOO_LARGE without being read',
    args: () => ingestWith('/dev/zero'),
    exit: 2,
    code: 'MAPPING_TOO_LARGE',
    check: noReport,
  },
  {
    name: 'mapping: a 2 GiB file is MAPPING_TOO_LARGE without being read',
    make: (c) => sparse(c, 'huge.yaml', STEEL_MAPPING, 2 * 1024 ** 3),
    args: () => ingestWith('huge.yaml'),
    exit: 2,
    code: 'MAPPING_TOO_LARGE',
    check: noReport,
  },
  {
    name: 'mapping: a FIFO nobody writes reads as empty at once (MAPPING_NOT_AN_OBJECT), no hang',
    make: (c) => fifo(c, 'mapping.fifo'),
    args: () => ingestWith('mapping.fifo'),
    exit: 2,
    code: 'MAPPING_NOT_AN_OBJECT',
    check: noReport,
  },
  {
    name: 'mapping: 100 KB of binary bytes is no mapping (MAPPING_NOT_AN_OBJECT)',
    make: (c) => write(c, 'junk.yaml', Buffer.from(Array.from({ length: 100_000 }, (_v, i) => (i * 7919 + 13) % 256))),
    args: () => ingestWith('junk.yaml'),
    exit: 2,
    code: 'MAPPING_NOT_AN_OBJECT',
  },
  {
    name: 'mapping: content keys __proto__ and constructor are unknown fields, no prototype touched',
    make: (c) => write(c, 'proto.yaml', STEEL_MAPPING.replace(/^content:\n/m, 'content:\n  __proto__: formula\n  constructor: c\n')),
    args: () => ingestWith('proto.yaml'),
    exit: 2,
    code: 'MAPPING_INVALID',
    check: ({ run }) => expect(run.stderr.match(/MAPPING_UNKNOWN_FIELD/g)).toHaveLength(2),
  },
  {
    name: 'mapping: 42,000 content keys (just under 512 KiB) are every one reported (MAPPING_INVALID) in seconds',
    make: (c) => {
      let text = STEEL_MAPPING;
      for (let i = 0; text.length < 500_000; i++) text += `  f${i}: c\n`;
      write(c, 'many.yaml', text);
    },
    args: () => ingestWith('many.yaml'),
    exit: 2,
    code: 'MAPPING_INVALID',
    check: ({ run }) => expect(run.stderr).toMatch(/the template has no field "f42000"/),
  },
  {
    name: 'mapping: a key written twice is MAPPING_YAML_SYNTAX at the second',
    make: (c) => write(c, 'twice.yaml', STEEL_MAPPING.replace(/^content:\n/m, 'content:\n  化学式: formula\n')),
    args: () => ingestWith('twice.yaml'),
    exit: 2,
    code: 'MAPPING_YAML_SYNTAX',
    check: ({ run }) => expect(run.stderr).toMatch(/twice\.yaml:\d+:3 Map keys must be unique/),
  },
  templateId('1e300'),
  templateId('9007199254740993'),
  templateId('-4'),
];
