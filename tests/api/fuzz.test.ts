import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFuzzer, formatFinding, FUZZ_ADMIN_EMAILS } from '#tests/support/fuzz/fuzzer.ts';
import { createServerLog } from '#tests/support/fuzz/server-log.ts';
import { startTestApp } from '#tests/support/test-app.ts';

/**
 * The bounded pass of the API fuzzer inside `npm test` (the long one is `npm run fuzz`): every
 * operation of the published OpenAPI document, a few generated and mutated requests each, sent as
 * a verified member and as an admin (and without a session when public), every answer checked
 * against the document. A failure is shrunk by fast-check to the smallest request showing it.
 * FUZZ_RUNS and FUZZ_SEED (printed with each failure) repeat or widen a run; FUZZ_STRICT=1 adds the
 * check that a request the document calls invalid is not answered 2xx.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// The operations are read from the running app's document, so the app starts while the file is collected.
const serverLog = createServerLog();
const t = await startTestApp({ adminEmails: FUZZ_ADMIN_EMAILS, logger: serverLog.logger });
const fuzzer = await createFuzzer(t, { serverLog, strict: process.env.FUZZ_STRICT === '1' });
beforeAll(() => fuzzer.prepare(), 120_000);
afterAll(() => t.close());

describe('the API against its OpenAPI document, fuzzed', () => {
  it('GET /api/openapi.json answers the document', () => {
    expect(fuzzer.documentProblem).toBeUndefined();
    expect(fuzzer.operations.length).toBeGreaterThan(70);
  });

  for (const operation of fuzzer.operations) {
    // A WebSocket is not request-and-answer: its handshake is checked instead (WEBSOCKET_NOTE).
    it(operation.websocket ? `${operation.name} (WebSocket: handshake only)` : operation.name, { timeout: 90_000 }, async () => {
      const result = await fuzzer.fuzzOperation(operation, { runs: RUNS, seed: SEED, maxFindings: 2, timeLimitMs: 45_000 });
      if (result.findings.length > 0) throw new Error(`\n${result.findings.map(formatFinding).join('\n\n')}`);
      expect(result.tried).toBeGreaterThan(0);
    });
  }
});
