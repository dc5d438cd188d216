import type { OwnSlot, SlotCreateBody } from '#shared/api/availability.ts';
import { availabilityPaths } from '#shared/api/availability.paths.ts';
import type { OutboxChange } from '#shared/domain/outbox.ts';
import type { ZoneReading } from '#shared/api/geo.ts';
import { useMemo } from 'react';
import { queueChange, useOutbox } from '#app/platform/outbox/outbox.ts';
import { instantAt } from '#app/platform/zone-clock.ts';
import { SLOT_CHANGES } from './availability.api.ts';

/** The marks of queued slot changes (decision 28). */
export const SLOT_OUTBOX_TEXTS = {
  waitingToPublish: 'Waiting to publish…',
  removing: 'Removing… (waiting for a connection)',
  queuedCreate: 'Saved on this device: it will be published when you are back online',
  queuedRemove: 'It will be removed when you are back online',
  notPublished: 'Not published',
  notRemoved: 'Not removed',
} as const;

const REMOVE_REASON = 'User removed slot';
const invalidates = SLOT_CHANGES;

export const queueSlotCreate = (body: SlotCreateBody) =>
  queueChange({ kind: 'slot.create', method: 'POST', path: availabilityPaths.create, body, invalidates });

export const queueSlotRemove = (slotId: string) =>
  queueChange({ kind: 'slot.remove', method: 'DELETE', path: availabilityPaths.slot(slotId), body: { reason: REMOVE_REASON }, invalidates });

/** A queued creation shown among the host's slots: a slot-like row, marked as waiting (or refused). */
export type QueuedSlot = OwnSlot & { queued: OutboxChange };

/** Its times as the host wrote them; its instants and label by the zone's offset now, until the server places it. */
function slotOf(change: OutboxChange, timeZone: string, zone: ZoneReading): QueuedSlot {
  const body = change.body as SlotCreateBody & { date: string; startTime: string; endTime: string };
  const start = instantAt(zone, body.date, body.startTime);
  return {
    _id: `queued:${change.id}`,
    date: body.date,
    startTime: body.startTime,
    endTime: body.endTime,
    timeZone,
    startsAt: start.instant.toISOString(),
    endsAt: instantAt(zone, body.date, body.endTime).instant.toISOString(),
    utcOffset: '',
    zoneLabel: start.zoneLabel,
    dateType: body.dateType,
    venue: body.venue,
    venueType: body.venueType ?? '',
    address: body.address ?? '',
    notes: body.notes ?? '',
    maxBookings: Number(body.maxBookings ?? 1),
    isBooked: false,
    confirmedCount: 0,
    pendingCount: 0,
    bookedBy: [],
    timePeriod: body.timePeriod ?? null,
    preferredTime: body.preferredTime ?? null,
    createdAt: change.createdAt,
    queued: change,
  };
}

/**
 * The member's queued slot changes: creations as slot-like rows, and removals by slot id. The same
 * objects until the outbox or the zone changes, so the rows drawn from them are not drawn again.
 */
export function useQueuedSlotChanges(timeZone: string, zone: ZoneReading): { created: QueuedSlot[]; removals: Map<string, OutboxChange> } {
  const changes = useOutbox((state) => state.changes);
  return useMemo(() => {
    const created = changes.filter((change) => change.kind === 'slot.create').map((change) => slotOf(change, timeZone, zone));
    const removals = new Map(
      changes.filter((change) => change.kind === 'slot.remove').map((change) => [decodeURIComponent(change.path.split('/').pop() ?? ''), change]),
    );
    return { created, removals };
  }, [changes, timeZone, zone]);
}

export const isQueuedSlot = (slot: OwnSlot): slot is QueuedSlot => 'queued' in slot;
