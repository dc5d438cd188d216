import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusy, LOCK_FILE, lockDataDir, type Holder } from './data-dir-lock.ts';

const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-lock-'));
  folders.push(made);
  return made;
}

/** Another real process that tries to take the folder: prints 'locked' or the refusal, then stays until killed. */
async function otherProcess(dataDir: string): Promise<{ child: ChildProcess; said: string }> {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)};
    try { lockDataDir(${JSON.stringify(dataDir)}, 'npm start'); console.log('locked'); } catch (error) { console.log(error.message); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, said: chunk.toString().trim() };
}

const holderIn = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as Holder;

describe('one owner per data folder', () => {
  it('refuses a second owner while the first process lives, naming it and what to do', async () => {
    const dataDir = folder();
    const first = await otherProcess(dataDir);
    expect(first.said).toBe('locked');
    let refusal: unknown;
    try {
      lockDataDir(dataDir, 'npm run seed');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirBusy);
    expect((refusal as Error).message).toBe(
      `The data folder ${dataDir} is in use by another Rendezvous process: pid ${first.child.pid} (npm start), since ${holderIn(dataDir).since}. Stop it first, or set DATA_DIR to another folder.`,
    );
    // The refusal changed nothing: the first process still holds it.
    expect(holderIn(dataDir).pid).toBe(first.child.pid);
  });

  it('takes over from a process killed with SIGKILL, without any manual step', async () => {
    const dataDir = folder();
    const first = await otherProcess(dataDir);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const release = lockDataDir(dataDir, 'npm start');
    expect(holderIn(dataDir).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock from before a reboot, from a pid now used by another process, or left empty by a power loss', () => {
    const dataDir = folder();
    const file = path.join(dataDir, LOCK_FILE);
    lockDataDir(dataDir)();
    const release = lockDataDir(dataDir);
    const ours = holderIn(dataDir);
    release();
    // This process is alive, but none of these locks is its own.
    for (const stale of [JSON.stringify({ ...ours, bootId: 'another-boot' }), JSON.stringify({ ...ours, startTicks: '1' }), '']) {
      writeFileSync(file, stale);
      const taken = lockDataDir(dataDir);
      expect(readFileSync(file, 'utf8')).not.toBe(stale);
      expect(holderIn(dataDir).pid).toBe(process.pid);
      taken();
    }
  });

  it('never takes over from a live process, however long its lock has been quiet', async () => {
    const dataDir = folder();
    const first = await otherProcess(dataDir);
    const old = new Date(Date.now() - 24 * 3600_000);
    utimesSync(path.join(dataDir, LOCK_FILE), old, old);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirBusy);
    expect(holderIn(dataDir).pid).toBe(first.child.pid);
  });

  it('lets exactly one of several processes starting together take a stale lock', async () => {
    const dataDir = folder();
    const dead = await otherProcess(dataDir);
    dead.child.kill('SIGKILL');
    await once(dead.child, 'exit');
    const racers = await Promise.all(Array.from({ length: 4 }, () => otherProcess(dataDir)));
    const winners = racers.filter((racer) => racer.said === 'locked');
    expect(winners).toHaveLength(1);
    expect(holderIn(dataDir).pid).toBe(winners[0]!.child.pid);
    for (const loser of racers.filter((racer) => racer !== winners[0])) expect(loser.said).toContain(`pid ${winners[0]!.child.pid} (npm start)`);
  });

  it("a release leaves another process's lock alone", async () => {
    const dataDir = folder();
    const release = lockDataDir(dataDir);
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ ...holderIn(dataDir), pid: 1, since: 'later' }));
    release();
    expect(holderIn(dataDir).since).toBe('later');
  });
});
