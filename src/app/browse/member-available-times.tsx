import type { MemberDetail } from '#shared/api/profiles.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { slotStart } from '#shared/domain/slot-when.ts';
import { SlotButton, SlotLines } from '#app/components/slot-lines.tsx';
import { Section } from './member-section.tsx';
import { AVAILABLE_TIMES_ID } from './profile-card.tsx';

/** The member's free times, each with its button: Book (to /book/{userId}/{slotId}; a browse card's Book comes here), 'Request Sent' or Message. */
export function AvailableTimesSection({ member, name }: { member: MemberDetail; name: string }) {
  return (
    <Section title="Available Times" id={AVAILABLE_TIMES_ID}>
      {member.availability.length === 0 ? (
        <p className="muted">No available times right now. Send a nudge to let {name} know you are interested.</p>
      ) : (
        <ul className="slot-list">
          {member.availability.map((slot) => (
            <li key={slot._id} className="slot">
              <div className="stack-sm">
                <SlotLines slot={slot} />
                {slot.notes && <span className="muted">{slot.notes}</span>}
              </div>
              <SlotButton state={slot.slotBooking} hostId={member._id} slotId={slot._id} what={`${DATE_TYPE_LABELS[slot.dateType]} on ${slotStart(slot)}`} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
