import { sql } from 'drizzle-orm';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { slotDay, slotTimes } from '#shared/domain/slot-when.ts';
import type { MovedSlot } from '../availability/availability.service.ts';
import { createNotifications, type NewNotification } from '../notifications/notifications.service.ts';
import type { Tx } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { jobs } from '../platform/jobs/jobs.tables.ts';
import { BOOKING_MAIL_JOB } from './bookings.mails.ts';
import { bookings } from './bookings.tables.ts';

/** "1 hour later", "30 minutes earlier": how far the old rules had a time from where it is. */
function shiftText(fromMs: number, toMs: number): string {
  const minutes = Math.round(Math.abs(fromMs - toMs) / 60_000);
  const amount = minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  return `${amount} ${fromMs > toMs ? 'later' : 'earlier'}`;
}

/** What a host or guest reads when the zone rules in force moved a time they have. */
export function movedSlotMessage(slot: MovedSlot, whose: 'your free time' | 'your date'): string {
  const place = (slot.timeZone.split('/').pop() ?? slot.timeZone).replace(/_/g, ' ');
  return `New time zone rules for ${place}: ${whose} on ${slotDay(slot.date)} is at ${slotTimes(slot)}, local time (the old rules had it ${shiftText(slot.from.getTime(), slot.to.getTime())}).`;
}

/**
 * Inside the transaction that moved slots to the zone rules in force (availability `reconcileSlotTimes`):
 * their bookings take the new instants, the reminders queued for them move by as much, and the
 * host and every guest with a pending or confirmed booking are told.
 */
export async function followMovedSlots(tx: Tx, moved: MovedSlot[], now: Date): Promise<void> {
  const values = sql.join(
    moved.map((slot) => sql`(${slot.id}::uuid, ${slot.to.toISOString()}::timestamptz, ${slot.endsAt.toISOString()}::timestamptz, ${(slot.to.getTime() - slot.from.getTime()) / HOUR_MS}::float8)`),
    sql`, `,
  );
  const followed = rowsOf<{ id: string; slot_id: string; guest_id: string; status: string }>(
    await tx.execute(sql`update ${bookings} set starts_at = moved.starts_at, ends_at = moved.ends_at
      from (values ${values}) as moved(slot_id, starts_at, ends_at, shift_hours)
      where ${bookings.slotId} = moved.slot_id
      returning ${bookings.id} as id, ${bookings.slotId} as slot_id, ${bookings.guestId} as guest_id, ${bookings.status} as status`),
  );
  await tx.execute(sql`update ${jobs} set run_at = ${jobs.runAt} + make_interval(secs => moved.shift_hours * 3600)
    from (values ${values}) as moved(slot_id, starts_at, ends_at, shift_hours), ${bookings}
    where ${bookings.slotId} = moved.slot_id and ${jobs.kind} = ${BOOKING_MAIL_JOB}
      and ${jobs.payload}->>'bookingId' = ${bookings.id}::text and ${jobs.payload}->>'kind' = 'bookingReminder'
      and ${jobs.doneAt} is null and ${jobs.failedAt} is null`);

  const bySlot = new Map(moved.map((slot) => [slot.id, slot]));
  const told: NewNotification[] = moved.map((slot) => ({
    userId: slot.hostId,
    senderId: null,
    type: 'booking_update',
    title: 'Time zone rules changed',
    message: movedSlotMessage(slot, 'your free time'),
    data: { date: slot.date },
    createdAt: now,
  }));
  for (const booking of followed.filter((row) => row.status === 'pending' || row.status === 'confirmed')) {
    const slot = bySlot.get(booking.slot_id)!;
    told.push({
      userId: booking.guest_id,
      senderId: slot.hostId,
      type: 'booking_update',
      title: 'Time zone rules changed',
      message: movedSlotMessage(slot, 'your date'),
      data: { profileId: slot.hostId, bookingId: booking.id, date: slot.date },
      createdAt: now,
    });
  }
  await createNotifications(tx, told);
}
