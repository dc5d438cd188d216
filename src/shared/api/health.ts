import { z } from 'zod';

/** tzdb: the release of the zone rules the server places every date with. */
export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), tzdb: z.string() });

export const READY_PATH = '/ready';
/** 200 once the instance serves; 503 while it starts or drains, or when its database or storage fails (named in `failing`). */
export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
  failing: z.enum(['database', 'storage']).optional(),
});
