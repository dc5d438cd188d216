import type { FastifyInstance } from 'fastify';

/** Content-Security-Policy directives, camelCase names as helmet spells them. */
export type CspDirectives = Record<string, readonly string[]>;

const dashed = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The headers helmet's defaults send (with our CSP), written once. @fastify/helmet rebuilt its
 * middleware on every request (about 5 % of a browse request's server CPU) for headers that never
 * change; every answer now gets this one object.
 */
export function securityHeaders(csp: CspDirectives): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': Object.entries(csp)
      .map(([name, values]) => [dashed(name), ...values].join(' '))
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/** What still means something on a script, stylesheet or image: the rest govern documents. */
const ASSET_HEADERS = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];

/**
 * Every answer, from every route and error, carries `headers` (set first, so a route may still
 * override one) — except the build's hashed files under /assets/, which carry only ASSET_HEADERS:
 * a policy for documents is about 1.1 KB on each of the dozens of chunks a page loads, sent again
 * on every response over HTTP/1.1 (decision 58). The service worker's script keeps them all (a
 * worker's CSP is its own response's).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>) {
  const assetHeaders = Object.freeze(Object.fromEntries(ASSET_HEADERS.map((name) => [name, headers[name]!])));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/assets/') ? assetHeaders : headers);
    done();
  });
}
