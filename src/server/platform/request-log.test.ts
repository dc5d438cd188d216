import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.ts';

/** `slowMs`: an answer under it is ordinary. /fast answers at once, but a busy machine may take tens of ms over its first answer. */
async function logOf(level: string, url: string, slowMs = 5_000) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, sink), logController: new RequestLog(slowMs) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  await app.inject({ url });
  await app.close();
  return lines.filter((line) => line.url).map(({ level: n, msg, method, url: u, statusCode }) => ({ level: n, msg, method, url: u, statusCode }));
}

describe('the request log', () => {
  it('writes nothing for an ordinary answer at the default level', async () => {
    expect(await logOf('info', '/fast')).toEqual([]);
  });

  it('writes one line per answer at debug', async () => {
    expect(await logOf('debug', '/fast?x=1')).toEqual([{ level: 20, msg: 'request', method: 'GET', url: '/fast?x=1', statusCode: 200 }]);
  });

  it('warns about a slow answer', async () => {
    expect(await logOf('info', '/slow', 30)).toEqual([{ level: 40, msg: 'slow request', method: 'GET', url: '/slow', statusCode: 200 }]);
  });
});
