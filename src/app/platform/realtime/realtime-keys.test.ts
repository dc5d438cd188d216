import { describe, expect, it } from 'vitest';
import { availabilityKeys } from '#app/availability/availability.api.ts';
import { bookingKeys } from '#app/bookings/bookings.api.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { notificationKeys } from '#app/notifications/notifications.api.ts';
import { STALE_ON } from './apply-event.ts';

describe('realtime invalidates the features by their key roots', () => {
  it('each root it names is the root of that feature’s key factory', () => {
    const roots = new Set(Object.values(STALE_ON).flatMap((keys) => keys.map((key) => key[0])));
    const features = [availabilityKeys.all[0], bookingKeys.all[0], browseKeys.all[0], notificationKeys.all[0]];
    for (const root of features) expect(roots).toContain(root);
  });
});
