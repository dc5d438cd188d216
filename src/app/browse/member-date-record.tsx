import type { MemberDetail } from '#shared/api/profiles.ts';
import { englishDate } from '#app/platform/date-format.ts';
import { Fact, Section } from './member-section.tsx';

/** How the member's dates have gone: Recent Date Activity (with the latest feedback) and Dating Stats. */

/** Spec §9: two recent feedback items. */
const FEEDBACK_SHOWN = 2;

/** A day as the viewer reads it; a bare 'YYYY-MM-DD' stays that day. */
function dayOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return englishDate.short(new Date(`${value}T12:00:00Z`), true);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : englishDate.short(instant);
}

export function RecentDateActivitySection({ activity }: { activity: MemberDetail['recentDateActivity'] }) {
  return (
    <Section title="Recent Date Activity">
      <dl className="facts">
        <Fact label="Dates this month">{activity.thisMonth}</Fact>
        <Fact label="Last confirmed date">{activity.lastConfirmedDate ? dayOf(activity.lastConfirmedDate) : 'None yet'}</Fact>
      </dl>
      {activity.feedback.length > 0 && (
        <ul className="feedback-list">
          {activity.feedback.slice(0, FEEDBACK_SHOWN).map((item) => (
            <li key={item.createdAt}>
              <span aria-hidden="true" className="stars">
                {'★'.repeat(item.rating)}
                {'☆'.repeat(Math.max(0, 5 - item.rating))}
              </span>
              <span className="visually-hidden">{item.rating} out of 5 stars</span>
              {item.comment && <p>{item.comment}</p>}
              <span className="muted">{dayOf(item.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function DatingStatsSection({ stats }: { stats: MemberDetail['reliabilityScore']['stats'] }) {
  return (
    <Section title="Dating Stats">
      <dl className="facts facts-stats">
        <Fact label="Total dates">{stats.totalDates}</Fact>
        <Fact label="On-time rate">{stats.onTimeRate === null ? '—' : `${Math.round(stats.onTimeRate)}%`}</Fact>
        <Fact label="No-shows">{stats.noShows}</Fact>
      </dl>
    </Section>
  );
}
