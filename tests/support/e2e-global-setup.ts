import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess } from './e2e-server.ts';
import { startSmtpSink } from './smtp-sink.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 47321);
/** Where the sink files each mail; a run on another port (E2E_PORT) keeps its own, so two runs never clear each other's. */
export const MAIL_DIR = path.resolve(import.meta.dirname, '../../.tmp', process.env.E2E_PORT ? `e2e-mails-${E2E_PORT}` : 'e2e-mails');
/** The one admin of the browser suite's server (ADMIN_EMAILS); only admin.spec.ts registers it. */
export const E2E_ADMIN_EMAIL = 'admin-e2e@example.com';

/**
 * One shared server for the browser suite, mailing to a real SMTP sink that files every message in
 * MAIL_DIR, with the adjustable clock (TEST_CLOCK=1): a journey can move the server's time forward
 * through POST /api/test/clock {advanceMs} (it answers the server's new `now`).
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const sink = await startSmtpSink({ dir: MAIL_DIR });
  const server = await startServerProcess({ port: E2E_PORT, smtpUrl: sink.url, env: { TEST_CLOCK: '1', ADMIN_EMAILS: E2E_ADMIN_EMAIL } });
  return async () => {
    await server.stop();
    await sink.close();
  };
}
