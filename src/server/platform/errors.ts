import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '#shared/http-error.ts';

/** A 429 that also tells the client when to come back. */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The API takes JSON bodies: the answer to any other kind (415), here and from the input guards. */
export const NOT_JSON = 'Send the request as JSON.';

const CONTEXT_PREFIX: Record<string, string> = { body: '', querystring: '', params: '', headers: 'header.' };

/**
 * The one error handler: validation → 400 with `fields`, domain errors → their status,
 * client mistakes Fastify detects (bad JSON, too large, bad media type) → their 4xx, the rest → 500.
 */
/**
 * Fastify's `frameworkErrors`: an address it refuses before routing (`/api/users/%FF`, a path
 * parameter over 100 characters) gets the API's error shape too.
 */
export function answerRefusedAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.statusCode === 414;
  void reply.code(tooLong ? 414 : 400).send({ error: tooLong ? 'The address is too long.' : 'The address is not valid.' });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = CONTEXT_PREFIX[error.validationContext ?? 'body'] ?? '';
      const fields = error.validation.map((issue) => ({
        field: prefix + (issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)'),
        message: issue.message ?? 'Invalid value',
      }));
      const unique = fields.filter((f, i) => fields.findIndex((g) => g.field === f.field) === i);
      return reply.code(400).send({ error: unique[0]?.message ?? 'Invalid request', fields: unique });
    }
    if (isResponseSerializationError(error) && 'cause' in error) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'The request is too large.' });
    if (status === 415) return reply.code(415).send({ error: NOT_JSON });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: 'The request body is not valid JSON.' });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

}
