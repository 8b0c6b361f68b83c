import type { MethodsWidth } from './check-submission.js';
import type { SandboxCategory } from './sandbox-fixtures.js';
import type { RawTemplate } from './list-templates-page.js';
import type { ContentStrictness } from './walk-content.js';
import type { AuthorizationEcho } from './echo-authorization.js';

/** A token the sandbox accepts; with an `owner` the platform ignores `?username=` and uses the owner (docs/platform.md#who-the-record-is-uploaded-for). */
export interface SandboxToken {
  readonly token: string;
  readonly owner?: string | undefined;
}

export interface SandboxOptions {
  /** Raw API templates to serve; when given, `templatesFile` is not read. */
  readonly templates?: readonly RawTemplate[] | undefined;
  /** JSON file of templates: `{templates: [...]}`, a bare array, and optional `categories`/`projects`. @default samples/templates.json of the package */
  readonly templatesFile?: string | undefined;
  /** Category tree served by `material/category/tree`. @default built-in sample tree (or the templates file's `categories`) */
  readonly categories?: readonly SandboxCategory[] | undefined;
  /** Projects in the v2 shape. @default built-in samples (or the templates file's `projects`) */
  readonly projects?: readonly Record<string, unknown>[] | undefined;
  /** @default 0 (any free port) */
  readonly port?: number | undefined;
  /** @default 127.0.0.1 */
  readonly host?: string | undefined;
  /** Accepted bearer tokens. @default ['sandbox-token'] */
  readonly tokens?: readonly (string | SandboxToken)[] | undefined;
  /**
   * A token expires once this many records were stored with it (the platform's tokens expire after
   * 10 hours): later requests with it get the 403 of an unknown token. @default never
   */
  readonly expireTokenAfter?: number | undefined;
  /**
   * Called, before the answer is sent, with a token that just expired (`expireTokenAfter`): a test
   * rotates the token file there, as a secret store would. @default none
   */
  readonly onTokenExpired?: ((token: string) => void) | undefined;
  /** Append every stored record as one JSON line here (written before the answer is sent). */
  readonly storeFile?: string | undefined;
  /** Share of submits answered 502 or 503 (not stored). @default 0 */
  readonly failRate?: number | undefined;
  /** Share of submits answered 429 with `Retry-After`. @default 0 */
  readonly busyRate?: number | undefined;
  /** `Retry-After` seconds of `busyRate` and `busyFirst` answers. @default 1 */
  readonly retryAfterSeconds?: number | undefined;
  /** Send that `Retry-After` as an HTTP date (`retryAfterSeconds` after the sandbox's clock), as some proxies do. @default false */
  readonly retryAfterDate?: boolean | undefined;
  /** The first N requests the faults hit (see `faultsOn`) are answered 429, before any random fault. @default 0 */
  readonly busyFirst?: number | undefined;
  /** Share of submits whose connection is destroyed after the body was read, without an answer. @default 0 */
  readonly resetRate?: number | undefined;
  /** Share of submits stored and then answered 500 (the post-commit indexing failure of docs/platform.md#stored-then-500). @default 0 */
  readonly commitThenFailRate?: number | undefined;
  /**
   * Share of submits stored and then answered 201 with the id of the first record this sandbox stored
   * instead of their own: a platform or proxy that repeats an answer (the record is stored under an id
   * the client is not told). @default 0
   */
  readonly repeatIdRate?: number | undefined;
  /**
   * Answer every submit with an error whose detail quotes the request's `Authorization` header in an
   * encoding (base64, hex, HTML character references…), nothing stored: a server that echoes headers.
   * @default none
   */
  readonly echoAuthorization?: AuthorizationEcho | undefined;
  /** Delay before every answer, in milliseconds. @default 0 */
  readonly latencyMs?: number | undefined;
  /** Requests per second (fixed one-second windows, all endpoints); beyond it 429 with `Retry-After: 1`. @default unlimited */
  readonly maxRps?: number | undefined;
  /** Which endpoints the random faults hit. @default 'submit' */
  readonly faultsOn?: 'submit' | 'all' | undefined;
  /** Accepted `source.methods` widths. @default 'any' */
  readonly methodsWidth?: MethodsWidth | undefined;
  /** @default 'v2' */
  readonly contentStrictness?: ContentStrictness | undefined;
  /** Seed of the fault sequence. @default 1 */
  readonly seed?: number | undefined;
  /** Uploaded files (with or without `/media/`). @default the paths of the example submissions (test/validate/example-submissions.json) */
  readonly knownFiles?: readonly string[] | undefined;
  /** Every file under these prefixes exists. @default ['_fs/sandbox/'] */
  readonly knownFilePrefixes?: readonly string[] | undefined;
  /** Id of the first stored record; ids then increase by one. @default 1 */
  readonly firstId?: number | undefined;
  /** Clock for the rate limiter and `receivedAt`. @default Date.now */
  readonly now?: (() => number) | undefined;
}

/** One record as the sandbox stored it. */
export interface StoredRecord {
  readonly id: number;
  readonly username: string;
  /** What the platform keeps: `meta` as sent and `content` after the v2 walk (unknown keys dropped). */
  readonly body: { readonly meta: Record<string, unknown>; readonly content: Record<string, unknown> };
  /** The request body exactly as received. */
  readonly sent: unknown;
  readonly receivedAt: string;
}

export interface SandboxStats {
  readonly requests: number;
  readonly stored: number;
  /** Submits answered with an error envelope (4xx) or 403. */
  readonly rejected: number;
  /** 429 and 503 answers. */
  readonly busy: number;
  /** 500 and 502 answers (including commit-then-fail). */
  readonly failed: number;
  readonly resets: number;
  readonly byStatus: Readonly<Record<number, number>>;
}

export interface Sandbox {
  /** Base URL to give the client, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** A token the sandbox accepts. */
  readonly token: string;
  close(): Promise<void>;
  /** Replaces the accepted tokens from now on (a token revoked mid-run, for rehearsals and tests). */
  setTokens(tokens: readonly (string | SandboxToken)[]): void;
  records(): readonly StoredRecord[];
  stats(): SandboxStats;
}
