/** A socket may send this many messages per window; more closes it (REALTIME_CLOSE.tooManyMessages). */
export const FLOOD_LIMIT = { messages: 40, windowMs: 10_000 } as const;

export type FloodWindow = { windowStart: number; count: number };

// Wall time, not the injected clock: a test clock may stand still while a client floods.
export function newFloodWindow(): FloodWindow {
  return { windowStart: Date.now(), count: 0 };
}

/** Counts one message of the socket's; true once it sent more than the limit within the window. */
export function isFlooding(connection: { flood: FloodWindow }): boolean {
  if (Date.now() - connection.flood.windowStart > FLOOD_LIMIT.windowMs) connection.flood = newFloodWindow();
  connection.flood.count += 1;
  return connection.flood.count > FLOOD_LIMIT.messages;
}
