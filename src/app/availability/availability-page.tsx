import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
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
import { CALENDAR_FAILED, REMOVE_FAILED, SLOT_CHANGES, availabilityApi, availabilityQueries, byStart, monthsFrom, removeFromCalendars } from './availability.api.ts';
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

function AvailabilityScreen({ timeZone, now }: { timeZone: string; now: WallClock }) {
  const months = useMemo(() => monthsFrom(now.date), [now.date]);
  const [selected, setSelected] = useState(now.date);
  const [shownMonth, setShownMonth] = useState(0);
  const calendars = useQueries({ queries: months.map((month) => availabilityQueries.calendar(month)) });

  const pending = calendars.some((query) => query.isPending);
  const failed = calendars.some((query) => query.isError && !query.data);
  const queued = useQueuedSlotChanges(timeZone, useZoneReading(timeZone)!);
  // Slots queued offline show with the published ones, marked as waiting.
  const all: MyCalendar = useMemo(() => {
    const merged: MyCalendar = Object.assign({}, ...calendars.map((query) => query.data ?? {}));
    for (const slot of queued.created) merged[slot.date] = [...(merged[slot.date] ?? []), slot].sort(byStart);
    return merged;
  }, [calendars, queued.created]);
  const upcoming = Object.values(all)
    .flat()
    .filter((slot) => new Date(slot.endsAt).getTime() > now.instant.getTime())
    .sort(byStart);

  function pick(date: string) {
    setSelected(date);
    const index = months.findIndex((month) => date.startsWith(`${month.year}-${String(month.month).padStart(2, '0')}`));
    if (index >= 0) setShownMonth(index);
  }

  const retry = () => calendars.filter((query) => query.isError).forEach((query) => void query.refetch());
  const daySlots = all[selected] ?? [];
  return (
    <main id="main" className="page availability-page">
      <h1>{AVAILABILITY_HEADING}</h1>
      <PushOfferCard />
      <OfflineStatus updatedAt={calendars.map((query) => query.dataUpdatedAt)} />
      <div className="availability-layout">
        <SlotForm date={selected} onDateChange={pick} now={now} timeZone={timeZone} />
        <section className="card stack" aria-labelledby="calendar-heading">
          <h2 id="calendar-heading">Calendar</h2>
          {failed && (
            <Alert>
              <div className="row">
                <span>{CALENDAR_FAILED}</span>
                <Button size="sm" onClick={retry}>
                  Retry
                </Button>
              </div>
            </Alert>
          )}
          {calendars[shownMonth]?.isPending ? (
            <Spinner label="Loading calendar" />
          ) : (
            <MonthCalendar
              month={months[shownMonth]!}
              calendar={all}
              today={now.date}
              selected={selected}
              onSelect={pick}
              onPrevious={shownMonth > 0 ? () => setShownMonth(shownMonth - 1) : undefined}
              onNext={shownMonth < months.length - 1 ? () => setShownMonth(shownMonth + 1) : undefined}
            />
          )}
          <div className="stack-sm" aria-live="polite">
            <h3>{slotDay(selected, true)}</h3>
            {daySlots.length === 0 ? <p className="muted">No free times on this day.</p> : <SlotList slots={daySlots} removals={queued.removals} label={`Free times on ${slotDay(selected, true)}`} />}
          </div>
        </section>
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
      </div>
    </main>
  );
}

function SlotList({ slots, removals, label }: { slots: OwnSlot[]; removals: Map<string, OutboxChange>; label: string }) {
  return (
    <ul className="own-slots" aria-label={label}>
      {slots.map((slot) =>
        isQueuedSlot(slot) ? <QueuedSlotItem key={slot._id} slot={slot} /> : <OwnSlotItem key={slot._id} slot={slot} removal={removals.get(slot._id)} />,
      )}
    </ul>
  );
}

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
function QueuedSlotItem({ slot }: { slot: QueuedSlot }) {
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
}

function OwnSlotItem({ slot, removal }: { slot: OwnSlot; removal?: OutboxChange }) {
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
}
