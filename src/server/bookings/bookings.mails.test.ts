import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/domain/profile.ts';
import { bookingMail, reminderAt, type BookingMailFacts } from './bookings.mails.ts';

const now = new Date('2026-11-25T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);

describe('reminderAt', () => {
  it('is 24 hours before the date, at once when the date is nearer but over 2 hours away, else never', () => {
    expect(reminderAt(inHours(48), now)).toEqual(inHours(24));
    expect(reminderAt(inHours(24.01), now)).toEqual(inHours(0.01));
    expect(reminderAt(inHours(24), now)).toEqual(now);
    expect(reminderAt(inHours(2.01), now)).toEqual(now);
    expect(reminderAt(inHours(2), now)).toBeNull();
  });
});

describe('bookingMail', () => {
  const person = (name: string) => ({
    name,
    email: `${name.toLowerCase()}@example.com`,
    emailVerifiedAt: now,
    accountStatus: 'active',
    isBanned: false,
    notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
  });
  const facts = (status: BookingMailFacts['booking']['status'], startsAt = inHours(20)): BookingMailFacts => ({
    booking: {
      hostId: 'host-id',
      guestId: 'guest-id',
      status,
      startsAt,
      requestMessage: '',
      responseMessage: null,
      proposedVenue: { name: '', address: '', type: '', priceRange: '' },
      cancelReason: null,
    },
    slot: { date: '2026-11-26', startTime: '08:00', endTime: '09:30', zoneLabel: 'MST' },
    host: person('Hana'),
    guest: person('Gil'),
  });
  const url = 'https://rendezvous.example';

  it('writes each kind to its party, and nothing once what it says is no longer true', () => {
    expect(bookingMail({ bookingId: 'b', kind: 'newBooking', to: 'host' }, facts('pending'), now, url)).toMatchObject({
      to: 'hana@example.com',
      subject: 'New booking request from Gil',
    });
    expect(bookingMail({ bookingId: 'b', kind: 'newBooking', to: 'host' }, facts('declined'), now, url)).toBeNull();
    expect(bookingMail({ bookingId: 'b', kind: 'bookingConfirmed', to: 'guest' }, facts('cancelled'), now, url)).toBeNull();
    expect(bookingMail({ bookingId: 'b', kind: 'bookingReminder', to: 'guest' }, facts('confirmed', now), now, url)).toBeNull();
    const reminder = bookingMail({ bookingId: 'b', kind: 'bookingReminder', to: 'guest' }, facts('confirmed'), now, url)!;
    expect(reminder.subject).toBe('Reminder: your date with Hana on Thu, Nov 26 at 08:00 MST');
    expect(reminder.text).toContain('Thu, Nov 26 · 08:00–09:30 MST');
    expect(reminder.text).not.toContain('Venue:');
  });

  it('a stored settings object without the switch counts as its default', () => {
    const old = facts('pending');
    old.host.notificationSettings = { ...DEFAULT_NOTIFICATION_SETTINGS, email: {} as never };
    expect(bookingMail({ bookingId: 'b', kind: 'newBooking', to: 'host' }, old, now, url)).not.toBeNull();
  });
});
