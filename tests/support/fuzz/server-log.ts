import { pino } from 'pino';

/**
 * The test app's error log, kept so a 500 the fuzzer meets can name its cause (the database's
 * "invalid input syntax for type uuid", a multipart parser's error…) and the line of
 * src/server that threw: two crashes with the same generic answer are then told apart.
 */
export type ServerError = { message: string; where: string | null };

function summarize(entry: { msg?: string; err?: { message?: string; stack?: string } }): ServerError {
  const stack = entry.err?.stack ?? '';
  const cause = /caused by: ([^\n]+)/.exec(stack)?.[1];
  const message = (cause ?? entry.err?.message ?? entry.msg ?? 'error')
    .split('\n')[0]!
    .replace(/"([^"]{32})[^"]{16,}"/g, (_, head: string) => `"${head}…"`)
    .slice(0, 300);
  const frame = /\/(src\/server\/[^\s):]+:\d+)/.exec(stack)?.[1] ?? null;
  return { message, where: frame };
}

export function createServerLog() {
  const errors: ServerError[] = [];
  const logger = pino(
    { level: 'error' },
    {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
          // The answer check's own line names the status, not a cause.
          if (!entry.err && entry.msg?.startsWith('Undocumented answer')) return;
          errors.push(summarize(entry));
        } catch {
          /* not a JSON line */
        }
      },
    },
  );
  return {
    /** For startTestApp({ logger }). */
    logger,
    /** The errors logged since the last call. */
    drain: (): ServerError[] => errors.splice(0),
  };
}

export type ServerLog = ReturnType<typeof createServerLog>;

/** A cause without the values that vary from one example to the next (quoted input, numbers). */
export const causeSignature = (error: ServerError) => `${error.message.replace(/"[\s\S]*"/, '"…"').replace(/\d+/g, 'N').slice(0, 120)} @ ${error.where ?? '?'}`;
