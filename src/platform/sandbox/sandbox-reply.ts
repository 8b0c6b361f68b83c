/** What a sandbox handler answers: a JSON envelope or a bare (HTML/empty) response, as the platform does (docs/platform.md#the-envelope, docs/platform.md#answers-that-are-not-json). */
export interface SandboxReply {
  readonly status: number;
  /** JSON value serialized as the body (`application/json; charset=utf-8`). */
  readonly json?: unknown;
  /** Raw body served as `text/html; charset=utf-8` (403 auth failures, Django 404/405 pages). */
  readonly html?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Thrown inside the sandbox's checks to answer with the platform's error envelope (docs/platform.md#errors). */
export class SandboxRejection extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly msg: string,
    readonly detail?: unknown,
  ) {
    super(`${code} ${msg}`);
  }
}

/** `{"code":0,"data":...}` with status 200 (201 for the submit). */
export function success(data: unknown, status = 200): SandboxReply {
  return { status, json: { code: 0, data: data === undefined ? null : data } };
}

/** The error envelope: `data` is `{}`, `error_detail` only when given. */
export function failure(rejection: SandboxRejection): SandboxReply {
  const body: Record<string, unknown> = { code: rejection.code, msg: rejection.msg, data: {} };
  if (rejection.detail !== undefined) body['error_detail'] = rejection.detail;
  return { status: rejection.status, json: body };
}

/** 2102 "Bad data" with a detail, the platform's most common rejection. */
export function badData(detail: string): SandboxRejection {
  return new SandboxRejection(422, 2102, 'Bad data', detail);
}

/** The catch-all of the platform's middleware: a non-MGE exception becomes 500 "Internal server error". */
export function internalError(detail: string): SandboxRejection {
  return new SandboxRejection(500, 500, 'Internal server error', detail);
}

export const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>Not Found</title></head><body><h1>Not Found</h1><p>The requested resource was not found on this server.</p></body></html>';
