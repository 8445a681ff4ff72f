import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { appFixture } from '../../test/app-fixture';

// Issue 28: what Node's HTTP parser refuses before Fastify sees a request (a request line over 16 KB, bytes that
// are no HTTP) is answered in the envelope, in Chinese, not with Node's or Fastify's English JSON.

const t = appFixture();
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/** Sends raw bytes and reads the answer until the server closes the connection. */
function raw(text: string): Promise<{ status: number; type: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const res = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = res.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        type: /content-type: ([^\r\n]*)/i.exec(head)?.[1] ?? '',
        body: JSON.parse(body),
      });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers a request line over 16 KB with 431 and the envelope in Chinese', async () => {
    const res = await raw(`GET /filter/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(res.body).toEqual({ code: 1, message: '请求地址或请求头过长', data: null });
  });

  it('answers bytes that are no HTTP request with 400 and the envelope', async () => {
    const res = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 1, message: '请求无效', data: null });
  });
});
