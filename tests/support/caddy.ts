import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CADDY = '/usr/bin/caddy';
/** The shipped configuration (docs/deploy.md). */
export const CADDYFILE = path.join(root, 'deploy/caddy/Caddyfile');

function caddyBinary(): string {
  if (!existsSync(CADDY)) execFileSync('bash', [path.join(root, 'scripts/ensure-system-packages.sh')], { stdio: 'inherit' });
  if (!existsSync(CADDY)) throw new Error(`${CADDY} not found after install`);
  return CADDY;
}

/** Caddy's own files (certificates, locks, the autosaved config) in `dir`, not /var/lib/caddy or $HOME. */
const ownFiles = (dir: string) => ({ ...process.env, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') });

/** Caddy's log lines at warn level or above (it logs JSON lines to stderr). */
const complaints = (log: string) =>
  log
    .split('\n')
    .filter((line) => /"level":"(warn|error|fatal)"/.test(line))
    .join('\n');

/**
 * The shipped Caddyfile as Caddy reads it (`caddy adapt`), with `env` set: its JSON. Throws
 * Caddy's error, or its warnings (an unformatted file, a deprecated directive).
 */
function adaptShipped(dir: string, env: Record<string, string>): CaddyConfig {
  const result = spawnSync(caddyBinary(), ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...ownFiles(dir), ...env } });
  if (result.status !== 0) throw new Error(`caddy adapt refused ${CADDYFILE}:\n${result.stderr}`);
  const warnings = complaints(result.stderr);
  if (warnings) throw new Error(`caddy adapt warned about ${CADDYFILE}:\n${warnings}`);
  return JSON.parse(result.stdout) as CaddyConfig;
}

/** `caddy validate` on the shipped Caddyfile as an operator installs it (its defaults: a real host name, automatic HTTPS). Throws Caddy's complaint. */
export function checkShippedConfig(): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-caddy-check-'));
  try {
    adaptShipped(dir, {});
    const result = spawnSync(caddyBinary(), ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], { encoding: 'utf8', env: ownFiles(dir) });
    if (result.status !== 0) throw new Error(`caddy validate refused ${CADDYFILE}:\n${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Handler = { handler: string; routes?: Route[]; headers?: { response?: { set?: Record<string, string[]> } } };
type Route = { handle?: Handler[] };
type CaddyConfig = {
  admin?: unknown;
  apps: { http: { servers: Record<string, { listen: string[]; routes: Route[] }> } };
};

function reverseProxies(routes: Route[]): Handler[] {
  return routes.flatMap((route) => (route.handle ?? []).flatMap((handler) => (handler.handler === 'reverse_proxy' ? [handler] : reverseProxies(handler.routes ?? []))));
}

export type Caddy = {
  url: string;
  port: number;
  /** What Caddy logged at warn level or above. */
  complaints(): string;
  stop(): Promise<void>;
};

/**
 * Debian's Caddy running the shipped Caddyfile, its site a plain-HTTP loopback address on a free
 * port (RENDEZVOUS_SITE) in front of `upstreams` (host:port, RENDEZVOUS_UPSTREAMS). The test's own
 * additions, made to the adapted JSON: no admin endpoint, the listener on loopback only, and
 * `responseHeaders` set on every answer an instance gave (placeholders such as
 * {http.reverse_proxy.upstream.hostport} allowed).
 */
export async function startCaddy(options: { upstreams: string[]; port?: number; responseHeaders?: Record<string, string> }): Promise<Caddy> {
  const bin = caddyBinary();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-caddy-'));
  let log = '';
  try {
    const config = adaptShipped(dir, { RENDEZVOUS_SITE: `http://127.0.0.1:${port}`, RENDEZVOUS_UPSTREAMS: options.upstreams.join(' ') });
    config.admin = { disabled: true, config: { persist: false } };
    const servers = Object.values(config.apps.http.servers);
    for (const server of servers) server.listen = [`127.0.0.1:${port}`];
    const proxies = servers.flatMap((server) => reverseProxies(server.routes));
    if (proxies.length !== 1) throw new Error(`expected one reverse_proxy in ${CADDYFILE}, found ${proxies.length}`);
    const set = Object.fromEntries(Object.entries(options.responseHeaders ?? {}).map(([name, value]) => [name, [value]]));
    proxies[0]!.headers = { ...proxies[0]!.headers, response: { ...proxies[0]!.headers?.response, set: { ...proxies[0]!.headers?.response?.set, ...set } } };
    writeFileSync(path.join(dir, 'caddy.json'), JSON.stringify(config));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const child = spawn(bin, ['run', '--config', path.join(dir, 'caddy.json')], { env: ownFiles(dir), stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    // SIGTERM: Caddy's graceful stop; open WebSockets are cut.
    if (running()) child.kill('SIGTERM');
    const deadline = setTimeout(() => running() && child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(deadline);
    rmSync(dir, { recursive: true, force: true });
  };

  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const deadline = Date.now() + 10_000;
  while (!(await accepts())) {
    if (!running() || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  return { url: `http://127.0.0.1:${port}`, port, complaints: () => complaints(log), stop };
}
