import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { systemClock } from '#server/platform/clock.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { createMailer } from '#server/platform/mail/mailer.ts';
import { folderStorage } from '#server/platform/storage.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS, parseAllowedHosts } from '#server/push/push-hosts.ts';
import { resolveVapidKeys } from '#server/push/vapid.ts';

describe('the embedded database (PGlite only)', () => {
  it('keeps members across a restart of the server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-restart-'));
    const start = async () => {
      const database = openPglite(path.join(dataDir, 'pglite'));
      await database.migrate();
      const app = await buildApp({
        database,
        clock: systemClock,
        mailer: createMailer({ from: 'x@y.z', outboxDir: path.join(dataDir, 'outbox'), log: pino({ level: 'silent' }) }),
        photoStorage: folderStorage(path.join(dataDir, 'photos')),
        publicUrl: 'http://localhost',
        adminEmails: new Set(),
        supportEmail: 'support@rendezvous.test',
        // As main.ts does: a VAPID pair generated into DATA_DIR on the first start, read on the next.
        push: {
          vapid: resolveVapidKeys({ fromEnv: undefined, dataDir, subject: 'mailto:ops@example.com' }).keys,
          allowedHosts: parseAllowedHosts(DEFAULT_PUSH_ALLOWED_HOSTS),
        },
      });
      return { app, stop: async () => (await app.close(), await database.close()) };
    };
    try {
      const first = await start();
      const registered = await first.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          accountType: 'individual',
          email: 'kept@example.com',
          password: 'a long enough secret',
          name: 'Kept',
          age: 40,
          gender: 'other',
          location: { city: 'Ottawa', country: 'Canada' },
        },
      });
      expect(registered.statusCode).toBe(201);
      const firstKey = (await first.app.inject({ url: '/api/push/vapid-public-key' })).json().publicKey;
      expect(Buffer.from(firstKey, 'base64url')).toHaveLength(65);
      await first.stop();

      const second = await start();
      const login = await second.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'kept@example.com', password: 'a long enough secret' } });
      expect(login.statusCode).toBe(200);
      const me = await second.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${registered.json().token}` } });
      expect(me.json().user.profile.location.city).toBe('Ottawa');
      // Devices subscribed with the first key still receive pushes: the pair is kept, not remade.
      expect((await second.app.inject({ url: '/api/push/vapid-public-key' })).json().publicKey).toBe(firstKey);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
