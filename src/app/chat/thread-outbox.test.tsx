import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxKeyOf, type OutboxChange } from '#shared/domain/outbox.ts';
import { requester } from '#app/bookings/test-fixtures.tsx';
import { useOutbox } from '#app/platform/outbox/outbox.ts';
import { useRealtimeStore } from '#app/platform/realtime/realtime.store.ts';
import { useSession } from '#app/platform/session.store.ts';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';
import { ThreadPage } from './thread-page.tsx';
import { ALEX, ME, message, requestsTo, threadPage } from './test-fixtures.tsx';

// jsdom has no IndexedDB: the outbox's store is a Map here.
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: unknown) => void stored.set(key, value),
  del: async (key: string) => void stored.delete(key),
  entries: async () => [...stored.entries()],
}));

let seq = 1;
const queued = (content: string, extra: Partial<OutboxChange> = {}): OutboxChange => ({
  id: crypto.randomUUID(),
  memberId: ME,
  seq: (seq += 1),
  kind: 'chat.send',
  method: 'POST',
  path: '/messages/send',
  body: { recipientId: ALEX, content, clientId: crypto.randomUUID() },
  label: 'Alex',
  createdAt: new Date().toISOString(),
  invalidates: [['chat']],
  state: 'waiting',
  ...extra,
});

function show(changes: OutboxChange[]) {
  for (const change of changes) stored.set(outboxKeyOf(change), change);
  useOutbox.setState({ memberId: ME, changes });
}

const log = () => screen.getByRole('log', { name: 'Messages with Alex' });
const bubble = (text: string) => within(log()).getByText(text).closest('li')!;

describe('the thread with queued messages', () => {
  beforeEach(() => {
    stored.clear();
    useSession.setState({ user: { ...requester(), _id: ME }, token: 'token' });
    useRealtimeStore.setState({ connected: false, online: new Set(), typing: {} });
  });
  afterEach(() => {
    cleanup();
    useOutbox.setState({ memberId: null, changes: [] });
  });

  it('shows a waiting message as waiting, and a refused one with the reason, Retry and Discard', async () => {
    const waiting = queued('On my way');
    const refused = queued('Are we still on?', { state: 'refused', refusal: { status: 403, error: 'Chat is only available for confirmed bookings' } });
    stubApi(async (path) => (path.startsWith('/api/messages/conversation/') ? [200, threadPage([message({ from: ALEX, content: 'Hi Sam!' })])] : [200, {}]));
    show([waiting, refused]);
    await renderWithRouter(() => <ThreadPage userId={ALEX} />, `/messages/${ALEX}`);
    await screen.findByRole('log', { name: 'Messages with Alex' });

    expect(await within(log()).findByText('On my way')).toBeTruthy();
    expect(bubble('On my way').textContent).toContain('Waiting to send…');
    const refusedBubble = bubble('Are we still on?');
    expect(within(refusedBubble).getByRole('alert').textContent).toContain('Not sent: Chat is only available for confirmed bookings');

    await userEvent.click(within(refusedBubble).getByRole('button', { name: /^Discard/ }));
    await waitFor(() => expect(within(log()).queryByText('Are we still on?')).toBeNull());
    expect([...stored.values()].map((change) => (change as OutboxChange).id)).toEqual([waiting.id]);
  });

  it('Retry sends a refused message again with its same Idempotency-Key and clientId', async () => {
    const refused = queued('Try me again', { state: 'refused', refusal: { status: 409, error: 'Nope' } });
    const requests = stubApi(async (path, request) => {
      if (path === '/api/messages/send') {
        const body = (await request.clone().json()) as { content: string; clientId: string };
        return [201, { message: message({ from: ME, content: body.content, clientId: body.clientId }) }];
      }
      return path.startsWith('/api/messages/conversation/') ? [200, threadPage([])] : [200, {}];
    });
    show([refused]);
    await renderWithRouter(() => <ThreadPage userId={ALEX} />, `/messages/${ALEX}`);
    await screen.findByRole('log', { name: 'Messages with Alex' });

    await userEvent.click(await within(log()).findByRole('button', { name: /^Retry/ }));
    await waitFor(() => expect(requestsTo(requests, '/api/messages/send', 'POST')).toHaveLength(1));
    const [send] = requestsTo(requests, '/api/messages/send', 'POST');
    expect(send!.headers.get('idempotency-key')).toBe(refused.id);
    expect(await send!.clone().json()).toEqual(refused.body);
    await waitFor(() => expect((stored.get(outboxKeyOf(refused)) as OutboxChange).state).toBe('sent'));
    await waitFor(() => expect(useOutbox.getState().changes).toEqual([]));
  });
});
