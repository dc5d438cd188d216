import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Manifest } from './backup.ts';

/*
 * The server's door for commands on the same machine (`npm run backup` while the server owns the
 * embedded database, which no second process may open): HTTP on a Unix socket in DATA_DIR, which
 * only the folder's owner can reach (mode 0600).
 */

export const CONTROL_SOCKET = 'rendezvous.sock';

/** A Unix socket's path holds about 100 bytes: a deeper DATA_DIR gets one in the temporary folder, named after it. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  const folder = path.resolve(dataDir);
  const inFolder = path.join(folder, CONTROL_SOCKET);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  return path.join(os.tmpdir(), `rendezvous-${createHash('sha256').update(folder).digest('hex').slice(0, 16)}.sock`);
}

export type ControlActions = { backup(outFile: string): Promise<Manifest> };

export async function openControlSocket(dataDir: string, actions: ControlActions): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  // This process owns the folder (data-dir-lock): a socket file here is a dead owner's.
  rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'No such call' });
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const out = (JSON.parse(text || '{}') as { out?: unknown }).out;
      if (typeof out !== 'string' || !path.isAbsolute(out)) return answer(400, { error: 'out must be an absolute path' });
      actions.backup(out).then(
        (manifest) => answer(200, { manifest }),
        (error: unknown) => answer(500, { error: (error as Error).message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** Asks the server that owns `dataDir` for a backup into `outFile`. */
export function backupThroughServer(dataDir: string, outFile: string): Promise<Manifest> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        const body = JSON.parse(text) as { manifest?: Manifest; error?: string };
        if (response.statusCode === 200 && body.manifest) resolve(body.manifest);
        else reject(new Error(body.error ?? `the server answered ${response.statusCode}`));
      });
    });
    request.on('error', reject);
    request.end(JSON.stringify({ out: outFile }));
  });
}
