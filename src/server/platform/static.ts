import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDERED_DIR, PRERENDERED_PAGES, prerenderedFileFor } from '#shared/prerendered-pages.ts';

const NO_CACHE = new Set(['sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * Serves the built PWA: precompressed (brotli, gzip) files, hashed assets cached as immutable,
 * the shell and service worker always revalidated; a prerendered public page for its own path,
 * and index.html (the empty shell) for every other page path.
 */
export async function registerStatic(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no built app found: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    // One route per built file, so an unknown /api/ path still reaches the API's JSON 404.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (name.endsWith('.html') || NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  const built = new Set(Object.values(PRERENDERED_PAGES).map((file) => `${PRERENDERED_DIR}/${file}`).filter((file) => existsSync(path.join(distDir, file))));
  const shell = (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerenderedFileFor(request.url.split('?')[0]!);
    return reply.header('cache-control', 'no-cache').sendFile(page && built.has(page) ? page : 'index.html');
  };
  app.get('/', shell);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0]!);
    if (!wantsPage) return reply.code(404).type('text/plain').send('Not found');
    return shell(request, reply);
  });
}

/**
 * CSP sources for the inline stylesheets of the shell and the prerendered pages (each carries its
 * styles so it paints without another request; scripts/prerender.ts), read from the build at start.
 */
export function inlineStyleHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of ['index.html', ...Object.values(PRERENDERED_PAGES).map((name) => `${PRERENDERED_DIR}/${name}`)]) {
    const page = path.join(distDir, file);
    if (!existsSync(page)) continue;
    for (const [, css] of readFileSync(page, 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
    }
  }
  return [...hashes];
}
