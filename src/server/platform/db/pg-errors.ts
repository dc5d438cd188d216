/** PostgreSQL error codes the services turn into answers. */
export const PG = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  exclusionViolation: '23P01',
} as const;

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}
