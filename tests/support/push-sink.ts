import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PushRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer; at: number };

/** A self-signed certificate for 127.0.0.1, made by openssl for this run only. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-push-sink-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Stands in for a browser push service (FCM, Mozilla autopush…), and only for that: a real HTTPS
 * server on loopback that records each request and answers 201 (or what a test asks). `agent`
 * trusts its certificate and nothing else; the server gets it only in tests, through buildApp.
 */
export async function startPushSink() {
  const { key, cert } = selfSignedCertificate();
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const waiters: { match: (request: PushRequest) => boolean; resolve: (request: PushRequest) => void }[] = [];

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: PushRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks), at: Date.now() };
      received.push(entry);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(entry)) waiter.resolve(entry);
        else waiters.push(waiter);
      }
      response.writeHead(answers.get(entry.path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new https.Agent({ ca: cert, keepAlive: false });

  return {
    port,
    origin: `https://127.0.0.1:${port}`,
    /** The sink's certificate (PEM): what a client must trust to reach it. */
    cert,
    /** A fresh endpoint on the sink, as a push service hands one to a browser. */
    endpoint: (name: string) => `https://127.0.0.1:${port}/push/${name}`,
    agent,
    received,
    /** What the sink answers for this endpoint from now on (201 until told). */
    answer(endpoint: string, status: number) {
      answers.set(new URL(endpoint).pathname, status);
    },
    to: (endpoint: string) => received.filter((request) => request.path === new URL(endpoint).pathname),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushSink = Awaited<ReturnType<typeof startPushSink>>;
