// Members for the benchmarks: made through the server's API, as the app would make them (the server
// runs without SMTP, so its mails are files in DATA_DIR/outbox), or signed in by writing their sessions.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { hashToken } from '../src/server/auth/tokens.ts';
import { addDays, todayIn } from '../src/shared/domain/time-zones.ts';
import type { ServerProcess } from '../tests/support/e2e-server.ts';

export type Registered = { token: string; user: { _id: string } };

/** One API call; anything but a 2xx throws with the answer. */
export async function call(server: ServerProcess, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A member in Vancouver (where demo members live), e-mail verified through the link the server wrote to its outbox. */
export async function verifiedMember(server: ServerProcess, name: string, gender: string): Promise<Registered> {
  const email = `bench-${name.toLowerCase()}-${Date.now()}@example.com`;
  const location = { city: 'Vancouver', country: 'Canada', coordinates: null };
  const member = (await call(server, 'POST', '/auth/register', null, { accountType: 'individual', email, password: 'a long enough secret', name, age: 31, gender, location })) as Registered;
  const outbox = path.join(server.dataDir, 'outbox');
  let token: string | null = null;
  for (const deadline = Date.now() + 15_000; !token && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      continue;
    }
    const mail = files.map((file) => readFileSync(path.join(outbox, file), 'utf8')).find((text) => text.includes(email) && text.includes('verify'));
    token = mail?.match(/[?&]token=([\w-]+)/)?.[1] ?? null;
  }
  if (!token) throw new Error(`no verification mail for ${email}`);
  await call(server, 'POST', '/auth/verify-email', null, { token });
  const { user } = (await call(server, 'GET', '/auth/me', member.token)) as { user: Registered['user'] };
  return { token: member.token, user };
}

/** The day `offset` days from today in Vancouver, as YYYY-MM-DD. */
export const vancouverDay = (offset: number): string => addDays(todayIn('America/Vancouver', new Date()), offset);

/** Signs members in as sign-in does, by writing a session for each (seeded members have no usable password). */
export async function signIn(client: pg.Client, ids: string[]): Promise<{ id: string; token: string }[]> {
  const members = ids.map((id) => ({ id, token: randomBytes(32).toString('base64url') }));
  await client.query(
    `insert into sessions (user_id, token_hash, created_at, expires_at)
     select m.id, m.hash, now(), now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as m(id, hash)`,
    [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
  );
  return members;
}
