import { z } from 'zod';

/** tzdb: the release of the zone rules the server places every date with. */
export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), tzdb: z.string() });
