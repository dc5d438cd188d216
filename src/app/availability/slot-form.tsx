import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { SlotCreateBody } from '#shared/api/availability.ts';
import { MAX_BOOKINGS_LIMIT, SLOT_NOTES_MAX, defaultEndTime, minutesOf, timeOf } from '#shared/domain/booking.ts';
import { DATE_TYPE_LABELS, DATE_TYPES, type DateType } from '#shared/domain/profile.ts';
import { PAST_TIME, SLOT_PRESETS, presetTimes } from '#shared/domain/slot-presets.ts';
import { VenueBanners } from '#app/components/venue-banners.tsx';
import { HttpError } from '#shared/http-error.ts';
import { hasWaiting } from '#app/platform/outbox/outbox.ts';
import { keepChange } from '#app/platform/query.ts';
import { messageOf, preloadCheck, useFieldErrors } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, SelectField, TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { offerPush } from '#app/components/push-offer.ts';
import { CREATE_FAILED, FORM_ERRORS, SLOT_CHANGES, addToCalendar, availabilityApi } from './availability.api.ts';
import { SLOT_OUTBOX_TEXTS, queueSlotCreate } from './slot-outbox.ts';

/** core-journey §9: a new slot's venue starts as a joke the host is meant to replace. */
export const DEFAULT_VENUE = 'Somewhere with good coffee and even better conversation';

const STEP = 15;
const START_TIMES = Array.from({ length: (24 * 60) / STEP }, (_, i) => timeOf(i * STEP));
const END_TIMES = Array.from({ length: (24 * 60) / STEP }, (_, i) => timeOf((i + 1) * STEP));

const loadSlotCheck = () => import('#shared/api/availability.ts').then((schemas) => schemas.SlotCreateBodySchema);

type Draft = { dateType: DateType; startTime: string; endTime: string; venue: string; maxBookings: number; notes: string };
const FRESH: Draft = { dateType: 'coffee', startTime: '', endTime: '', venue: DEFAULT_VENUE, maxBookings: 1, notes: '' };

/**
 * The add-slot form. `date` is shared with the calendar (a click on a day picks it). Without a wall
 * clock (`now` null: the host's clock is not read yet, as on the page's skeleton, availability-page.tsx)
 * it shows today's form as far as it is known: no date, the zone's sentence as two blank lines, the
 * quick times as on a later day, no times to choose.
 */
export function SlotForm({
  date,
  onDateChange,
  now,
  timeZone,
}: {
  date: string;
  onDateChange: (date: string) => void;
  /** The host's wall clock now, with their zone's label by the server's rules. */
  now: { date: string; time: string; zoneLabel: string } | null;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const fields = useFieldErrors();
  const [draft, setDraft] = useState<Draft>(FRESH);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per slot being written: a retry after a lost answer cannot make a second slot.
  const clientKey = useRef(crypto.randomUUID());
  const notesId = useId();

  const written = () => {
    clientKey.current = crypto.randomUUID();
    setDraft((current) => ({ ...FRESH, dateType: current.dateType, venue: current.venue }));
    fields.clear();
  };
  /** Offline (or behind other waiting changes): the slot waits in the outbox, shown at once as waiting. */
  const queue = async (body: SlotCreateBody) => {
    // On the device before it says so: an app closed at once keeps the change.
    await queueSlotCreate(body);
    toast.success(SLOT_OUTBOX_TEXTS.queuedCreate);
    written();
  };
  const create = useMutation({
    mutationFn: availabilityApi.create,
    onSuccess: async (answer) => {
      addToCalendar(queryClient, answer.slot);
      await keepChange(SLOT_CHANGES);
      toast.success(answer.message);
      offerPush('slot');
      written();
      await Promise.all(SLOT_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, body) => {
      if (error instanceof HttpError && error.status === 0) return queue(body);
      setFailure(fields.fromServer(error) ? FORM_ERRORS : messageOf(error, CREATE_FAILED));
    },
  });

  function update<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    fields.clearField(key);
  }

  function chooseStart(startTime: string) {
    setDraft((current) => ({ ...current, startTime, endTime: startTime ? defaultEndTime(startTime, current.dateType) : current.endTime }));
    fields.clearField('startTime');
    fields.clearField('endTime');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = { date, ...draft, clientKey: clientKey.current };
    if (!(await fields.validateLoaded(loadSlotCheck, body))) {
      setFailure(FORM_ERRORS);
      return;
    }
    if (!navigator.onLine || hasWaiting()) queue(body);
    else create.mutate(body);
  }

  // The form opens on today's date.
  const isToday = now === null || date === now.date;
  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} onFocus={() => preloadCheck(loadSlotCheck)} noValidate aria-labelledby="add-slot-heading">
      <h2 id="add-slot-heading">Add a free time</h2>
      {now ? (
        <p className="muted">
          Times are in your own time zone ({timeZone.split('/').pop()!.replace(/_/g, ' ')}, {now.zoneLabel}).
        </p>
      ) : (
        // The sentence's two lines on a phone.
        <p className="muted">
          &nbsp;
          <br />
          &nbsp;
        </p>
      )}
      <TextField
        label="Date"
        type="date"
        required
        min={now?.date}
        value={date}
        error={fields.errors.date}
        onChange={(e) => {
          onDateChange(e.target.value);
          fields.clearField('date');
        }}
      />
      <SelectField label="Date type" value={draft.dateType} error={fields.errors.dateType} onChange={(e) => update('dateType', e.target.value as DateType)}>
        {DATE_TYPES.map((type) => (
          <option key={type} value={type}>
            {DATE_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <div role="group" aria-labelledby="presets-label" className="stack-sm">
        <span id="presets-label" className="label">
          Quick times
        </span>
        <div className="row">
          {SLOT_PRESETS[draft.dateType].map((preset) => {
            const times = now ? presetTimes(preset, date, now) : { startTime: preset.startTime, endTime: preset.endTime };
            const chosen = times !== null && times.startTime === draft.startTime && times.endTime === draft.endTime;
            return (
              <Button
                key={preset.id}
                size="sm"
                variant={chosen ? 'primary' : 'secondary'}
                aria-pressed={chosen}
                disabled={!times}
                onClick={() => {
                  if (!times) return;
                  setDraft((current) => ({ ...current, ...times }));
                  fields.clearField('startTime');
                  fields.clearField('endTime');
                }}
              >
                {preset.label} {preset.startTime}–{preset.endTime}
                {!times && <span className="preset-past"> · {PAST_TIME}</span>}
              </Button>
            );
          })}
        </div>
        {isToday && <span className="field-hint">Quick times that are over for today show 'Past time'.</span>}
      </div>
      <div className="form-pair">
        <SelectField label="Start time" required value={draft.startTime} error={fields.errors.startTime} onChange={(e) => chooseStart(e.target.value)}>
          <option value="">Choose…</option>
          {/* Without the clock the form is not usable yet: only the empty choice it shows. */}
          {now && START_TIMES.map((time) => (
            <option key={time} value={time} disabled={isToday && minutesOf(time) <= minutesOf(now.time)}>
              {time}
            </option>
          ))}
        </SelectField>
        <SelectField label="End time" required value={draft.endTime} error={fields.errors.endTime} onChange={(e) => update('endTime', e.target.value)}>
          <option value="">Choose…</option>
          {now && END_TIMES.map((time) => (
            <option key={time} value={time}>
              {time === '24:00' ? '24:00 (midnight)' : time}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Venue" required value={draft.venue} maxLength={200} error={fields.errors.venue} onChange={(e) => update('venue', e.target.value)} />
      <VenueBanners onPick={(picked) => update('venue', picked.name)} />
      <SelectField
        label="How many dates at this time"
        value={draft.maxBookings}
        error={fields.errors.maxBookings}
        onChange={(e) => update('maxBookings', Number(e.target.value))}
      >
        {Array.from({ length: MAX_BOOKINGS_LIMIT }, (_, i) => i + 1).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={notesId}
        label="Notes (optional)"
        value={draft.notes}
        maxLength={SLOT_NOTES_MAX}
        error={fields.errors.notes}
        hint={
          <span aria-live="polite">
            {draft.notes.length}/{SLOT_NOTES_MAX}
          </span>
        }
        onChange={(e) => update('notes', e.target.value)}
      />
      {failure && <Alert>{failure}</Alert>}
      <Button type="submit" variant="primary" busy={create.isPending}>
        Add this time
      </Button>
    </form>
  );
}
