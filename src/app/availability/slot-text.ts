import type { PublicSlot } from '#shared/api/profiles.ts';
import { zoneAbbreviation } from '#shared/domain/time-zones.ts';
import { dateFormat } from '#app/platform/date-format.ts';

const SLOT_DAY = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = dateFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A slot's calendar day as written (the host's), never shifted by the viewer's zone: "Tue, Dec 1". */
export function slotDay(date: string, long = false): string {
  return (long ? LONG_DAY : SLOT_DAY).format(new Date(`${date}T12:00:00Z`));
}

/** "19:00–21:00 PST": the host's wall clock with its zone. */
export function slotTimes(slot: Pick<PublicSlot, 'startTime' | 'endTime' | 'timeZone' | 'startsAt'>): string {
  return `${slot.startTime}–${slot.endTime} ${zoneAbbreviation(slot.timeZone, new Date(slot.startsAt))}`;
}
