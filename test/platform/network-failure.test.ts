import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkFailure } from '../../src/platform/network-failure.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';

describe('network failures read as sentences', () => {
  test('DNS: "could not resolve host <host>"', () => {
    const error = networkFailure(Object.assign(new Error('getaddrinfo ENOTFOUND nohost.invalid'), { code: 'ENOTFOUND' }), 'GET templates', {
      host: 'nohost.invalid',
    });
    expect(error.failure).toMatchObject({ reason: 'dns', requestSent: false });
    expect(error.message).toMatch(/^could not resolve host nohost\.invalid \(ENOTFOUND\)/);
    expect(error.message).not.toMatch(/connection dns/);
  });

  test('refused, over a real closed port: "connection refused by <host:port>"', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const error = await createPlatformClient({ baseUrl: `http://${host}`, token: 'tok', getRetries: 0 })
      .projects()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', failure: { reason: 'refused' } });
    expect((error as Error).message).toMatch(new RegExp(`^connection refused by ${host.replace(/\./g, '\\.')} \\(ECONNREFUSED\\)`));
  });
});
