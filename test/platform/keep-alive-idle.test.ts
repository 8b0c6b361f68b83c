import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTransport } from '../../src/platform/create-transport.js';

/**
 * A server that closes idle keep-alive connections after 2 s and says so (`Keep-Alive: timeout=2`,
 * as Node's and Apache's servers do with their 5 s), answering each request with an empty envelope.
 */
async function serverClosingIdleAfter2s(): Promise<{ server: Server; url: string; connections: () => number }> {
  let connections = 0;
  const server = createServer({ keepAliveTimeout: 2_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: {} }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

test.each([
  ['right after the last answer: the connection is reused', 100, 1],
  // The server closes it at 2 s; a POST written as it closes would be reset with an unknown outcome.
  ['1.5 s after the last answer, within a second of the server closing it: a new connection', 1_500, 2],
])('a request %s', async (_when, gapMs, connections) => {
  const { server, url, connections: opened } = await serverClosingIdleAfter2s();
  try {
    const send = createTransport({ baseUrl: url, token: 't', timeoutMs: 10_000 });
    await send('POST', 'dynamic/data', 'submit', { body: '{}', maxBytes: 1024 });
    await sleep(gapMs);
    await send('POST', 'dynamic/data', 'submit', { body: '{}', maxBytes: 1024 });
    expect(opened()).toBe(connections);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('an answer slower than the idle limit (4.5 s) still arrives: the limit is for unused connections', async () => {
  const server = createServer((req, res) => {
    req.resume();
    setTimeout(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: { id: 7 } }));
    }, 4_500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const send = createTransport({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', timeoutMs: 10_000 });
    await expect(send('POST', 'dynamic/data', 'submit', { body: '{}', maxBytes: 1024 })).resolves.toEqual({ data: { id: 7 }, status: 201 });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
