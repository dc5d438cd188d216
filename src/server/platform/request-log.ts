import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export const SLOW_REQUEST_MS = 500;

/**
 * Fastify's default writes two info lines per request, a large share of a cheap call's cost.
 * Here: nothing on arrival; on completion an error, or a slow answer at warn, and every answer
 * only at debug. Server errors are also logged where they are handled (platform/errors.ts).
 */
export class RequestLog extends LogController {
  private readonly slowMs: number;

  constructor(slowMs = SLOW_REQUEST_MS) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (ms >= this.slowMs) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request');
  }
}
