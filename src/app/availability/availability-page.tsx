import { useMutation, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { MyCalendar, OwnSlot } from '#shared/api/availability.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { PushOfferCard } from '#app/components/push-offer-card.tsx';
import type { OutboxChange } from '#shared/domain/outbox.ts';
import { discardChange, hasWaiting } from '#app/platform/outbox/outbox.ts';
import { useSession } from '#app/platform/session.store.ts';
import { FALLBACK_TIME_ZONE, useZoneClock, useZoneReading, type WallClock } from '#app/platform/zone-clock.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { CALENDAR_FAILED, REMOVE_FAILED, SLOT_CHANGES, availabilityApi, availabilityKeys, availabilityQueries, byStart, monthsFrom, removeFromCalendars, type Month } from './availability.api.ts';
import { keepChange } from '#app/platform/query.ts';
import { SlotLines } from '#app/components/slot-lines.tsx';
import { MonthCalendar } from './month-calendar.tsx';
import { SlotForm } from './slot-form.tsx';
import { SLOT_OUTBOX_TEXTS, isQueuedSlot, queueSlotRemove, useQueuedSlotChanges, type QueuedSlot } from './slot-outbox.ts';
import { slotDay, slotTimes } from '#shared/domain/slot-when.ts';
import './availability.css';

const MINUTE = 60_000;

export const AVAILABILITY_HEADING = 'My Availability';

/**
 * /availability (core-journey §2): add a free time, the month calendar, and every upcoming slot.
 * The host's wall clock (moving each minute: presets and past days follow it) is the server's
 * reading of their zone; the page waits for it the first time, showing its skeleton.
 */
export function AvailabilityPage() {
  const timeZone = useSession((state) => state.user?.timeZone) ?? FALLBACK_TIME_ZONE;
  const now = useZoneClock(timeZone, MINUTE);
  // The clock's first reading comes as an update React must render at once, in one task; the screen
  // then follows in a render React splits into short ones (the skeleton shows the same form meanwhile).
  const clockRead = useDeferredValue(now !== undefined);
  if (!now || !clockRead) {
    return (
      <main id="main" className="page availability-page" aria-busy="true">
        <AvailabilitySkeleton />
      </main>
    );
  }
  return <AvailabilityScreen timeZone={timeZone} now={now} />;
}

/**
 * The page until the host's clock is read, and as the shell paints it before the app's code has
 * arrived (scripts/prerender.ts writes it into index.html; the start-up stylesheet shows it on
 * /availability only): the heading and the add-slot form as far as it is known without the clock,
 * not usable yet — so the form's hint (the page's largest paint) is drawn at first paint where the
 * page then draws it.
 */
export function AvailabilitySkeleton() {
  return (
    <>
      <h1>{AVAILABILITY_HEADING}</h1>
      <div className="availability-layout" inert>
        <SlotForm date="" onDateChange={() => {}} now={null} timeZone={FALLBACK_TIME_ZONE} />
      </div>
    </>
  );
}

/**
 * What the screen draws of its months' queries (`combine`: TanStack shares it structurally, so a
 * month's calendar stays the same object while its own answer has not changed).
 */
type CalendarsView = { data: (MyCalendar | undefined)[]; pending: boolean[]; errored: boolean[]; failed: boolean; updatedAt: number[] };

function calendarsView(results: UseQueryResult<MyCalendar>[]): CalendarsView {
  return {
    data: results.map((query) => query.data),
    pending: results.map((query) => query.isPending),
    errored: results.map((query) => query.isError),
    failed: results.some((query) => query.isError && !query.data),
    updatedAt: results.map((query) => query.dataUpdatedAt),
  };
}

const monthPrefix = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}-`;

/** A day's slots with those queued offline for it, marked as waiting (the published ones first if at the same time). */
const withQueued = (slots: OwnSlot[] | undefined, queued: QueuedSlot[]): OwnSlot[] => (queued.length === 0 ? (slots ?? []) : [...(slots ?? []), ...queued].sort(byStart));

type Queued = ReturnType<typeof useQueuedSlotChanges>;

/*
 * The thirteen months answer one by one, each outside a transition, so each answer renders this
 * screen at once, in one task. That render is kept short: the form and the sections below are
 * memoised, and the sections take the calendars through `useDeferredValue`, so what an answer
 * changes in them is drawn in a second render React splits into short tasks (decision 89).
 */
function AvailabilityScreen({ timeZone, now }: { timeZone: string; now: WallClock }) {
  const queryClient = useQueryClient();
  const months = useMemo(() => monthsFrom(now.date), [now.date]);
  const [selected, setSelected] = useState(now.date);
  const [shownMonth, setShownMonth] = useState(0);
  // The shown month's call starts with the screen, each other month's in a task of its own after it:
  // thirteen calls started in one task made one of the page's longest tasks.
  const [started, setStarted] = useState(1);
  useEffect(() => {
    if (started >= months.length) return;
    const timer = setTimeout(() => setStarted((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [started, months.length]);
  const view = useQueries({ queries: months.map((month, index) => ({ ...availabilityQueries.calendar(month), enabled: index < started })), combine: calendarsView });
  const queued = useQueuedSlotChanges(timeZone, useZoneReading(timeZone)!);

  const pick = useCallback(
    (date: string) => {
      setSelected(date);
      const index = months.findIndex((month) => date.startsWith(monthPrefix(month)));
      if (index >= 0) setShownMonth(index);
    },
    [months],
  );
  const retry = useCallback(
    (errored: boolean[]) =>
      months.forEach((month, index) => errored[index] && void queryClient.refetchQueries({ queryKey: availabilityKeys.calendar(month), exact: true })),
    [months, queryClient],
  );

  return (
    <main id="main" className="page availability-page">
      <h1>{AVAILABILITY_HEADING}</h1>
      <PushOfferCard />
      <OfflineStatus updatedAt={view.updatedAt} />
      <div className="availability-layout">
        <ShownSlotForm date={selected} onDateChange={pick} now={now} timeZone={timeZone} />
        <CalendarSection
          calendars={view}
          months={months}
          shownMonth={shownMonth}
          onShowMonth={setShownMonth}
          today={now.date}
          selected={selected}
          onSelect={pick}
          queued={queued}
          onRetry={retry}
        />
        <UpcomingSection calendars={view} queued={queued} now={now.instant} />
      </div>
    </main>
  );
}

const ShownSlotForm = memo(SlotForm);

const CalendarSection = memo(function CalendarSection({
  calendars,
  months,
  shownMonth,
  onShowMonth,
  today,
  selected,
  onSelect,
  queued,
  onRetry,
}: {
  calendars: CalendarsView;
  months: Month[];
  shownMonth: number;
  onShowMonth: (index: number) => void;
  today: string;
  selected: string;
  onSelect: (date: string) => void;
  queued: Queued;
  onRetry: (errored: boolean[]) => void;
}) {
  const view = useDeferredValue(calendars);
  const month = months[shownMonth]!;
  const shownData = view.data[shownMonth];
  // Only the shown month's days: another month's answer leaves the calendar as it is.
  const days = useMemo(() => {
    const prefix = monthPrefix(month);
    const waiting = queued.created.filter((slot) => slot.date.startsWith(prefix));
    if (waiting.length === 0) return shownData ?? {};
    const merged: MyCalendar = { ...shownData };
    for (const slot of waiting) merged[slot.date] = withQueued(merged[slot.date], [slot]);
    return merged;
  }, [month, shownData, queued.created]);
  const selectedIndex = months.findIndex((one) => selected.startsWith(monthPrefix(one)));
  const selectedData = selectedIndex >= 0 ? view.data[selectedIndex]?.[selected] : undefined;
  const daySlots = useMemo(() => withQueued(selectedData, queued.created.filter((slot) => slot.date === selected)), [selectedData, queued.created, selected]);
  const previous = useCallback(() => onShowMonth(shownMonth - 1), [onShowMonth, shownMonth]);
  const next = useCallback(() => onShowMonth(shownMonth + 1), [onShowMonth, shownMonth]);
  return (
    <section className="card stack" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Calendar</h2>
      {view.failed && (
        <Alert>
          <div className="row">
            <span>{CALENDAR_FAILED}</span>
            <Button size="sm" onClick={() => onRetry(calendars.errored)}>
              Retry
            </Button>
          </div>
        </Alert>
      )}
      {view.pending[shownMonth] ? (
        <Spinner label="Loading calendar" />
      ) : (
        <MonthCalendar
          month={month}
          calendar={days}
          today={today}
          selected={selected}
          onSelect={onSelect}
          onPrevious={shownMonth > 0 ? previous : undefined}
          onNext={shownMonth < months.length - 1 ? next : undefined}
        />
      )}
      <div className="stack-sm" aria-live="polite">
        <h3>{slotDay(selected, true)}</h3>
        {daySlots.length === 0 ? <p className="muted">No free times on this day.</p> : <SlotList slots={daySlots} removals={queued.removals} label={`Free times on ${slotDay(selected, true)}`} />}
      </div>
    </section>
  );
});

const UpcomingSection = memo(function UpcomingSection({ calendars, queued, now }: { calendars: CalendarsView; queued: Queued; now: Date }) {
  const view = useDeferredValue(calendars);
  const pending = view.pending.some(Boolean);
  const upcoming = useMemo(
    () =>
      [...view.data.flatMap((calendar) => Object.values(calendar ?? {}).flat()), ...queued.created]
        .filter((slot) => new Date(slot.endsAt).getTime() > now.getTime())
        .sort(byStart),
    [view.data, queued.created, now],
  );
  return (
    <section className="card stack" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">All my upcoming availability</h2>
      {pending && upcoming.length === 0 ? (
        <Spinner label="Loading your availability" />
      ) : upcoming.length === 0 ? (
        <div className="empty-state">
          <p>No upcoming free times yet. Add one above so others can book you.</p>
        </div>
      ) : (
        <SlotList slots={upcoming} removals={queued.removals} label="All my upcoming availability" />
      )}
    </section>
  );
});

const SlotList = memo(function SlotList({ slots, removals, label }: { slots: OwnSlot[]; removals: Map<string, OutboxChange>; label: string }) {
  return (
    <ul className="own-slots" aria-label={label}>
      {slots.map((slot) =>
        isQueuedSlot(slot) ? <QueuedSlotItem key={slot._id} slot={slot} /> : <OwnSlotItem key={slot._id} slot={slot} removal={removals.get(slot._id)} />,
      )}
    </ul>
  );
});

/** A refused change's reason and its Discard button (decision 28: never dropped in silence). */
function Refusal({ title, change, what }: { title: string; change: OutboxChange; what: string }) {
  return (
    <div className="outbox-refusal stack-sm" role="alert">
      <span>
        {title}: {change.refusal?.error}
      </span>
      <Button size="sm" variant="ghost" onClick={() => void discardChange(change)}>
        Discard<span className="visually-hidden"> {what}</span>
      </Button>
    </div>
  );
}

/** A slot written offline: waiting to be published (Cancel drops it), or refused by the server. */
const QueuedSlotItem = memo(function QueuedSlotItem({ slot }: { slot: QueuedSlot }) {
  const what = `${DATE_TYPE_LABELS[slot.dateType]} on ${slotDay(slot.date)} at ${slot.startTime}`;
  const refused = slot.queued.state === 'refused';
  return (
    <li className="own-slot is-queued">
      <div className="stack-sm">
        <SlotLines slot={slot} />
        {refused ? (
          <Refusal title={SLOT_OUTBOX_TEXTS.notPublished} change={slot.queued} what={what} />
        ) : (
          <span className="muted">{SLOT_OUTBOX_TEXTS.waitingToPublish}</span>
        )}
      </div>
      {!refused && (
        <Button size="sm" variant="ghost" onClick={() => void discardChange(slot.queued)}>
          Cancel<span className="visually-hidden"> {what}</span>
        </Button>
      )}
    </li>
  );
});

const OwnSlotItem = memo(function OwnSlotItem({ slot, removal }: { slot: OwnSlot; removal?: OutboxChange }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const what = `${DATE_TYPE_LABELS[slot.dateType]} on ${slotDay(slot.date)} at ${slot.startTime}`;
  const queueRemoval = async () => {
    setConfirming(false);
    await queueSlotRemove(slot._id);
    toast.success(SLOT_OUTBOX_TEXTS.queuedRemove);
  };
  const remove = useMutation({
    mutationFn: () => availabilityApi.remove(slot._id),
    onSuccess: async (answer) => {
      setConfirming(false);
      removeFromCalendars(queryClient, slot._id);
      await keepChange(SLOT_CHANGES);
      toast.success(answer.declinedRequests > 0 ? `${answer.message}. ${answer.declinedRequests} pending request(s) declined.` : answer.message);
      await Promise.all(SLOT_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 0) return queueRemoval();
      setConfirming(false);
      toast.error(error instanceof HttpError && error.status === 409 ? `${REMOVE_FAILED}: ${error.message}` : REMOVE_FAILED);
    },
  });
  const status =
    slot.bookedBy.length > 0
      ? `Booked by ${slot.bookedBy.map((guest) => guest.profile.name).join(', ')}`
      : slot.pendingCount > 0
        ? `${slot.pendingCount} pending request${slot.pendingCount === 1 ? '' : 's'}`
        : 'Open';
  return (
    <li className={`own-slot${slot.isBooked ? ' is-booked' : ''}${removal?.state === 'waiting' ? ' is-removing' : ''}`}>
      <div className="stack-sm">
        <SlotLines slot={slot} />
        <span className="muted">{status}</span>
        {removal?.state === 'waiting' && <span className="muted">{SLOT_OUTBOX_TEXTS.removing}</span>}
        {removal?.state === 'refused' && <Refusal title={SLOT_OUTBOX_TEXTS.notRemoved} change={removal} what={`removal of ${what}`} />}
      </div>
      {!removal && (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Remove<span className="visually-hidden"> {what}</span>
        </Button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Remove this time?">
        <div className="stack">
          <p>
            {what} ({slotTimes(slot)}) will no longer be bookable.
            {slot.pendingCount > 0 && ' Pending requests for it will be declined.'}
          </p>
          <div className="row">
            <Button variant="danger" busy={remove.isPending} onClick={() => (!navigator.onLine || hasWaiting() ? queueRemoval() : remove.mutate())}>
              Remove
            </Button>
            <Button onClick={() => setConfirming(false)}>Keep it</Button>
          </div>
        </div>
      </Dialog>
    </li>
  );
});
