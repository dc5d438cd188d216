import { memo } from 'react';
import type { MyCalendar } from '#shared/api/availability.ts';
import { slotDay } from '#shared/domain/slot-when.ts';
import { englishDate } from '#app/platform/date-format.ts';
import { Button } from '#app/platform/ui/button.tsx';
import type { Month } from './availability.api.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type DayState = 'past' | 'open' | 'booked' | 'none';

/** core-journey §4: green with an unbooked slot, red when every slot is booked, grey (not clickable) when past. */
export function dayState(date: string, today: string, slots: MyCalendar[string] | undefined): DayState {
  if (date < today) return 'past';
  if (!slots?.length) return 'none';
  return slots.some((slot) => !slot.isBooked) ? 'open' : 'booked';
}

const STATE_TEXT: Record<DayState, string> = { past: 'past', open: 'has free times', booked: 'fully booked', none: '' };

const pad = (value: number) => String(value).padStart(2, '0');

export function monthTitle({ year, month }: Month): string {
  return englishDate.month(new Date(Date.UTC(year, month - 1, 1)), true);
}

/**
 * One month of the host's calendar (`calendar` needs only that month's days); prev/next move within
 * the months loaded. Drawn again only when one of its props changes.
 */
export const MonthCalendar = memo(function MonthCalendar({
  month,
  calendar,
  today,
  selected,
  onSelect,
  onPrevious,
  onNext,
}: {
  month: Month;
  calendar: MyCalendar;
  today: string;
  selected: string;
  onSelect: (date: string) => void;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const first = new Date(Date.UTC(month.year, month.month - 1, 1));
  const length = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const title = monthTitle(month);
  const dates = Array.from({ length }, (_, i) => `${month.year}-${pad(month.month)}-${pad(i + 1)}`);
  return (
    <div className="month-calendar">
      <div className="row month-calendar-head">
        <Button size="sm" onClick={onPrevious} disabled={!onPrevious} aria-label="Previous month">
          ‹
        </Button>
        <h3 aria-live="polite">{title}</h3>
        <Button size="sm" onClick={onNext} disabled={!onNext} aria-label="Next month">
          ›
        </Button>
      </div>
      <div className="calendar-grid" role="group" aria-label={title}>
        {WEEKDAYS.map((day) => (
          <span key={day} className="calendar-weekday" aria-hidden="true">
            {day}
          </span>
        ))}
        {dates.map((date, i) => {
          const state = dayState(date, today, calendar[date]);
          const label = [slotDay(date, true), STATE_TEXT[state]].filter(Boolean).join(', ');
          return (
            <button
              key={date}
              type="button"
              className={`calendar-day day-${state}`}
              style={i === 0 ? { gridColumnStart: first.getUTCDay() + 1 } : undefined}
              disabled={state === 'past'}
              aria-pressed={date === selected}
              aria-label={label}
              data-date={date}
              onClick={() => onSelect(date)}
            >
              {i + 1}
            </button>
          );
        })}
      </div>
      <p className="calendar-legend muted">
        <span className="legend legend-open" aria-hidden="true" /> Free time <span className="legend legend-booked" aria-hidden="true" /> Fully
        booked
      </p>
    </div>
  );
});
