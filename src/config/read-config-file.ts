import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { firstDuplicateKey } from '../util/first-duplicate-key.js';
import { didYouMean } from '../util/did-you-mean.js';
import { BoundedReadError, readBoundedFileSync, readFailureText } from '../util/read-bounded-file.js';
import type { SettingProblem } from './setting-problem.js';

/** A config-file value with the line and column it was written at. */
export interface ConfigValue {
  readonly value: unknown;
  readonly row: number;
  readonly col: number;
}

export interface ConfigFileContents {
  readonly values: ReadonlyMap<string, ConfigValue>;
  readonly problems: readonly SettingProblem[];
}

/** Largest config file read (1 MiB): a config holds a dozen settings; more is the wrong file. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Unknown keys that get advice (a suggestion, or the known keys). A file of 50,000 unknown keys spent
 * seconds matching each against every known one, and printed the same list 50,000 times; past these,
 * a key is named alone.
 */
export const MAX_ADVISED_UNKNOWN_KEYS = 10;

/**
 * Reads a YAML config file into `key → value with position`. Unknown keys and YAML errors become
 * problems pointing at their line, so the caller can report them with every other settings problem.
 */
export function readConfigFile(
  file: string,
  knownKeys: ReadonlySet<string>,
  readFile: (path: string, maxBytes: number) => string = (p, maxBytes) => readBoundedFileSync(p, { maxBytes }),
): ConfigFileContents {
  let text: string;
  try {
    text = readFile(file, MAX_CONFIG_FILE_BYTES);
  } catch (error) {
    if (error instanceof BoundedReadError && error.reason === 'too-large') {
      return {
        values: new Map(),
        problems: [
          {
            code: 'CONFIG_FILE_TOO_LARGE',
            message: `the config file holds more than ${MAX_CONFIG_FILE_BYTES} bytes: it is not a config file`,
            location: { file },
          },
        ],
      };
    }
    return {
      values: new Map(),
      problems: [{ code: 'CONFIG_FILE_UNREADABLE', message: `cannot read the config file: ${readFailureText(error)}`, location: { file } }],
    };
  }
  const lineCounter = new LineCounter();
  // Repeated keys are found by firstDuplicateKey: yaml's own check is quadratic in a map's keys.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const at = (offset: number | undefined): { row: number; col: number } => {
    const pos = lineCounter.linePos(offset ?? 0);
    return { row: pos.line, col: pos.col };
  };
  // Later YAML errors are mostly echoes of the first one: report that one.
  const duplicate = document.errors.length === 0 ? firstDuplicateKey(document) : undefined;
  const errors = duplicate ? [{ message: 'Map keys must be unique', pos: [duplicate.range?.[0] ?? 0] }] : document.errors;
  const problems: SettingProblem[] = errors.slice(0, 1).map((error) => ({
    code: 'CONFIG_YAML_INVALID',
    message: `the config file is not valid YAML: ${error.message.split('\n')[0]}`,
    location: { file, ...at(error.pos[0]) },
  }));
  const values = new Map<string, ConfigValue>();
  if (problems.length > 0 || document.contents === null) return { values, problems };
  if (!isMap(document.contents)) {
    return {
      values,
      problems: [
        {
          code: 'CONFIG_NOT_A_MAP',
          message: 'the config file must be a YAML mapping of setting: value',
          location: { file, ...at(document.contents.range?.[0]) },
        },
      ],
    };
  }
  let unknown = 0;
  for (const pair of document.contents.items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const position = at(isScalar(keyNode) ? keyNode.range?.[0] : undefined);
    if (!knownKeys.has(key)) {
      unknown += 1;
      const hint = unknown <= MAX_ADVISED_UNKNOWN_KEYS ? unknownKeyHint(key, knownKeys) : '';
      problems.push({ code: 'CONFIG_KEY_UNKNOWN', message: `unknown setting "${key}"${hint}`, location: { file, ...position } });
      continue;
    }
    const valueNode = pair.value;
    const value = isScalar(valueNode) ? valueNode.value : valueNode === null ? null : (valueNode as { toJSON(): unknown }).toJSON();
    const where = isScalar(valueNode) && valueNode.range ? at(valueNode.range[0]) : position;
    values.set(key, { value, ...where });
  }
  return { values, problems };
}

/** The nearest known key (`baseUrl` → `base-url`), or the list of them; the token gets its own advice. */
function unknownKeyHint(key: string, knownKeys: ReadonlySet<string>): string {
  if (key === 'token') return ' (the token never goes into a config file: use token-file or MGE_TOKEN)';
  const [nearest] = didYouMean(key, knownKeys, 1);
  return nearest === undefined ? `; known: ${[...knownKeys].join(', ')}` : `; did you mean "${nearest}"?`;
}
