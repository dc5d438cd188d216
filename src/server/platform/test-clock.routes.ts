import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from './clock.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export const TEST_CLOCK_PATH = '/test/clock';

const YEAR_MS = 366 * DAY_MS;

export const TestClockBodySchema = z.object({
  advanceMs: z
    .number({ error: 'advanceMs must be a number of milliseconds' })
    .int('advanceMs must be a whole number')
    .min(0, 'Time only moves forward')
    .max(YEAR_MS, 'At most a year at a time'),
});
export const TestClockResponseSchema = z.object({ now: z.string() });

/**
 * POST /api/test/clock {advanceMs}: moves the server's time forward for browser journeys.
 * Registered only when the process starts with TEST_CLOCK=1 (src/server/main.ts); otherwise
 * the path does not exist.
 */
export const testClockRoutes =
  (clock: AdjustableClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      TEST_CLOCK_PATH,
      { config: { public: true }, schema: { body: TestClockBodySchema, response: { 200: TestClockResponseSchema } } },
      async (request) => {
        clock.advance(request.body.advanceMs);
        return { now: clock.now().toISOString() };
      },
    );
  };
