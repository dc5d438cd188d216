// npm start: builds the app when there is no build yet (or sources are newer), then serves the
// PWA and the API. Everything else comes from the environment (see README).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// npm scripts run on the Node that `npm ci` installs (the `node` package, see .nvmrc); an older
// runtime carries older time-zone rules and computes dates an hour off where a zone changed.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Rendezvous needs Node 24 or later; this is ${process.version}. Start it with \`npm start\` after \`npm ci\`, which uses the Node 24 that npm ci installs.`);
  process.exit(1);
}
const built = path.join(root, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/app', 'src/shared', 'sw', 'public'].map((dir) => path.join(root, dir));
const stale =
  !existsSync(built) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, 'index.html')).mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
