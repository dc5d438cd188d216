import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import { LOCK_FILE } from '#server/platform/data-dir-lock.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { runCommand } from '#tests/support/commands.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';

/*
 * Real server processes (as `npm start` runs them) on one embedded data folder: one owner at a
 * time, a stale lock taken over after a crash, and nothing acknowledged ever lost.
 */

const STARTUP_MS = 120_000;
const started: ServerProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-owner-'));
  folders.push(folder);
  return folder;
}

/** A server on the folder; an empty one starts from the migrated template unless `realFirstStart`. */
async function server(dataDir: string, realFirstStart = false): Promise<ServerProcess> {
  const process_ = await startServerProcess({ dataDir, quiet: true, realFirstStart });
  started.push(process_);
  return process_;
}

/** A command on the folder: one that does not stop within 30 s has not refused. */
const run = (script: string, args: string[], dataDir: string) => runCommand(script, args, dataDir, 30_000);

let counter = 0;
/** Registers one member through the server; the address if the server acknowledged it (201). */
async function register(url: string): Promise<string | null> {
  const email = `kept-${process.pid}-${++counter}@example.com`;
  const answer = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountType: 'individual', email, password: 'a long enough secret', name: 'Kept', age: 40, gender: 'other', location: { city: 'Ottawa', country: 'Canada' } }),
  }).catch(() => null);
  return answer?.status === 201 ? email : null;
}

/** The addresses among `emails` that the folder's database holds, opened by this process once every server is gone. */
async function keptIn(dataDir: string, emails: string[]): Promise<string[]> {
  const database = openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    const rows = await database.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    return rows.map((row) => row.email).sort();
  } finally {
    await database.close();
  }
}

describe('one owner per embedded data folder (real processes)', () => {
  it('a second server and npm run seed on the same folder stop at once with the reason; the first keeps serving and keeps every write', async () => {
    const dataDir = dataFolder();
    // This start creates and migrates the database, as on a fresh machine.
    const first = await server(dataDir, true);
    const before = await Promise.all(Array.from({ length: 5 }, () => register(first.url)));

    const second = await run('src/server/main.ts', [], dataDir);
    expect(second.code).toBe(1);
    const named = `The data folder ${path.resolve(dataDir)} is in use by another Rendezvous process: pid ${first.child.pid}`;
    expect(second.stderr).toContain(named);
    expect(second.stderr).toContain('Stop it first, or set DATA_DIR to another folder.');
    const seed = await run('scripts/seed.ts', ['--members', '10'], dataDir);
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain(named);

    // The first server never noticed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 5 }, () => register(first.url)));
    const acknowledged = [...before, ...after].filter((email): email is string => email !== null);
    expect(acknowledged).toHaveLength(10);

    await first.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await keptIn(dataDir, acknowledged)).toEqual(acknowledged.toSorted());
  }, STARTUP_MS);

  it('survives SIGKILL and SIGTERM in the middle of concurrent writes: each restart takes the folder back and every acknowledged write is there', async () => {
    const dataDir = dataFolder();
    const acknowledged: string[] = [];
    for (const signal of ['SIGKILL', 'SIGTERM', 'SIGKILL'] as const) {
      const running = await server(dataDir);
      let writing = true;
      const writers = Array.from({ length: 6 }, async () => {
        while (writing) {
          const email = await register(running.url);
          if (email) acknowledged.push(email);
        }
      });
      // Kill it once writes are flowing, while more are in flight.
      const flowing = acknowledged.length + 10;
      while (acknowledged.length < flowing) await new Promise((resolve) => setTimeout(resolve, 20));
      running.child.kill(signal);
      await running.exited;
      writing = false;
      await Promise.all(writers);
      // A killed process leaves its lock behind; the next start takes it over by itself.
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(signal === 'SIGKILL');
      started.splice(started.indexOf(running), 1);
    }
    const last = await server(dataDir);
    expect((await fetch(`${last.url}/api/health`)).status).toBe(200);
    await last.stop();
    expect(await keptIn(dataDir, acknowledged)).toEqual(acknowledged.toSorted());
  }, 4 * STARTUP_MS);

  it('SIGTERM lets a request under way finish, then closes the database and lets the folder go', async () => {
    const dataDir = dataFolder();
    const running = await server(dataDir);
    const email = `in-flight-${process.pid}@example.com`;
    const body = JSON.stringify({ accountType: 'individual', email, password: 'a long enough secret', name: 'Late', age: 40, gender: 'other', location: { city: 'Ottawa', country: 'Canada' } });
    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request(`${running.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
      // The stop comes while the request is under way: its head has reached the server, its body has not.
      request.write(body.slice(0, 40));
      setTimeout(() => {
        running.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(40)), 200);
      }, 500);
    });
    expect(await answered).toBe(201);
    await running.exited;
    expect(running.child.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await keptIn(dataDir, [email])).toEqual([email]);
  }, STARTUP_MS);
});
