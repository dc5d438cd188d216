import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from './backup.ts';
import { backupThroughServer, controlSocketPath, openControlSocket } from './control-socket.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the server's control socket", () => {
  it('answers a backup request from a command on the same machine, only the folder owner may connect, and a deep DATA_DIR still works', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-control-'));
    folders.push(base);
    const deep = path.join(base, 'a-folder-name-that-is-rather-long'.repeat(3));
    mkdirSync(deep);
    for (const dataDir of [base, deep]) {
      const asked: string[] = [];
      const close = await openControlSocket(dataDir, {
        backup: async (out) => {
          asked.push(out);
          return { format: 'rendezvous-backup', tables: [], files: [] } as unknown as Manifest;
        },
      });
      try {
        const socket = controlSocketPath(dataDir);
        expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(100);
        expect(statSync(socket).mode & 0o777).toBe(0o600);
        expect((await backupThroughServer(dataDir, '/backups/nightly.tar.gz')).format).toBe('rendezvous-backup');
        await expect(backupThroughServer(dataDir, 'relative.tar.gz')).rejects.toThrow('out must be an absolute path');
        expect(asked).toEqual(['/backups/nightly.tar.gz']);
      } finally {
        await close();
      }
    }
    expect(controlSocketPath(base)).toBe(path.join(base, 'rendezvous.sock'));
    expect(controlSocketPath(deep).startsWith(os.tmpdir())).toBe(true);
  });
});
