import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { photos } from '#server/profiles/profiles.tables.ts';
import { requestSlot } from '../bookings.ts';
import { OPEN_PREFERENCES, updateMember } from '../members.ts';
import { createSlot } from '../slots.ts';
import type { TestApp } from '../test-app.ts';

/**
 * What the fuzzer's requests point at: records that exist (a second member with slots, bookings
 * both ways, a notification, a photo, a restaurant), so a generated id is sometimes a real one and
 * the calls get past "not found". Ids the answers name are collected too (a light form of
 * Schemathesis's stateful links).
 */

export type Session = { id: string; token: string; email: string; password: string };

export type IdCategory = 'user' | 'slot' | 'booking' | 'notification' | 'photo' | 'file' | 'restaurant' | 'email' | 'other';

const KEPT_PER_CATEGORY = 40;

/** Known ids by kind: the fixtures' first, then the newest ones answers named. */
export class IdPools {
  private fixed = new Map<IdCategory, string[]>();
  private seen = new Map<IdCategory, string[]>();

  setFixed(category: IdCategory, ids: string[]) {
    this.fixed.set(category, [...new Set(ids)]);
  }

  addFixed(category: IdCategory, id: string) {
    const list = this.fixed.get(category) ?? [];
    if (!list.includes(id)) list.push(id);
    this.fixed.set(category, list);
  }

  add(category: IdCategory, id: string) {
    if (this.fixed.get(category)?.includes(id)) return;
    const list = (this.seen.get(category) ?? []).filter((known) => known !== id);
    list.unshift(id);
    this.seen.set(category, list.slice(0, KEPT_PER_CATEGORY));
  }

  list(category: IdCategory | 'any'): string[] {
    if (category === 'any') return [...new Set([...this.fixed.values(), ...this.seen.values()].flat())].filter((id) => !id.includes('@'));
    return [...(this.fixed.get(category) ?? []), ...(this.seen.get(category) ?? [])];
  }

  /** The `index`th known id of a kind (wrapping), or a uuid nobody has when none is known. */
  pick(category: IdCategory | 'any', index: number): string {
    const list = this.list(category);
    if (list.length === 0) return '6d0c4b8a-2f3e-4a1b-9c8d-7e6f5a4b3c2d';
    return list[index % list.length]!;
  }

  /** Collects the ids a successful answer names, by the key they sit under. */
  harvest(value: unknown, key = '') {
    const stack: [unknown, string, number][] = [[value, key, 0]];
    while (stack.length > 0) {
      const [node, under, depth] = stack.pop()!;
      if (depth > 8 || node === null || typeof node !== 'object') continue;
      if (Array.isArray(node)) {
        for (const item of node.slice(0, 50)) stack.push([item, under, depth + 1]);
        continue;
      }
      const record = node as Record<string, unknown>;
      const id = typeof record._id === 'string' ? record._id : typeof record.id === 'string' ? record.id : undefined;
      const category = categoryOfKey(under);
      if (id && category) this.add(category, id);
      if (category === 'photo' && typeof record.url === 'string') this.add('file', record.url.split('/').pop()!);
      for (const [child, inner] of Object.entries(record)) {
        if (typeof inner === 'string' && /^(userId|hostId|guestId|senderId|recipientId|requesterId|partnerId)$/.test(child)) this.add('user', inner);
        else if (typeof inner === 'string' && /^(availabilityId|slotId)$/.test(child)) this.add('slot', inner);
        else if (typeof inner === 'string' && child === 'bookingId') this.add('booking', inner);
        else stack.push([inner, child, depth + 1]);
      }
    }
  }
}

function categoryOfKey(key: string): IdCategory | null {
  const k = key.toLowerCase();
  if (/^(users?|members?|hosts?|guests?|requesters?|partners?|senders?|recipients?|otheruser|participants?|profile|likers?|nudgers?|from|with)$/.test(k)) return 'user';
  if (/^(slots?|availability|availabilities)$/.test(k)) return 'slot';
  if (/^bookings?$/.test(k)) return 'booking';
  if (/^notifications?$/.test(k)) return 'notification';
  if (/^photos?$/.test(k)) return 'photo';
  if (/^(restaurants?|banners?)$/.test(k)) return 'restaurant';
  return null;
}

/** The kind of record a named field or path parameter points at. */
export function categoryFor(path: string, name: string | undefined): IdCategory | 'any' | null {
  if (!name) return null;
  if (name === 'file') return 'file';
  if (/^(userId|recipientId|noShowUserId|hostId|guestId)$/.test(name)) return 'user';
  if (/^(availabilityId|slotId)$/.test(name)) return 'slot';
  if (name === 'restaurantId') return 'restaurant';
  if (name === 'photoId') return 'photo';
  if (name === 'bookingId') return 'booking';
  if (name === 'id') {
    const before = path.split(`/{${name}}`)[0]!.split('/').pop();
    switch (before) {
      case 'users':
        return 'user';
      case 'notifications':
        return 'notification';
      case 'availability':
        return 'slot';
      case 'bookings':
        return 'booking';
      case 'restaurants':
      case 'banners':
        return 'restaurant';
      case 'photos':
        return 'photo';
      default:
        return 'any';
    }
  }
  return /Id$/.test(name) ? 'any' : null;
}

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'garbage' | 'empty' | 'truncated' | 'svg' | 'oversize';
export const IMAGE_KINDS: ImageKind[] = ['jpeg', 'png', 'webp', 'gif', 'garbage', 'empty', 'truncated', 'svg', 'oversize'];

/** The bytes of each kind of upload the fuzzer sends: real small images, and things that are not. */
export async function makeImages(): Promise<Record<ImageKind, Uint8Array>> {
  const base = () => sharp({ create: { width: 48, height: 32, channels: 3, background: '#2e86de' } });
  const jpeg = await base().jpeg().toBuffer();
  return {
    jpeg,
    png: await base().png().toBuffer(),
    webp: await base().webp().toBuffer(),
    gif: await base().gif().toBuffer(),
    garbage: Buffer.from('just some words, not a picture at all'),
    empty: new Uint8Array(0),
    truncated: jpeg.subarray(0, Math.min(200, jpeg.length >> 1)),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    oversize: Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1, 7)]),
  };
}

export const FUZZ_PASSWORD = 'correct horse battery';

/** A verified member through the API (register, the mailed link, verify); 429s wait out their window on the test clock. */
export async function freshSession(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Session> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const member = await t.verifiedMember({ password: FUZZ_PASSWORD, ...overrides });
      return { id: member.user._id, token: member.token, email: member.email, password: member.password };
    } catch (error) {
      if (attempt < 2 && /\b429\b/.test(String(error))) {
        t.clock.advance(61 * 60 * 1000);
        continue;
      }
      throw error;
    }
  }
}

/** Bio, an interest and a photo row: what booking asks of both sides. */
async function makeBookable(t: TestApp, id: string) {
  await updateMember(t, id, { bio: 'Coffee first, then a walk.', interests: ['Coffee'] });
  await t.database.db.insert(photos).values({ userId: id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: t.clock.now() });
}

/** The member's profile as booking needs it (bio, an interest, a place, open preferences, a photo); a warning when it cannot be. */
export async function restoreMember(t: TestApp, member: Session): Promise<string | null> {
  const profile = {
    name: 'Fuzz Member',
    bio: 'Coffee first, then a walk.',
    interests: ['Coffee'],
    location: { city: 'Vancouver', country: 'Canada', coordinates: null },
    preferences: OPEN_PREFERENCES,
  };
  const saved = await t.call('PUT', '/users/profile', { token: member.token, body: { profile } });
  const me = await t.call('GET', '/auth/me', { token: member.token });
  if ((me.body?.user?.profile?.photos ?? []).length === 0) {
    await t.database.db.insert(photos).values({ userId: member.id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: t.clock.now() });
  }
  return saved.status === 200 ? null : `could not restore the member's profile: ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`;
}

let builds = 0;

/**
 * The records the fuzz member and admin can point at. Each step stands alone: one that fails (the
 * server is being changed too) is reported as a warning and the rest still run.
 */
export async function buildFixtures(t: TestApp, member: Session, admin: Session, pools: IdPools, images: Record<ImageKind, Uint8Array>): Promise<string[]> {
  const warnings: string[] = [];
  // A member's slots may not overlap: each build's slots start later than the last build's.
  const later = 4 * builds;
  builds += 1;
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      warnings.push(`fixture "${name}": ${cause ?? (error as Error).message.split('\n')[0]}`);
    }
  };
  const hosts: Session[] = [];
  await step('host member', async () => {
    const host = await freshSession(t, { name: 'Fuzz Host' });
    await makeBookable(t, host.id);
    await makeBookable(t, member.id);
    hosts.push(host);
  });
  pools.setFixed('user', [member.id, admin.id, ...hosts.map((host) => host.id)]);
  pools.setFixed('email', [member.email, admin.email, ...hosts.map((host) => host.email)]);
  const theHost = hosts[0];
  if (theHost) {
    const guest = { ...member, name: 'Fuzz Member', coordinates: [0, 0] as [number, number] };
    const hostMember = { ...theHost, name: 'Fuzz Host', coordinates: [0, 0] as [number, number] };
    await step('a slot of the host, booked by the member', async () => {
      const slot = await createSlot(t, theHost, { startsInHours: 72 + later, maxBookings: 3 });
      pools.addFixed('slot', slot);
      pools.addFixed('booking', await requestSlot(t, guest, slot));
    });
    await step('a slot of the member, booked by the host (a notification for the member)', async () => {
      const slot = await createSlot(t, member, { startsInHours: 98 + later, maxBookings: 2 });
      pools.addFixed('slot', slot);
      const booking = await requestSlot(t, hostMember, slot);
      pools.addFixed('booking', booking);
      const confirmed = await t.call('POST', `/bookings/${booking}/respond`, { token: member.token, body: { action: 'confirm' } });
      if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      const sent = await t.call('POST', '/messages/send', { token: member.token, body: { recipientId: theHost.id, content: 'See you there!' } });
      if (sent.status >= 300) throw new Error(`message: ${sent.status} ${JSON.stringify(sent.body)}`);
    });
    await step("the member's notifications", async () => {
      const answer = await t.call('GET', '/users/notifications', { token: member.token });
      if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
      pools.harvest(answer.body);
    });
  }
  await step('a photo of the member', async () => {
    const answer = await t.upload(member.token, [{ name: 'fuzz.jpg', bytes: images.jpeg, type: 'image/jpeg' }]);
    if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    for (const photo of (answer.body.photos ?? []) as { _id: string; url: string }[]) {
      pools.addFixed('photo', photo._id);
      pools.addFixed('file', photo.url.split('/').pop()!);
    }
  });
  await step('a restaurant', async () => {
    const answer = await t.call('POST', '/admin/restaurants', {
      token: admin.token,
      body: {
        name: 'Fuzz Bistro',
        address: { street: '1 Main St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
        banner: { text: 'Two for one', link: 'https://example.com/fuzz', isActive: true },
      },
    });
    if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    pools.harvest(answer.body);
    const id = (answer.body.restaurant?._id ?? answer.body._id) as string | undefined;
    if (id) pools.addFixed('restaurant', id);
  });
  return warnings;
}
