import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseFolder } from '#server/platform/db/client.ts';
import { freePort } from './free-port.ts';
import { copyPgliteTemplate } from './pglite-template.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resolves once the process has exited, however it ended. */
  exited: Promise<void>;
  /** SIGTERM (a graceful close; SIGKILL after 10 s) unless it has already exited; then its DATA_DIR goes (unless it was given). */
  stop(): Promise<void>;
};

/**
 * The real product as `npm start` runs it (the built app + API, embedded database in a fresh
 * temp DATA_DIR), started as its own process; resolves once /api/health answers. Without demo
 * members unless `env` asks for them, so a browser test sees only the members it creates.
 */
export async function startServerProcess(
  options: {
    port?: number;
    smtpUrl?: string;
    env?: Record<string, string>;
    /** Drop the server's log (stdout). */
    quiet?: boolean;
    /** An existing DATA_DIR (a server started again on the same data); kept when it stops. */
    dataDir?: string;
    /** On an empty DATA_DIR, create and migrate the database as `npm start` on a fresh machine does, rather than copy the template. */
    realFirstStart?: boolean;
    /** Extra Node flags for the server process (e.g. `--cpu-prof`). */
    nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'rendezvous-e2e-'));
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // An empty DATA_DIR starts from the migrated template, as its first start would leave it.
  if (!options.realFirstStart && !options.env?.DATABASE_URL && !existsSync(embeddedDatabaseFolder(dataDir))) await copyPgliteTemplate(dataDir);
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DEMO_MEMBERS: '0',
      // Every member a test creates registers from 127.0.0.1: the production limit (5 an hour) would stop the suite.
      REGISTRATIONS_PER_IP: '10000',
      // Thousands of members register in the suites: their passwords are hashed at a test's cost.
      TEST_FAST_PASSWORDS: '1',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (!running()) throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before it was ready`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('server did not become ready within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    // Never leave a half-started server behind.
    if (running()) child.kill('SIGKILL');
    await exited;
    removeData();
    throw error;
  }

  return {
    url,
    port,
    dataDir,
    child,
    exited,
    async stop() {
      if (running()) child.kill('SIGTERM');
      // A graceful close that hangs (a connection that never ends) must not hang the suite.
      const deadline = setTimeout(() => running() && child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(deadline);
      removeData();
    },
  };
}
