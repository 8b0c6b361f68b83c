import { SandboxRejection } from './sandbox-reply.js';

/**
 * A platform (or a proxy in front of it) that quotes the request's `Authorization` header in its error
 * detail, encoded, for tests that the token never shows in any form (docs/sandbox.md#rehearsing-trouble).
 */
export interface AuthorizationEcho {
  /**
   * - `plain`: the header value as sent (`Bearer <token>`);
   * - `base64`, `base64url`: of `prefix`, the header value and a CRLF, as a header block logged encoded;
   * - `hex`, `HEX`: the token's bytes in lower or upper case hex;
   * - `html`: the token as HTML character references, decimal and hex in turn.
   */
  readonly encoding: 'plain' | 'base64' | 'base64url' | 'hex' | 'HEX' | 'html';
  /** The answer's status: 4xx is the platform's 2102 "Bad data", 5xx its 500 "Internal server error". @default 422 */
  readonly status?: number | undefined;
  /** Text encoded before the header value in base64 (its length sets where the token falls in the encoding). @default '' */
  readonly prefix?: string | undefined;
}

function encoded(echo: AuthorizationEcho, header: string): string {
  const token = header.replace(/^Bearer\s+/i, '');
  switch (echo.encoding) {
    case 'plain':
      return header;
    case 'base64':
    case 'base64url':
      return Buffer.from(`${echo.prefix ?? ''}${header}\r\n`).toString(echo.encoding);
    case 'hex':
      return Buffer.from(token).toString('hex');
    case 'HEX':
      return Buffer.from(token).toString('hex').toUpperCase();
    case 'html':
      return [...token].map((c, i) => (i % 2 === 0 ? `&#${c.codePointAt(0)};` : `&#x${(c.codePointAt(0) ?? 0).toString(16)};`)).join('');
  }
}

/** The error envelope that quotes `header` as `echo` says. */
export function echoAuthorization(echo: AuthorizationEcho, header: string): SandboxRejection {
  const status = echo.status ?? 422;
  const detail = `request rejected; headers were: authorization=${encoded(echo, header)}`;
  return status >= 500
    ? new SandboxRejection(status, 500, 'Internal server error', detail)
    : new SandboxRejection(status, 2102, 'Bad data', detail);
}
