import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A status a route may answer with the API's error shape, beyond those every route of its kind can give. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error statuses this route's own rules give (404, 409, 429…); the kind's are added by `errorStatusesOf`. */
    errors?: readonly ErrorStatus[];
    /** A multipart upload (read by the handler, so no body schema): its file field and how many files. */
    upload?: { field: string; files: number };
    /** The body may also come as text/plain (JSON in it): navigator.sendBeacon sends it so. */
    textBody?: boolean;
    /** The success answer is a file of this type, not JSON. */
    servesFile?: string;
  }
}

/** The one error shape of every API answer from 400 up (DESIGN "API error shape"). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** Only with 'Profile incomplete' (a booking request): the profile fields still needed (core-journey §8). */
  missing: z.array(z.string()).optional(),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid: `fields` names what is wrong.',
  401: 'No session, or the session has ended.',
  403: 'Not allowed: an unverified e-mail, a banned account, or not an admin.',
  404: 'No such record, or not one this member may see.',
  409: 'The request conflicts with the current state.',
  402: 'The card was declined.',
  410: 'Gone: the link or record has expired.',
  413: 'The request body is over the limit.',
  414: 'A path parameter is over 100 characters.',
  415: 'The body is not in a type this call reads.',
  422: 'The request is understood but cannot be carried out.',
  429: 'Too many requests: `Retry-After` says when to try again.',
  502: 'A service the call depends on did not answer.',
  503: 'The server cannot take the call right now.',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteShape = Pick<RouteOptions, 'method' | 'schema' | 'config'>;

/**
 * Every error status a route can answer: those every route of its kind gives (input read → 400,
 * path parameters → 414;
 * a member needed → 401 and 403; a body → 400, 413, 415) and those its own rules give
 * (`config.errors`). The published document and the API tests' answer check both read this.
 */
export function errorStatusesOf(route: RouteShape): number[] {
  const statuses = new Set<number>(route.config?.errors ?? []);
  const schema = route.schema ?? {};
  if (schema.querystring || schema.params || schema.body) statuses.add(400);
  // A path parameter over Fastify's 100 characters is refused before routing.
  if (schema.params) statuses.add(414);
  if (!route.config?.public) {
    statuses.add(401);
    statuses.add(403);
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => BODY_METHODS.has(method))) for (const status of [400, 413, 415]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The statuses a route's document lists: its success answers and its error statuses. */
export function documentedStatusesOf(route: RouteShape): Set<number> {
  const success = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).map(Number);
  return new Set([...success, ...errorStatusesOf(route)]);
}

const routesSeen = new WeakMap<FastifyInstance, RouteOptions[]>();
/** Every route registered after `registerOpenApi`, documented or not (the completeness test compares). */
export const routesOf = (app: FastifyInstance): readonly RouteOptions[] => routesSeen.get(app) ?? [];

/** The one WebSocket route (GET /api/realtime), as the document describes it. */
const LIVE_CONNECTION = {
  tags: ['realtime'],
  security: [],
  description:
    'The live connection (WebSocket). Its first message signs in (`{ type: "auth", token }`); then it carries the events of src/shared/api/realtime.ts both ways.',
  response: { 101: { description: 'Switching Protocols: the WebSocket is open.' } },
};

const errorJsonSchema = z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12' });

/**
 * The API's contract, generated from the zod schemas the routes validate and answer with:
 * `GET /api/openapi.json` (OpenAPI 3.1) and a reference to read and try it at `/api/docs`
 * (served by the server, outside the app's bundle and its service worker). Registered before the
 * routes, so it sees every one of them.
 */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  routesSeen.set(app, routes);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rendezvous API',
        version,
        description:
          'Every call of the Rendezvous app. Sign in with `POST /api/auth/login` and send its `token` as `Authorization: Bearer <token>`. Errors answer `{ error, fields? }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (document) => {
      const route = document.route as RouteShape & { websocket?: boolean };
      // @fastify/websocket hides its routes; the live connection is part of the contract all the same.
      if (route.websocket) return { url: document.url, schema: LIVE_CONNECTION };
      const { schema = {}, url } = jsonSchemaTransform(document);
      if ((schema as { hide?: boolean }).hide) return { schema, url };
      const guard = route.config?.guard;
      const config = route.config ?? {};
      const responses: Record<string, unknown> = { ...(schema as { response?: Record<string, unknown> }).response };
      if (config.servesFile) responses[200] = { description: `The file (${config.servesFile}).`, content: { [config.servesFile]: { schema: { type: 'string', contentMediaType: config.servesFile } } } };
      const upload = config.upload && {
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          properties: { [config.upload.field]: { type: 'array', maxItems: config.upload.files, items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
          required: [config.upload.field],
        },
      };
      for (const status of errorStatusesOf(route)) responses[status] = { description: ERROR_TEXT[status], ...errorJsonSchema };
      return {
        url,
        schema: {
          ...schema,
          ...upload,
          ...(config.textBody ? { consumes: ['application/json', 'text/plain'] } : {}),
          response: responses,
          tags: [url.split('/')[2] ?? 'api'],
          security: route.config?.public ? [] : [{ bearer: [] }],
          ...(guard === 'admin' || guard === 'verified' ? { description: guard === 'admin' ? 'Admins only.' : 'A verified e-mail is needed.' } : {}),
        },
      };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { url: '/api/openapi.json' } as object });
}

/**
 * The API tests' check that the document tells the truth: an answer whose status its route does
 * not list becomes a 500 naming it, so the test that met it fails.
 */
export function registerAnswerCheck(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || request.is404 || request.routeOptions.schema?.hide) return payload;
    if (documentedStatusesOf(request.routeOptions).has(reply.statusCode)) return payload;
    const message = `Undocumented answer: ${reply.statusCode} from ${request.method} ${request.routeOptions.url}`;
    request.log.error(message);
    reply.code(500).type('application/json');
    return JSON.stringify({ error: message, answer: String(payload) });
  });
}
