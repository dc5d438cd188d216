import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupName } from '#server/platform/backup/backup.ts';
import { runCommand } from '#tests/support/commands.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';

/*
 * The commands as a person runs them, on real processes: `npm run backup` while the server owns the
 * embedded folder, `npm run restore` into a new folder, and a server whose database no longer
 * opens pointing at the newest backup and the command that restores it.
 */

const started: ServerProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-backup-cli-'));
  folders.push(made);
  return made;
};

async function server(dataDir: string): Promise<ServerProcess> {
  const running = await startServerProcess({ dataDir, quiet: true });
  started.push(running);
  return running;
}

const command = runCommand;

const member = (n: number) => ({ email: `restored-${process.pid}-${n}@example.com`, password: 'a long enough secret' });

async function register(url: string, n: number) {
  const answer = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountType: 'individual', ...member(n), name: `Member ${n}`, age: 40, gender: 'other', location: { city: 'Ottawa', country: 'Canada' } }),
  });
  expect(answer.status).toBe(201);
}

const signsIn = async (url: string, n: number) =>
  (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member(n)) })).status === 200;

describe('npm run backup and npm run restore (embedded database, real processes)', () => {
  it('backs up through the running server, restores into a new folder, and a damaged database names the backup that mends it', async () => {
    const first = folder();
    const running = await server(first);
    for (const n of [1, 2, 3]) await register(running.url, n);

    // The server owns the folder: the backup goes through it, and a restore there is refused.
    const file = path.join(folder(), 'nightly.tar.gz');
    const backup = await command('scripts/backup.ts', ['--out', file], first);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`The server (pid ${running.child.pid}) owns`);
    expect(backup.stdout.trim().split('\n').at(-1)).toBe(file);
    const refused = await command('scripts/restore.ts', [file], first);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use by another Rendezvous process');
    await running.stop();

    // Into a new, empty folder: the same members sign in (sessions do not come along).
    const second = folder();
    const restored = await command('scripts/restore.ts', [file], second);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the backup of .* into the embedded database in .*: \d+ rows and 0 files in [\d.]+ s\. Members sign in again\.\n$/);
    const again = await server(second);
    for (const n of [1, 2, 3]) expect(await signsIn(again.url, n)).toBe(true);
    await again.stop();

    // The database no longer opens: the server says so, and names the newest backup and the command.
    mkdirSync(path.join(second, 'backups'));
    const newest = path.join(second, 'backups', backupName(new Date()));
    copyFileSync(file, newest);
    const control = path.join(second, 'pglite', 'global', 'pg_control');
    expect(existsSync(control)).toBe(true);
    writeFileSync(control, Buffer.alloc(8192, 0x5a));
    const damaged = await command('src/server/main.ts', [], second);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain(`The embedded database in ${path.join(second, 'pglite')} could not be opened: it may be damaged (`);
    expect(damaged.stderr).toContain(`The newest backup is ${newest}. To restore it (the damaged folder is set aside, not deleted): npm run restore -- ${newest} --force`);

    const mended = await command('scripts/restore.ts', [newest, '--force'], second);
    expect(mended.code, mended.stderr).toBe(0);
    expect(readdirSync(second).some((name) => name.startsWith('pglite.replaced-'))).toBe(true);
    const back = await server(second);
    for (const n of [1, 2, 3]) expect(await signsIn(back.url, n)).toBe(true);
  }, 300_000);
});
