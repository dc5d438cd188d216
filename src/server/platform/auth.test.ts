import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAuthHook, type Member } from './auth.ts';
import { registerErrorHandling } from './errors.ts';

const members: Record<string, Member> = {
  unverified: { id: '1', sessionId: 's1', email: 'u@x.co', isEmailVerified: false, isAdmin: false, isBanned: false },
  verified: { id: '2', sessionId: 's2', email: 'v@x.co', isEmailVerified: true, isAdmin: false, isBanned: false },
  admin: { id: '3', sessionId: 's3', email: 'a@x.co', isEmailVerified: true, isAdmin: true, isBanned: false },
  banned: { id: '4', sessionId: 's4', email: 'b@x.co', isEmailVerified: true, isAdmin: false, isBanned: true },
};

async function app() {
  const server = Fastify();
  registerErrorHandling(server);
  registerAuthHook(server, async (token) => members[token] ?? null);
  server.get('/open', { config: { public: true } }, async (request) => ({ member: request.member?.id ?? null }));
  server.get('/signed-in', async () => ({ ok: true }));
  server.get('/verified', { config: { guard: 'verified' } }, async () => ({ ok: true }));
  server.get('/admin', { config: { guard: 'admin' } }, async () => ({ ok: true }));
  return server;
}

async function status(url: string, token?: string) {
  const server = await app();
  const response = await server.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json() };
}

describe('the auth hook denies by default', () => {
  it('lets anyone through a public route, and still reads a session sent to it', async () => {
    expect(await status('/open')).toEqual({ status: 200, body: { member: null } });
    expect(await status('/open', 'verified')).toEqual({ status: 200, body: { member: '2' } });
  });

  it('needs a live session everywhere else', async () => {
    expect(await status('/signed-in')).toEqual({ status: 401, body: { error: 'Please log in to continue' } });
    expect((await status('/signed-in', 'forged')).status).toBe(401);
    expect((await status('/signed-in', 'unverified')).status).toBe(200);
  });

  it('answers 403 to an unverified member on verified-only routes', async () => {
    expect(await status('/verified', 'unverified')).toEqual({ status: 403, body: { error: 'Please verify your email address first' } });
    expect((await status('/verified', 'verified')).status).toBe(200);
  });

  it('answers 403 to members who are not admins on admin routes', async () => {
    expect((await status('/admin', 'verified')).status).toBe(403);
    expect((await status('/admin', 'admin')).status).toBe(200);
  });

  it('answers 403 to a banned member', async () => {
    expect(await status('/signed-in', 'banned')).toEqual({ status: 403, body: { error: 'This account has been banned' } });
  });
});
