import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '#server/platform/db/client.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export const TEMPLATE_DB = 'rendezvous_template';

function postgresBin(): string {
  const find = () => readdirSync('/usr/lib/postgresql').sort().reverse().map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(`${dir}/initdb`));
  let bin = existsSync('/usr/lib/postgresql') ? find() : undefined;
  if (!bin) {
    execFileSync('bash', [path.resolve('scripts/ensure-system-packages.sh')], { stdio: 'inherit' });
    bin = find();
  }
  if (!bin) throw new Error('PostgreSQL binaries not found after install');
  return bin;
}

/** `pid`: the postmaster's (its backends are its children). */
export type Cluster = { url: string; logFile: string; pid: number; stop(): void };

/**
 * A throw-away PostgreSQL cluster in a temp dir, run as the postgres user (initdb refuses root).
 * `settings` adds server settings (`name=value`) to the command line.
 */
export async function startCluster(options: { settings?: string[] } = {}): Promise<Cluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-pg-'));
  chmodSync(dir, 0o777);
  const asPostgres = (cmd: string, args: string[]) => {
    const isRoot = process.getuid?.() === 0;
    const result = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { encoding: 'utf8' })
      : spawnSync(`${bin}/${cmd}`, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  const port = await freePort();
  const extra = (options.settings ?? []).map((setting) => ` -c ${setting}`).join('');
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  asPostgres('pg_ctl', [
    '-D', data, '-l', logFile, '-w', 'start',
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${extra}`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile,
    pid: Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One PostgreSQL server for the whole API run, with a migrated template database to clone per test file. */
export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_DATABASE_URL ? null : await startCluster();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const template = openPostgres(templateUrl.toString());
  await template.migrate();
  await template.close();
  await admin.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
  return () => cluster?.stop();
}
