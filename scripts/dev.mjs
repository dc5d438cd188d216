// npm run dev: the API on API_PORT (default 8081) and Vite's dev server with /api proxied to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8081';
const api = spawn(process.execPath, ['--watch', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
});
const vite = spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` } });
const stop = () => {
  api.kill();
  vite.kill();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
api.on('exit', stop);
vite.on('exit', stop);
