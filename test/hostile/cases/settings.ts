import { mkdirSync } from 'node:fs';
import type { CaseFiles, HostileCase } from '../hostile-case.js';
import { deepTemplateText } from '../adversaries.js';
import { exited, fifo, openFifoWriter, sparse, validate, write } from '../case-inputs.js';

const GIB = 1024 ** 3;

/** `templates list` with the token from `--token-file file` only. */
const listWithTokenFile = (file: string) => (): readonly string[] => ['templates', 'list', '--token-file', file];
const noEnvToken = (): Record<string, undefined> => ({ MGE_TOKEN: undefined });

/** Token, config and template files that never end, are too large, or hold what they must not. */
export const SETTINGS_CASES: readonly HostileCase[] = [
  {
    name: 'token file: /dev/zero is TOKEN_FILE_TOO_LARGE; nothing is asked of the platform',
    args: listWithTokenFile('/dev/zero'),
    env: noEnvToken,
    exit: 2,
    code: 'TOKEN_FILE_TOO_LARGE',
    requests: 0,
  },
  {
    name: 'token file: a 2 GiB file is TOKEN_FILE_TOO_LARGE without being read',
    make: (c) => sparse(c, 'huge.token', c.token, 2 * GIB),
    args: listWithTokenFile('huge.token'),
    env: noEnvToken,
    exit: 2,
    code: 'TOKEN_FILE_TOO_LARGE',
    requests: 0,
  },
  {
    name: 'token file: a FIFO nobody writes is TOKEN_FILE_EMPTY at once',
    make: (c) => fifo(c, 'token.fifo'),
    args: listWithTokenFile('token.fifo'),
    env: noEnvToken,
    exit: 2,
    code: 'TOKEN_FILE_EMPTY',
    requests: 0,
  },
  {
    name: 'token file: a FIFO whose writer stays silent is given up after a short wait (TOKEN_FILE_UNREADABLE)',
    make: (c) => fifo(c, 'token.fifo'),
    args: listWithTokenFile('token.fifo'),
    env: noEnvToken,
    // Held open for writing, as a stuck `<(command)` would be, never written.
    during: async (child, c) => {
      const writer = await openFifoWriter(c.at('token.fifo'), child);
      await exited(child);
      await writer.close();
    },
    exit: 2,
    code: 'TOKEN_FILE_UNREADABLE',
    requests: 0,
    check: ({ run }) => expect(run.stderr).toMatch(/no data within/),
  },
  {
    name: 'token file (succeeds): a pipe that carries the token works, as process substitution does',
    make: (c) => fifo(c, 'token.fifo'),
    args: listWithTokenFile('token.fifo'),
    env: noEnvToken,
    during: async (child, c) => {
      const writer = await openFifoWriter(c.at('token.fifo'), child);
      await writer.write(`${c.token}\n`);
      await writer.close();
    },
    exit: 0,
    check: ({ run }) => expect(run.stdout).toContain('201'),
  },
  {
    name: 'token file: two lines are TOKEN_INVALID naming the file, before any request, the lines not shown',
    make: (c) => write(c, 'two-lines.token', `${c.token}\n${c.token}-second\n`),
    args: listWithTokenFile('two-lines.token'),
    env: noEnvToken,
    exit: 2,
    code: 'TOKEN_INVALID',
    requests: 0,
    check: ({ run }) => expect(run.stderr).toMatch(/two-lines\.token[\s\S]*--token-file/),
  },
  {
    name: 'token file: a directory is TOKEN_FILE_UNREADABLE',
    make: (c) => mkdirSync(c.at('token.d')),
    args: listWithTokenFile('token.d'),
    env: noEnvToken,
    exit: 2,
    code: 'TOKEN_FILE_UNREADABLE',
    requests: 0,
  },
  {
    name: 'token: MGE_TOKEN with inner whitespace and a control character is TOKEN_INVALID naming MGE_TOKEN, not showing it',
    args: () => ['categories'],
    env: (c) => ({ MGE_TOKEN: `${c.token} part\u0001` }),
    exit: 2,
    code: 'TOKEN_INVALID',
    requests: 0,
    check: ({ run }) => expect(run.stderr).toContain('MGE_TOKEN'),
  },
  {
    name: 'token: MGE_TOKEN_FILE holding spaces is TOKEN_INVALID naming its path',
    make: (c) => write(c, 'spaced.token', `${c.token} with spaces\n`),
    args: () => ['projects'],
    env: (c) => ({ MGE_TOKEN: undefined, MGE_TOKEN_FILE: c.at('spaced.token') }),
    exit: 2,
    code: 'TOKEN_INVALID',
    requests: 0,
    check: ({ run, at }) => expect(run.stderr).toContain(at('spaced.token')),
  },
  {
    name: 'token file (succeeds): one line ending in a newline',
    make: (c) => write(c, 'ok.token', `${c.token}\n`),
    args: () => ['categories', '--json', '--token-file', 'ok.token'],
    env: noEnvToken,
    exit: 0,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toEqual(expect.any(Array)),
  },
  {
    name: 'token: --token on the command line (where ps shows it) is refused without echoing the value',
    args: (c) => ['templates', 'list', '--token', c.token],
    env: noEnvToken,
    exit: 2,
    code: 'USAGE',
    requests: 0,
  },
  {
    name: 'config: /dev/zero is CONFIG_FILE_TOO_LARGE',
    args: () => ['templates', 'list', '--config', '/dev/zero'],
    exit: 2,
    code: 'CONFIG_FILE_TOO_LARGE',
    requests: 0,
  },
  {
    name: 'config: a 2 GiB file is CONFIG_FILE_TOO_LARGE without being read',
    make: (c) => sparse(c, 'huge.yaml', 'rate: 5\n', 2 * GIB),
    args: () => ['templates', 'list', '--config', 'huge.yaml'],
    exit: 2,
    code: 'CONFIG_FILE_TOO_LARGE',
    requests: 0,
  },
  {
    name: 'config (succeeds): a FIFO nobody writes is an empty config, read at once',
    make: (c) => fifo(c, 'config.fifo'),
    args: () => ['templates', 'list', '--config', 'config.fifo'],
    exit: 0,
  },
  {
    name: 'config: a token written into it is refused (CONFIG_KEY_UNKNOWN with its own advice), its value not shown',
    make: (c) => write(c, 'mge.yaml', `rate: 5\ntoken: ${c.token}\n`),
    args: () => ['templates', 'list', '--config', 'mge.yaml'],
    exit: 2,
    code: 'CONFIG_KEY_UNKNOWN',
    requests: 0,
    check: ({ run }) => expect(run.stderr).toMatch(/unknown setting "token" \(the token never goes into a config file/),
  },
  {
    name: 'config: a base URL with a password is SETTING_INVALID, the password not shown',
    make: (c: CaseFiles) => write(c, 'mge.yaml', `base-url: https://curator:${c.token}@mgedata.example.cn\n`),
    args: () => ['templates', 'list', '--config', 'mge.yaml'],
    env: () => ({ MGE_BASE_URL: undefined }),
    exit: 2,
    code: 'SETTING_INVALID',
    requests: 0,
  },
  {
    name: 'config: half a megabyte of 50,000 unknown settings is SETTINGS_INVALID in seconds',
    make: (c) => {
      const lines: string[] = [];
      for (let size = 0; size < 512 * 1024 - 16; size += lines.at(-1)?.length ?? 0) lines.push(`k${lines.length}: 1\n`);
      write(c, 'many.yaml', lines.join(''));
    },
    args: () => ['templates', 'list', '--config', 'many.yaml'],
    exit: 2,
    code: 'SETTINGS_INVALID',
    requests: 0,
  },
  {
    name: 'config: a setting written twice is CONFIG_YAML_INVALID',
    make: (c) => write(c, 'twice.yaml', 'rate: 5\nrate: 6\n'),
    args: () => ['templates', 'list', '--config', 'twice.yaml'],
    exit: 2,
    code: 'CONFIG_YAML_INVALID',
    check: ({ run }) => expect(run.stderr).toMatch(/Map keys must be unique\n {2}at .*twice\.yaml:2:1/),
  },
  {
    name: 'config: a 1 KB alias bomb is only unknown settings, read at once',
    make: (c) => {
      const lines = ['a0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9]'];
      for (let i = 1; i < 8; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
      write(c, 'bomb.yaml', `${lines.join('\n')}\n`);
    },
    args: () => ['templates', 'list', '--config', 'bomb.yaml'],
    exit: 2,
    code: 'SETTINGS_INVALID',
    requests: 0,
    check: ({ run }) => expect(run.stderr.match(/unknown setting "a\d"/g)).toHaveLength(8),
  },
  {
    name: 'settings: plain http:// to another machine is BASE_URL_INSECURE before anything is sent, the token not shown',
    platform: 'none',
    args: () => ['templates', 'list'],
    env: () => ({ MGE_BASE_URL: 'http://mgedata.example.invalid' }),
    exit: 2,
    code: 'BASE_URL_INSECURE',
    check: ({ run }) => expect(run.stderr).toContain('--allow-insecure-http'),
  },
  {
    name: 'settings: --base-url with a password is SETTING_INVALID, the password not shown',
    platform: 'none',
    args: (c) => ['templates', 'list', '--base-url', `https://curator:${c.token}@mgedata.example.cn`],
    exit: 2,
    code: 'SETTING_INVALID',
  },
  {
    name: 'template file: /dev/zero is TEMPLATE_FILE_UNREADABLE without being read whole',
    args: () => ['validate', '--template-file', '/dev/zero', '--no-template-cache', '--mapping', 'mapping.yaml', 'input.csv'],
    exit: 2,
    code: 'TEMPLATE_FILE_UNREADABLE',
    requests: 0,
  },
  {
    name: 'template file: a 2 GiB file is TEMPLATE_FILE_UNREADABLE without being read whole',
    make: (c) => sparse(c, 'huge.json', '{"templates": [', 2 * GIB),
    args: () => ['validate', '--template-file', 'huge.json', '--no-template-cache', '--mapping', 'mapping.yaml', 'input.csv'],
    exit: 2,
    code: 'TEMPLATE_FILE_UNREADABLE',
    requests: 0,
  },
  {
    name: 'template file: fields nesting 20,000 deep are TEMPLATE_MALFORMED, not a stack overflow',
    make: (c) => write(c, 'deep.json', deepTemplateText(20_000)),
    args: () => ['validate', '--template-file', 'deep.json', '--no-template-cache', '--mapping', 'mapping.yaml', 'input.csv'],
    exit: 2,
    code: 'TEMPLATE_MALFORMED',
    requests: 0,
  },
  {
    name: 'template file: a FIFO nobody writes is TEMPLATE_FILE_UNREADABLE at once',
    make: (c) => fifo(c, 'template.fifo'),
    args: () => ['validate', '--template-file', 'template.fifo', '--no-template-cache', '--mapping', 'mapping.yaml', 'input.csv'],
    exit: 2,
    code: 'TEMPLATE_FILE_UNREADABLE',
    requests: 0,
  },
  ...[
    ['templates', 'show', '1e3'],
    ['templates', 'show', '0x10'],
    ['templates', 'show', '9007199254740993'],
    ['templates', 'show', '-1'],
    ['templates', 'show', '0'],
    ['templates', 'show', '1.5'],
    ['templates', 'list', '--category', '1e300'],
    ['init', '1e300'],
  ].map((args): HostileCase => ({
    name: `ids: ${args.join(' ')} is OPTION_INVALID (ids are positive whole numbers), nothing asked`,
    args: () => args,
    exit: 2,
    code: 'OPTION_INVALID',
    requests: 0,
  })),
  {
    name: 'settings (succeeds): validate offline needs no platform at all',
    platform: 'none',
    args: () => validate('input.csv'),
    exit: 0,
  },
];
