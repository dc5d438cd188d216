import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/*
 * One owner per data folder (docs/decisions/0067-data-folder-lock.md). The embedded database takes no
 * lock of its own, and two processes writing one folder corrupt it: every command that opens it
 * first holds DATA_DIR/rendezvous.lock. A lock whose process is gone (SIGKILL, power loss) is taken
 * over; one whose process is alive never is, however long it has been quiet.
 */

export const LOCK_FILE = 'rendezvous.lock';

/** Who holds a data folder: enough to tell whether that process is still alive, and to name it. */
export type Holder = {
  pid: number;
  command: string;
  since: string;
  /** This boot of the machine: a lock written before a reboot belongs to a process that is gone. */
  bootId: string | null;
  /** When the process started (clock ticks since boot): a pid reused by another process does not match. */
  startTicks: string | null;
};

export class DataDirBusy extends Error {
  readonly dataDir: string;
  readonly holder: Holder;

  constructor(dataDir: string, holder: Holder) {
    super(
      `The data folder ${dataDir} is in use by another Rendezvous process: pid ${holder.pid} (${holder.command}), since ${holder.since}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/PID/stat (after the command name, which may hold spaces and parentheses). */
function startTicksOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

function isAlive(holder: Holder): boolean {
  if (holder.bootId !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  return holder.startTicks === null || holder.startTicks === startTicksOf(holder.pid);
}

/** What started this process, as a person would type it. */
function commandOfThisProcess(): string {
  const event = process.env.npm_lifecycle_event;
  if (event) return event === 'start' || event === 'test' ? `npm ${event}` : `npm run ${event}`;
  return process.argv.slice(1).map((part) => path.basename(part)).join(' ');
}

function readHolder(file: string): Holder | null {
  const text = readText(file);
  try {
    return text ? (JSON.parse(text) as Holder) : null;
  } catch {
    return null;
  }
}

/** Writes `content` to `target` only if it does not exist, whole or not at all (a link is atomic). */
function createWhole(target: string, content: string): boolean {
  const draft = `${target}.${process.pid}.${Date.now()}.draft`;
  const fd = openSync(draft, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes the lock of a process that is gone (or one left unreadable by a power loss). One process
 * at a time does this (a second lock file guards it), and only if the lock is still the one it saw:
 * two processes starting together after a crash cannot both take it.
 */
function removeIfStill(file: string, seen: Holder | null) {
  const guard = `${file}.takeover`;
  if (!createWhole(guard, String(process.pid))) {
    const age = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) unlinkSync(guard);
    return;
  }
  try {
    const now = readHolder(file);
    const same = seen === null ? now === null && existsSync(file) : now?.pid === seen.pid && now.since === seen.since;
    if (same) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the data folder for this process, or throws `DataDirBusy` naming the process that has it.
 * Returns the release (also done when the process exits).
 */
export function lockDataDir(dataDir: string, command = commandOfThisProcess()): () => void {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const mine: Holder = { pid: process.pid, command, since: new Date().toISOString(), bootId: bootId(), startTicks: startTicksOf(process.pid) };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createWhole(file, JSON.stringify(mine))) {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        const now = readHolder(file);
        if (now?.pid === mine.pid && now.since === mine.since) unlinkSync(file);
      };
      process.on('exit', release);
      return release;
    }
    const holder = readHolder(file);
    if (holder !== null && isAlive(holder)) throw new DataDirBusy(folder, holder);
    removeIfStill(file, holder);
    // Another process may be taking over at this moment: give it a moment.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
  }
  throw new Error(`Could not take the lock on ${folder} (${file}): remove it if no Rendezvous process is running.`);
}

/**
 * For a command that opens the database: takes the embedded database's folder (nothing to take with
 * DATABASE_URL), or stops the process with the reason. Returns the release.
 */
export function holdDataDir(config: { databaseUrl: string | undefined; dataDir: string }): () => void {
  if (config.databaseUrl) return () => {};
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
