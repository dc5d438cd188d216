import { randomUUID } from 'node:crypto';
import { photos } from '#server/profiles/profiles.tables.ts';
import { createMember, updateMember, type MemberSpec, type TestMember } from './members.ts';
import type { TestApp } from './test-app.ts';

/** A verified member whose profile has everything booking needs (bio, an interest, a photo row). */
export async function bookableMember(t: TestApp, spec: Partial<MemberSpec> & { name: string }): Promise<TestMember> {
  const member = await createMember(t, { city: 'Vancouver', ...spec });
  await updateMember(t, member.id, { bio: 'Coffee first, then a walk.', interests: ['Coffee'] });
  await t.database.db.insert(photos).values({ userId: member.id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: t.clock.now() });
  return member;
}

/** A POST /bookings/request body that passes every rule. */
export function requestBody(slotId: string, overrides: Record<string, unknown> = {}) {
  return {
    availabilityId: slotId,
    requestMessage: 'Would love to meet you for a coffee!',
    proposedVenue: { name: 'Café Artigiano', address: '763 Hornby St', type: 'cafe', priceRange: '$$' },
    paymentResponsibility: { paidBy: 'requester' },
    ...overrides,
  };
}

/** A guest's request for a slot; the booking id. */
export async function requestSlot(t: TestApp, guest: TestMember, slotId: string): Promise<string> {
  const answer = await t.call('POST', '/bookings/request', { token: guest.token, body: requestBody(slotId) });
  if (answer.status !== 201) throw new Error(`request failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.booking._id;
}

/** A request the host accepted; the booking id. */
export async function confirmedBooking(t: TestApp, host: TestMember, guest: TestMember, slotId: string): Promise<string> {
  const id = await requestSlot(t, guest, slotId);
  const answer = await t.call('POST', `/bookings/${id}/respond`, { token: host.token, body: { action: 'confirm' } });
  if (answer.status !== 200) throw new Error(`confirm failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return id;
}
