import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { SandboxOptions } from '../../pipeline/serve-sandbox.js';
import type { CliIo } from '../cli-io.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand, type Args } from '../define-command.js';
import { choiceOption, numberOption, numeric } from '../parse-option.js';
import { EXIT } from '../exit-codes.js';

const rate = (args: Args, flag: string): number | undefined => numberOption(args[flag], flag, { min: 0, max: 1 });

/** argv → {@link SandboxOptions}, every value checked. */
export function sandboxOptions(args: Args, cwd: string): SandboxOptions {
  const methods = choiceOption(args['methods-width'], 'methods-width', ['3', '4', 'any']);
  const tokens = args['token'] === undefined ? undefined : ([] as unknown[]).concat(args['token']).map(String);
  return {
    port: numberOption(args['port'], 'port', { integer: true, min: 0, max: 65535 }),
    host: args['host'] === undefined ? undefined : String(args['host']),
    templatesFile: args['templates'] === undefined ? undefined : resolve(cwd, String(args['templates'])),
    storeFile: args['store'] === undefined ? undefined : resolve(cwd, String(args['store'])),
    tokens,
    failRate: rate(args, 'fail-rate'),
    busyRate: rate(args, 'busy-rate'),
    resetRate: rate(args, 'reset-rate'),
    commitThenFailRate: rate(args, 'commit-then-fail-rate'),
    repeatIdRate: rate(args, 'repeat-id-rate'),
    retryAfterSeconds: numberOption(args['retry-after'], 'retry-after', { integer: true, min: 0 }),
    retryAfterDate: args['retry-after-date'] === true ? true : undefined,
    busyFirst: numberOption(args['busy-first'], 'busy-first', { integer: true, min: 0 }),
    latencyMs: numberOption(args['latency'], 'latency', { min: 0 }),
    maxRps: numberOption(args['max-rps'], 'max-rps', { min: 1 }),
    methodsWidth: methods === undefined ? undefined : methods === 'any' ? 'any' : methods === '3' ? 3 : 4,
    contentStrictness: choiceOption(args['content-strictness'], 'content-strictness', ['v2', 'strict']),
    faultsOn: choiceOption(args['faults-on'], 'faults-on', ['submit', 'all']),
    seed: numberOption(args['seed'], 'seed', { integer: true }),
  };
}

/** `sandbox`: serves the sandbox platform until the signal aborts (Ctrl-C), then prints its counts. */
export async function runSandbox(options: SandboxOptions, io: CliIo, signal: AbortSignal, logger: Logger): Promise<number> {
  // Loaded on use: the sandbox (its handlers, the template parser) is no part of --help or the other commands.
  const { serveSandbox } = await import('../../pipeline/serve-sandbox.js');
  const stats = await serveSandbox(options, {
    signal,
    onListening: ({ url, token }) => {
      io.stdout.write(
        `Sandbox platform listening at ${url}\n` +
          `Use it with:  MGE_BASE_URL=${url} MGE_TOKEN=${token} mge-ingest templates list\n` +
          `(the sandbox token is not a secret; stop with Ctrl-C)\n`,
      );
      logger.info({ url, options: { ...options, tokens: undefined } }, 'sandbox started');
    },
  });
  io.stderr.write(
    `sandbox stopped: ${stats.requests} requests, ${stats.stored} records stored, ${stats.rejected} rejected, ${stats.busy} busy, ${stats.failed} failed, ${stats.resets} resets\n`,
  );
  return EXIT.ok;
}

export const sandboxCommand = defineCommand({
  command: 'sandbox',
  describe: 'run the local sandbox platform (the five API endpoints, with fault options for rehearsals)',
  settings: [],
  handlesSignal: true,
  builder: (y) =>
    y
      .option('port', numeric({ describe: 'port to listen on (0 = any free port)', default: 8700 }))
      .option('host', { type: 'string', describe: 'address to listen on', default: '127.0.0.1' })
      .option('templates', { type: 'string', describe: 'templates JSON file [default: samples/templates.json]' })
      .option('store', { type: 'string', describe: 'append every stored record to this JSON-lines file' })
      .option('token', { type: 'string', array: true, describe: 'accepted token (repeatable) [default: sandbox-token]' })
      .option('fail-rate', numeric({ describe: 'share of submits answered 502/503', group: 'Faults:' }))
      .option('busy-rate', numeric({ describe: 'share of submits answered 429 with Retry-After', group: 'Faults:' }))
      .option('retry-after', numeric({ describe: 'Retry-After seconds of busy answers [default: 1]', group: 'Faults:' }))
      .option('retry-after-date', { type: 'boolean', describe: 'send Retry-After as an HTTP date instead of seconds', group: 'Faults:' })
      .option('busy-first', numeric({ describe: 'answer the first N requests the faults hit 429', group: 'Faults:' }))
      .option('reset-rate', numeric({ describe: 'share of submits whose connection is dropped', group: 'Faults:' }))
      .option('commit-then-fail-rate', numeric({ describe: 'share of submits stored, then answered 500', group: 'Faults:' }))
      .option(
        'repeat-id-rate',
        numeric({ describe: "share of submits stored, then answered with the first stored record's id", group: 'Faults:' }),
      )
      .option('latency', numeric({ describe: 'delay before every answer (ms)', group: 'Faults:' }))
      .option('max-rps', numeric({ describe: 'requests per second before 429', group: 'Faults:' }))
      .option('faults-on', {
        type: 'string',
        describe: 'endpoints the random faults hit: submit | all [default: submit]',
        group: 'Faults:',
      })
      .option('seed', numeric({ describe: 'seed of the fault sequence [default: 1]', group: 'Faults:' }))
      .option('methods-width', {
        type: 'string',
        describe: 'accepted source.methods width: 3 | 4 | any [default: any]',
        group: 'Platform version:',
      })
      .option('content-strictness', {
        type: 'string',
        describe: 'v2 (drop unknown keys, store as sent) | strict (reject with 2102)',
        group: 'Platform version:',
      }),
  examples: [
    ['$0 sandbox', 'serve the sample templates on http://127.0.0.1:8700'],
    ['$0 sandbox --port 0 --store stored.jsonl', 'any free port; keep what was stored'],
    ['$0 sandbox --busy-rate 0.1 --reset-rate 0.02 --max-rps 20 --seed 42', 'rehearse an unreliable platform, repeatably'],
    ['$0 sandbox --methods-width 4 --content-strictness strict', 'a late-v2 server that rejects loose content'],
  ],
  files: (args) => ({ inputs: commandFile('--templates', args['templates']), outputs: commandFile('--store', args['store']) }),
  run: async (args, context) => runSandbox(sandboxOptions(args, context.io.cwd), context.io, context.signal, context.logger),
});
