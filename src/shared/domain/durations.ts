/** Lengths of time in milliseconds, for arithmetic on instants (a calendar day in a zone is time-zones.ts's). */
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
