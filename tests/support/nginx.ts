import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';
/** The shipped configuration (docs/deploy.md): the site, and the locations it includes. */
export const SITE_CONF = path.join(root, 'deploy/nginx/rendezvous.conf');
export const LOCATIONS_CONF = path.join(root, 'deploy/nginx/rendezvous-locations.conf');

function nginxBinary(): string {
  if (!existsSync(NGINX)) execFileSync('bash', [path.join(root, 'scripts/ensure-system-packages.sh')], { stdio: 'inherit' });
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found after install`);
  return NGINX;
}

/**
 * The http-level part of the shipped site file (everything before its first `server` block: the
 * `map` and `upstream rendezvous`), its instance lines replaced by `upstreams`, each with the
 * parameters the shipped lines carry (max_fails, fail_timeout).
 */
export function shippedUpstream(upstreams: string[]): string {
  const site = readFileSync(SITE_CONF, 'utf8');
  const httpPart = site.slice(0, site.search(/^server\s*\{/m));
  const first = /^([ \t]*)server[ \t]+\S+([^;\n]*);[ \t]*\n/m.exec(httpPart);
  if (!first) throw new Error(`no instance (server …;) line in the upstream of ${SITE_CONF}`);
  const [, indent, parameters] = first;
  let written = false;
  return httpPart.replace(/^[ \t]*server[ \t]+\S+[^;\n]*;[ \t]*\n/gm, () => {
    if (written) return '';
    written = true;
    return upstreams.map((address) => `${indent}server ${address}${parameters};\n`).join('');
  });
}

/** Paths nginx would otherwise take from Debian's build (/var/lib/nginx, /run/nginx.pid), all in `dir`. */
const ownFiles = (dir: string) => `
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
`;
const ownHttpFiles = (dir: string) =>
  ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind}_temp;`).join('\n');

/**
 * `nginx -t` on the shipped site file as an operator installs it (the locations file under
 * snippets/), with a throw-away certificate in place of the Let's Encrypt paths. Throws nginx's
 * complaint.
 */
export function checkShippedConfig(): void {
  const bin = nginxBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-nginx-check-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=rendezvous.example.com', '-keyout', `${dir}/privkey.pem`, '-out', `${dir}/fullchain.pem`], { stdio: 'ignore' });
    mkdirSync(path.join(dir, 'snippets'));
    writeFileSync(path.join(dir, 'snippets/rendezvous-locations.conf'), readFileSync(LOCATIONS_CONF));
    const site = readFileSync(SITE_CONF, 'utf8').replace(/\/etc\/letsencrypt\/live\/[^/\s]+\//g, `${dir}/`);
    writeFileSync(path.join(dir, 'rendezvous.conf'), site);
    writeFileSync(path.join(dir, 'nginx.conf'), `${ownFiles(dir)}events {}\nhttp {\n${ownHttpFiles(dir)}\n    include rendezvous.conf;\n}\n`);
    const result = spawnSync(bin, ['-t', '-q', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`nginx -t refused ${SITE_CONF}:\n${result.stderr}${readFileSync(`${dir}/error.log`, 'utf8')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Nginx = {
  url: string;
  port: number;
  /** What nginx logged (warnings and errors). */
  errorLog(): string;
  stop(): Promise<void>;
};

/**
 * Debian's nginx in a temp dir, in front of `upstreams` (host:port), on plain HTTP on loopback: the
 * shipped `map` and `upstream` (shippedUpstream) and the shipped locations file as they are; only
 * the `server` block is the test's (no TLS, its own port, and `serverLines` added). One worker, so
 * the round robin over the instances is one sequence.
 */
export async function startNginx(options: { upstreams: string[]; port?: number; serverLines?: string[] }): Promise<Nginx> {
  const bin = nginxBinary();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temp folders it makes in here.
  chmodSync(dir, 0o755);
  const conf = `${ownFiles(dir)}
worker_processes 1;
daemon off;
events { worker_connections 512; }
http {
${ownHttpFiles(dir)}
    access_log off;

${shippedUpstream(options.upstreams)}
    server {
        listen 127.0.0.1:${port};
${(options.serverLines ?? []).map((line) => `        ${line}\n`).join('')}
        include ${LOCATIONS_CONF};
    }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const errorLog = () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : '');
  const child = spawn(bin, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

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
      if (running()) child.kill('SIGKILL');
      await exited;
      const log = `${stderr}${errorLog()}`;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog,
    async stop() {
      // SIGTERM: nginx's fast shutdown, open WebSockets included.
      if (running()) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
