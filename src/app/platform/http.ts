import ky, { HTTPError, TimeoutError } from 'ky';
import type { z } from 'zod';
import { API_PREFIX } from '#shared/api/api-prefix.ts';
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
let changesAsked = 0;
/** How many changes (any call but a GET) the app has asked the server for: what a kept answer may predate. */
export const changeCount = () => changesAsked;

export const api = ky.create({
  prefixUrl: API_PREFIX,
  timeout: API_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        if (request.method !== 'GET') changesAsked++;
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

/** The answer a shared response schema describes (`http.get<AnswerOf<typeof XResponseSchema>>`). */
export type AnswerOf<S extends z.ZodType> = z.output<S>;

type Options = { fallback?: string; searchParams?: Record<string, string | number | boolean> };

async function call<T>(run: () => Promise<unknown>, fallback: string): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    throw await toHttpError(error, fallback);
  }
}

/**
 * Typed calls: `T` is the answer's type (the shared schema's output, imported as a type). The
 * answer is not parsed here: the server checks every answer against that schema on the way out
 * (decision 54), and member pages need no schema library to read it.
 */
export const http = {
  get: <T>(path: string, options: Options = {}) =>
    call<T>(() => api.get(path.replace(/^\//, ''), { searchParams: options.searchParams }).json(), options.fallback ?? 'Something went wrong'),
  post: <T>(path: string, json?: unknown, options: Options = {}) =>
    call<T>(() => api.post(path.replace(/^\//, ''), { json: json ?? {} }).json(), options.fallback ?? 'Something went wrong'),
  put: <T>(path: string, json?: unknown, options: Options = {}) =>
    call<T>(() => api.put(path.replace(/^\//, ''), { json: json ?? {} }).json(), options.fallback ?? 'Something went wrong'),
  delete: <T>(path: string, json?: unknown, options: Options = {}) =>
    call<T>(() => api.delete(path.replace(/^\//, ''), { json }).json(), options.fallback ?? 'Something went wrong'),
};
