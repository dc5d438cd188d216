import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * Serves the built PWA: precompressed (brotli, gzip) files, hashed assets cached as immutable,
 * the shell and service worker always revalidated, and index.html for every other page path.
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
      else if (NO_CACHE.has(name)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  const shell = (_request: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', shell);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0]!);
    if (!wantsPage) return reply.code(404).type('text/plain').send('Not found');
    return shell(request, reply);
  });
}
