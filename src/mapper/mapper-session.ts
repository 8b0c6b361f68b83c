import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { profileColumn, type ColumnProfile } from '../mapping/header-match/column-profile.js';
import { proposeMapping } from '../mapping/header-match/propose-mapping.js';
import type { MappingProposal } from '../mapping/header-match/proposal-types.js';
import { loadMapping, MAX_MAPPING_BYTES } from '../mapping/load/load-mapping.js';
import { scaffoldMapping } from '../mapping/scaffold/scaffold-mapping.js';
import { fetchTemplate, type TemplateSource } from '../pipeline/job/fetch-template.js';
import { schemaLine } from '../pipeline/run-init.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { MethodsWidth } from '../template/record-types.js';
import type { Template } from '../template/template-types.js';
import { readBoundedFileSync } from '../util/read-bounded-file.js';
import { writeFileAtomically } from '../util/write-file-atomically.js';
import { applyMapperEdit } from './apply-mapper-edit.js';
import { columnViews } from './column-views.js';
import { fieldViews } from './field-views.js';
import type { CountsView, Json, MapperEdit, MapperState, SaveAnswer } from './mapper-api.js';
import { checkDraft, startCounts, type CheckContext, type CountsRun, type DraftCheck } from './mapper-checks.js';
import { MapperError } from './mapper-errors.js';
import { openMappingDraft, type MappingDraft } from './mapping-draft.js';
import { readInputSample, type InputSample } from './read-input-sample.js';
import { templateKeyOrder } from './template-key-order.js';

/** What the mapping page is opened on: one input, one mapping file (read if it exists, written on Save). */
export interface MapperSessionOptions {
  /** The input as the user named it (relative to `cwd`). */
  readonly input: string;
  /** The mapping file as the user named it: the only file the page writes. */
  readonly mappingFile: string;
  /** The template of a new mapping; for an existing one, it must be the one the mapping names. */
  readonly tid: number | undefined;
  /** How to read a new mapping's input (sheet, header rows), written as its `input:`. */
  readonly sourceOptions: SourceOptions;
  readonly cwd: string;
  readonly methodsWidth: MethodsWidth;
  readonly version: string;
  /** The commands to run next, shown on the page. */
  readonly next: readonly string[];
  /** Records previewed. @default 5 */
  readonly previewRows?: number;
}

/** The page's side of the session: the state to draw, the edits, the background counts, Save. */
export interface MapperSession {
  readonly template: Template;
  state(): MapperState;
  /** Applies the page's edits in order (all or none), checks the draft, and starts its counts. */
  edit(edits: readonly MapperEdit[]): Promise<MapperState>;
  /** The counts of the latest draft that checked out (undefined while it has mapping problems). */
  counts(): CountsView | undefined;
  /** Waits for the current counts to be complete. */
  settled(): Promise<void>;
  save(): Promise<SaveAnswer>;
  close(): void;
}

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
const texts = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** Reads the existing mapping (bounded), refusing text the page cannot edit. */
function readExisting(file: string, named: string): { text: string; tid: number; source: SourceOptions } {
  const text = readBoundedFileSync(file, { maxBytes: MAX_MAPPING_BYTES });
  try {
    const { spec } = loadMapping(text, named);
    return { text, tid: spec.template, source: spec.input };
  } catch (error) {
    throw new MapperError('MAPPER_MAPPING_UNREADABLE', `${named} cannot be opened in the page: ${(error as Error).message}`, {
      location: { file: named },
      hint: 'Fix it in a text editor (validate names the line), then open it in the page again.',
      cause: error,
    });
  }
}

/**
 * Opens the mapping page's session: the template, the input's header and first 1,000 rows with
 * `init`'s proposal for them, and the mapping, read from its file or written as `init` writes it.
 * Every check afterwards runs the stages of `preview` and `validate` on the text being edited.
 * @throws MapperError, the template's and the input's errors (exit 2).
 */
export async function openMapperSession(
  options: MapperSessionOptions,
  deps: { readonly template: TemplateSource; readonly clock?: () => number },
): Promise<MapperSession> {
  const clock = deps.clock ?? Date.now;
  const mappingPath = path.resolve(options.cwd, options.mappingFile);
  const existing = existsSync(mappingPath) ? readExisting(mappingPath, options.mappingFile) : undefined;
  if (existing !== undefined && options.tid !== undefined && options.tid !== existing.tid)
    throw new MapperError(
      'MAPPER_TEMPLATE_MISMATCH',
      `${options.mappingFile} is a mapping of template ${existing.tid}, not ${options.tid}`,
      {
        location: { file: options.mappingFile, field: '--template' },
        hint: `Leave out --template, or give another --mapping for a new mapping of template ${options.tid}.`,
      },
    );
  const tid = existing?.tid ?? options.tid;
  if (tid === undefined)
    throw new MapperError('MAPPER_NO_TEMPLATE', `${options.mappingFile} does not exist yet: give the template of the new mapping`, {
      location: { field: '--template' },
      hint: 'Add --template TID (see `mge-ingest templates list`).',
    });
  const { template } = await fetchTemplate(tid, deps.template);
  const source = existing?.source ?? options.sourceOptions;
  const sample: InputSample = await readInputSample(path.resolve(options.cwd, options.input), source);
  const proposal: MappingProposal = proposeMapping(template, sample);
  const profiles = new Map<string, ColumnProfile>(sample.names.map((n, i) => [n, profileColumn(sample.rows.map((r) => r[i] ?? null))]));
  const initText = (): string =>
    `${schemaLine(path.dirname(mappingPath))}\n${scaffoldMapping(template, { proposal, inputName: path.basename(options.input), input: source })}`;
  const draft: MappingDraft = openMappingDraft(existing?.text ?? initText(), templateKeyOrder(template));
  // Every check reads this template: the page was opened on it, and a platform is asked once.
  const ctx: CheckContext = {
    input: options.input,
    cwd: options.cwd,
    mappingFile: options.mappingFile,
    template: { client: { getTemplate: async () => template } },
    methodsWidth: options.methodsWidth,
    version: options.version,
    previewRows: options.previewRows ?? 5,
    clock,
  };
  let onDisk: string | undefined = existing?.text;
  let saved = existing?.text;
  let revision = 0;
  let counts: CountsRun | undefined = startCounts(draft.text(), ctx, revision, clock());
  let check: DraftCheck = await checkDraft(draft.text(), ctx);
  if (!check.ok) {
    counts.abort();
    counts = undefined;
  }
  let queue: Promise<unknown> = Promise.resolve();

  const state = (): MapperState => {
    const json = draft.json();
    const text = draft.text();
    return {
      revision,
      input: options.input,
      mappingFile: options.mappingFile,
      existing: existing !== undefined,
      template: { id: template.id, title: template.title, pubDate: template.pubDate },
      columns: columnViews(sample.names, sample.rows, profiles, json),
      fields: fieldViews({ template, content: isObject(json['content']) ? json['content'] : {}, proposal, profiles }),
      meta: isObject(json['meta']) ? json['meta'] : {},
      key: texts(json['key']),
      groupBy: texts(json['groupBy']),
      proposedKey: proposal.key === undefined ? undefined : { headers: proposal.key.headers, reason: proposal.key.reason },
      problems: check.problems,
      warnings: check.warnings,
      preview: check.preview,
      text,
      dirty: text !== saved,
      next: options.next,
    };
  };

  const edit = async (edits: readonly MapperEdit[]): Promise<MapperState> => {
    const startedAt = clock();
    let next = draft.json();
    for (const e of edits) next = applyMapperEdit(next, e, template);
    draft.replace(next);
    revision++;
    counts?.abort();
    counts = undefined;
    const text = draft.text();
    // The whole input is read at once, beside the check and preview: a draft with mapping problems
    // stops it before its first row, and a good one has its counts a check's time sooner.
    const run = startCounts(text, ctx, revision, startedAt);
    counts = run;
    check = await checkDraft(text, ctx);
    if (!check.ok) {
      run.abort();
      if (counts === run) counts = undefined;
    }
    return state();
  };

  return {
    template,
    state,
    // One edit at a time, in the order they came: each is checked against the draft the one before left.
    edit: (edits) => {
      const run = queue.then(() => edit(edits));
      queue = run.catch(() => undefined);
      return run;
    },
    counts: () => counts?.current(),
    settled: async () => {
      await queue;
      await counts?.ended;
    },
    save: async () => {
      const text = draft.text();
      const now = existsSync(mappingPath) ? await readFile(mappingPath, 'utf8') : undefined;
      if (now !== onDisk)
        throw new MapperError(
          'MAPPER_SAVE_CONFLICT',
          `${options.mappingFile} was changed by another program since the page read it: not saved`,
          {
            location: { file: options.mappingFile },
            hint: 'Copy what you need from the page, then restart the mapper to read the file as it is now.',
          },
        );
      await writeFileAtomically(mappingPath, text);
      onDisk = text;
      saved = text;
      return { file: options.mappingFile, bytes: Buffer.byteLength(text), next: options.next };
    },
    close: () => counts?.abort(),
  };
}
