import ky, { HTTPError, TimeoutError } from 'ky';
import type { z } from 'zod';
import { HttpError, type ApiErrorBody } from '#shared/http-error.ts';
import { reportReachable, reportUnreachable } from './connectivity.ts';
import { useSession } from './session.store.ts';

export const API_TIMEOUT_MS = 10_000;
export const OFFLINE_MESSAGE = "You're offline. Check your connection and try again.";

/**
 * The one HTTP client: base /api, 10 s timeout, the bearer token, and on any 401 the session
 * is cleared (the router's guards then send the member to /login). It throws HttpError with
 * the server's `error` text and `fields`; status 0 means the network failed.
 */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: API_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = useSession.getState().token;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // A gateway's "the server is not there" is no answer from the server.
        if (response.status === 502 || response.status === 503 || response.status === 504) reportUnreachable();
        else reportReachable();
        if (response.status === 401 && request.headers.has('authorization')) useSession.getState().clear();
      },
    ],
  },
});

export async function toHttpError(error: unknown, fallback: string): Promise<HttpError> {
  if (error instanceof HttpError) return error;
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    return typeof body?.error === 'string'
      ? new HttpError(error.response.status, body.error, Array.isArray(body.fields) ? body.fields : undefined)
      : new HttpError(error.response.status, fallback);
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    reportUnreachable();
    return new HttpError(0, OFFLINE_MESSAGE);
  }
  return new HttpError(0, fallback);
}

type Options = { fallback?: string; searchParams?: Record<string, string | number | boolean> };

async function call<T>(run: () => Promise<unknown>, schema: z.ZodType<T>, fallback: string): Promise<T> {
  let body: unknown;
  try {
    body = await run();
  } catch (error) {
    throw await toHttpError(error, fallback);
  }
  return schema.parse(body);
}

/** Typed calls: the response is parsed with the shared schema of that call. */
export const http = {
  get: <T>(path: string, schema: z.ZodType<T>, options: Options = {}) =>
    call(() => api.get(path.replace(/^\//, ''), { searchParams: options.searchParams }).json(), schema, options.fallback ?? 'Something went wrong'),
  post: <T>(path: string, schema: z.ZodType<T>, json?: unknown, options: Options = {}) =>
    call(() => api.post(path.replace(/^\//, ''), { json: json ?? {} }).json(), schema, options.fallback ?? 'Something went wrong'),
  put: <T>(path: string, schema: z.ZodType<T>, json?: unknown, options: Options = {}) =>
    call(() => api.put(path.replace(/^\//, ''), { json: json ?? {} }).json(), schema, options.fallback ?? 'Something went wrong'),
  delete: <T>(path: string, schema: z.ZodType<T>, json?: unknown, options: Options = {}) =>
    call(() => api.delete(path.replace(/^\//, ''), { json }).json(), schema, options.fallback ?? 'Something went wrong'),
};
