import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatusesOf, registerAnswerCheck, routesOf } from '#server/platform/openapi.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }>; security?: unknown[]; requestBody?: { content: Record<string, unknown> } };
let document: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };
beforeAll(async () => {
  t = await startTestApp();
  const answer = await t.call('GET', '/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => t.close());

/** Fastify's `/users/:id` as OpenAPI writes it: `/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** The API's own routes: the document itself is not one of its operations. */
const apiRoutes = () =>
  routesOf(t.app).flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json')
      .map((method) => ({ method: method.toLowerCase(), url: route.url, route })),
  );

describe('the published contract: GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, public, with bearer sign-in', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
  });

  it('lists every route the server answers, each with its success answer and its sign-in rule', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(70);
    const missing = routes.filter(({ method, url }) => !document.paths[openApiPath(url)]?.[method]).map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    for (const { method, url, route } of routes) {
      const operation = document.paths[openApiPath(url)]![method]!;
      const success = Object.keys(operation.responses).filter((status) => /^[12]\d\d$/.test(status));
      expect(success, `${method} ${url}`).not.toEqual([]);
      expect(operation.security, `${method} ${url}`).toEqual(route.config?.public ? [] : [{ bearer: [] }]);
    }
  });

  it('documents, for every route, each error status it can give, in the one error shape', () => {
    for (const { method, url, route } of apiRoutes()) {
      const operation = document.paths[openApiPath(url)]![method]!;
      for (const status of errorStatusesOf(route)) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema as { required?: string[] } | undefined;
        expect(schema?.required, `${method} ${url} ${status}`).toEqual(['error']);
      }
    }
  });

  it('describes a call as its zod schema reads it: the register body, the photo upload, a photo file', () => {
    const register = document.paths['/api/auth/register']!.post!;
    // An individual or a couple: one schema each, both asking for an e-mail and a password of at least 8.
    const body = register.requestBody!.content['application/json'] as { schema: { oneOf: { required: string[]; properties: { password: { minLength: number } } }[] } };
    expect(body.schema.oneOf).toHaveLength(2);
    for (const kind of body.schema.oneOf) {
      expect(kind.required).toEqual(expect.arrayContaining(['accountType', 'email', 'password']));
      expect(kind.properties.password.minLength).toBe(8);
    }
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415', '429']));
    expect(Object.keys(document.paths['/api/users/photos']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(document.paths['/api/photos/{file}']!.get!.responses['200']!.content!)).toEqual(['image/webp']);
    expect(document.paths['/api/admin/stats']!.get!.security).toEqual([{ bearer: [] }]);
  });

  it('in the API tests, an answer whose status its route does not document becomes a 500 naming it', async () => {
    const app = Fastify();
    registerAnswerCheck(app);
    const conflict = async () => {
      throw Object.assign(new Error('Taken'), { statusCode: 409 });
    };
    app.get('/api/undocumented', { config: { public: true }, schema: { response: { 200: { type: 'object' } } } }, conflict);
    app.get('/api/documented', { config: { public: true, errors: [409] }, schema: { response: { 200: { type: 'object' } } } }, conflict);
    const undocumented = await app.inject('/api/undocumented');
    expect(undocumented.statusCode).toBe(500);
    expect(undocumented.json().error).toBe('Undocumented answer: 409 from GET /api/undocumented');
    expect((await app.inject('/api/documented')).statusCode).toBe(409);
    await app.close();
  });
});

describe('the reference at /api/docs', () => {
  it('is a page of its own, served by the server with its scripts, reading the document', async () => {
    const page = await fetch(`${t.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="\.\/([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toContain('static/swagger-initializer.js');
    for (const script of scripts) {
      const asset = await fetch(`${t.url}/api/docs/${script}`);
      expect(asset.status, script).toBe(200);
      expect(asset.headers.get('content-type'), script).toMatch(/javascript/);
    }
    const initializer = await (await fetch(`${t.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('/api/openapi.json');
  });
});
