import { DATE_TYPE_LABELS, type DateType } from '#shared/domain/profile.ts';
import { slotDay, slotTimes, type SlotClock } from '#shared/domain/slot-when.ts';

/** A free time's first lines as every list shows them: its kind and day, its times with the zone, its venue. */
export function SlotLines({ slot }: { slot: SlotClock & { dateType: DateType; venue: string } }) {
  return (
    <>
      <strong>
        {DATE_TYPE_LABELS[slot.dateType]} · {slotDay(slot.date)}
      </strong>
      <span>{slotTimes(slot)}</span>
      <span>{slot.venue}</span>
    </>
  );
}
