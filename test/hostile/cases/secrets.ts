import { readdirSync, readFileSync } from 'node:fs';
import type { HostileCase, SeenRequest } from '../hostile-case.js';
import { silent, uploadsTo } from '../adversaries.js';
import { exited, ingest, write } from '../case-inputs.js';
import type { ServerResponse } from 'node:http';

/**
 * A printable token with the characters JSON and URL encoding change (a quote, a backslash, a slash,
 * a plus, an equals sign), so an echo in any encoding can be told from the token as sent.
 */
const AWKWARD_TOKEN = `tok"en\\with/slash+plus=eq-${Date.now().toString(36)}`;

/** Every form the request's token may be echoed in: as sent, JSON-escaped, URL-encoded, base64. */
function echoes(req: SeenRequest): string {
  const auth = req.headers.authorization ?? '';
  const token = auth.replace(/^Bearer /, '');
  return [
    auth,
    token,
    JSON.stringify(token).slice(1, -1),
    encodeURIComponent(token),
    Buffer.from(token).toString('base64'),
    Buffer.from(token).toString('base64url'),
  ].join(' | ');
}

/** Answers `status` with the platform's envelope whose msg and error_detail quote the request's token. */
function echoing(status: number, code: number) {
  return (req: SeenRequest, res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg: `failed for ${echoes(req)}`, error_detail: { header: echoes(req), [echoes(req)]: 'key too' } }));
  };
}

/** Every process's command line (what `ps` shows), read from /proc. */
function commandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      // Gone meanwhile.
    }
  }
  return lines;
}

/** A run waiting on the platform, and a look at the process list every 100 ms while it does. */
function psCase(): HostileCase {
  const looks = { scans: 0, found: 0 };
  return {
    name: 'secrets: while a submit waits on the platform, no command line on this machine holds the token (ps)',
    platform: { adversary: uploadsTo(silent) },
    make: (c) => write(c, 'token', `${c.token}\n`),
    args: () => ingest('input.csv', '--timeout', '2', '--concurrency', '1', '--max-uncertain-streak', '1'),
    env: (c) => ({ MGE_TOKEN: undefined, MGE_TOKEN_FILE: c.at('token') }),
    during: async (child, c) => {
      let running = true;
      void exited(child).then(() => (running = false));
      while (running) {
        looks.scans += 1;
        if (commandLines().some((line) => line.includes(c.token))) looks.found += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    exit: 3,
    code: 'UNCERTAIN_STREAK',
    sent: 1,
    check: () => {
      expect(looks.found).toBe(0);
      expect(looks.scans).toBeGreaterThan(5);
    },
  };
}

/** The token echoed back by servers, in logs and in `ps`: it must never show. */
export const SECRET_CASES: readonly HostileCase[] = [
  {
    name: 'secrets: rejections quoting the token in every encoding leave no trace in the report, the output or a debug log',
    token: AWKWARD_TOKEN,
    platform: { adversary: uploadsTo(echoing(422, 2102)) },
    args: () => ingest('input.csv', '--log-level', 'debug', '--log-file', 'debug.log', '--json'),
    exit: 1,
    sent: 5,
    check: (r) => {
      const failed = readFileSync(r.at('report.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"type":"failed"'));
      expect(failed).toHaveLength(5);
      for (const line of failed) expect(line).toContain('[redacted]');
    },
  },
  {
    name: 'secrets: a 500 whose msg and error_detail quote the Authorization header: PLATFORM_ERROR, the token scrubbed',
    token: AWKWARD_TOKEN,
    platform: { adversary: echoing(500, 500) },
    args: () => ['categories', '--log-level', 'debug', '--log-file', 'debug.log'],
    exit: 3,
    code: 'PLATFORM_ERROR',
  },
  {
    name: 'secrets: an HTML page quoting the header: PROTOCOL_ERROR, its snippet scrubbed',
    token: AWKWARD_TOKEN,
    platform: {
      adversary: (req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><body>${echoes(req)}</body></html>`);
      },
    },
    args: () => ['templates', 'show', '201', '--log-level', 'debug'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'secrets: a 403 quoting the token is TOKEN_REJECTED, nothing of it shown',
    token: AWKWARD_TOKEN,
    platform: { adversary: echoing(403, 403) },
    args: () => ingest('input.csv'),
    exit: 3,
    code: 'TOKEN_REJECTED',
  },
  psCase(),
];
