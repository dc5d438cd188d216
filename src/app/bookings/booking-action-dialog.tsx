import { useState, type FormEvent, type ReactNode } from 'react';
import { CancelBodySchema, CompleteBodySchema, NoShowBodySchema, RespondBodySchema, type Booking } from '#shared/api/bookings.ts';
import { DECLINE_PRESETS, RESPONSE_MESSAGE_MAX, REVIEW_COMMENT_MAX } from '#shared/domain/booking.ts';
import type { BookingAction } from '#shared/domain/booking-display.ts';
import { displayName } from '#shared/domain/profile.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert, TextAreaField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ACTION_LABELS } from './booking-card.tsx';
import { bookingsApi } from './bookings.api.ts';

/** The verb of 'Failed to {action} booking' (core-journey §8). */
const FAILURE_VERB: Record<BookingAction, string> = {
  accept: 'accept',
  decline: 'decline',
  cancel: 'cancel',
  complete: 'complete',
  noShow: 'report',
};

export const actionFailedText = (action: BookingAction) => `Failed to ${FAILURE_VERB[action]} booking`;

type Props = {
  action: BookingAction | null;
  booking: Booking | null;
  onClose: () => void;
  /** After the server said yes: refresh what the action changed. */
  onDone: () => void;
};

/** One modal for the five booking actions (core-journey §5 "Booking action dialog"). */
export function BookingActionDialog({ action, booking, onClose, onDone }: Props) {
  const open = action !== null && booking !== null;
  return (
    <Dialog open={open} onClose={onClose} title={action ? ACTION_LABELS[action] : ''}>
      {open && <ActionForm key={`${action}-${booking._id}`} action={action} booking={booking} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function ActionForm({ action, booking, onClose, onDone }: { action: BookingAction; booking: Booking; onClose: () => void; onDone: () => void }) {
  const submit = useFormSubmit();
  const { fields } = submit;
  const name = displayName(booking.otherParty);
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState(5);
  const [wouldMeetAgain, setWouldMeetAgain] = useState(true);
  const [absent, setAbsent] = useState<string>(booking.otherParty._id);

  async function send(event: FormEvent) {
    event.preventDefault();
    const call = request();
    if (!call) return;
    const ok = await submit.run(async () => {
      const answer = await call();
      toast.success(answer.message);
      onDone();
    }, actionFailedText(action));
    if (ok) onClose();
  }

  /** The validated call, or null when the form shows what is wrong. */
  function request() {
    const id = booking._id;
    if (action === 'accept' || action === 'decline') {
      const body = fields.validate(RespondBodySchema, { action: action === 'accept' ? 'confirm' : 'decline', responseMessage: message });
      return body && (() => (action === 'accept' ? bookingsApi.accept(id, body.responseMessage) : bookingsApi.decline(id, body.responseMessage)));
    }
    if (action === 'cancel') {
      const body = fields.validate(CancelBodySchema, { customReason: message });
      return body && (() => bookingsApi.cancel(id, body.customReason));
    }
    if (action === 'complete') {
      const body = fields.validate(CompleteBodySchema, { rating, comment: message, wouldMeetAgain });
      return body && (() => bookingsApi.complete(id, body));
    }
    const body = fields.validate(NoShowBodySchema, { noShowUserId: absent, reason: message });
    return body && (() => bookingsApi.noShow(id, body));
  }

  const messageField = (label: string, field: string, options: { required: boolean; max: number }) => (
    <TextAreaField
      label={label}
      required={options.required}
      rows={3}
      maxLength={options.max}
      value={message}
      onChange={(event) => {
        setMessage(event.target.value);
        fields.clearField(field);
      }}
      error={fields.errors[field]}
    />
  );

  let body: ReactNode;
  if (action === 'accept') {
    body = (
      <>
        <p>Confirm the date with {name}?</p>
        {messageField('Message (optional)', 'responseMessage', { required: false, max: RESPONSE_MESSAGE_MAX })}
      </>
    );
  } else if (action === 'decline') {
    body = (
      <>
        <fieldset className="stack-sm booking-presets">
          <legend>Choose a polite reply, or write your own</legend>
          {DECLINE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="booking-preset"
              aria-pressed={message === preset}
              onClick={() => {
                setMessage(preset);
                fields.clearField('responseMessage');
              }}
            >
              {preset}
            </button>
          ))}
        </fieldset>
        {messageField('Message', 'responseMessage', { required: true, max: RESPONSE_MESSAGE_MAX })}
      </>
    );
  } else if (action === 'cancel') {
    body = (
      <>
        <p>Cancel your date with {name}?</p>
        {booking.cancellationPenalty < 0 && (
          <Alert tone="warning">
            Cancelling now costs you <strong>{booking.cancellationPenalty} points</strong> of reliability score.
          </Alert>
        )}
        {messageField('Reason', 'customReason', { required: true, max: RESPONSE_MESSAGE_MAX })}
      </>
    );
  } else if (action === 'complete') {
    body = (
      <>
        <fieldset className="rating">
          <legend>How was your date with {name}?</legend>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="rating-star">
              <input type="radio" name="rating" value={stars} checked={rating === stars} onChange={() => setRating(stars)} />
              <span aria-hidden="true">{stars <= rating ? '★' : '☆'}</span>
              <span className="visually-hidden">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </fieldset>
        {fields.errors.rating && <p className="field-error">{fields.errors.rating}</p>}
        {messageField('Comment (optional)', 'comment', { required: false, max: REVIEW_COMMENT_MAX })}
        <label className="checkbox">
          <input type="checkbox" checked={wouldMeetAgain} onChange={(event) => setWouldMeetAgain(event.target.checked)} />
          <span>Would meet again</span>
        </label>
      </>
    );
  } else {
    body = (
      <>
        <fieldset className="stack-sm">
          <legend>Who did not come?</legend>
          <label className="checkbox">
            <input type="radio" name="absent" value={booking.otherParty._id} checked={absent === booking.otherParty._id} onChange={() => setAbsent(booking.otherParty._id)} />
            <span>{name}</span>
          </label>
          <label className="checkbox">
            <input type="radio" name="absent" value="both" checked={absent === 'both'} onChange={() => setAbsent('both')} />
            <span>Neither of us came</span>
          </label>
        </fieldset>
        {fields.errors.noShowUserId && <p className="field-error">{fields.errors.noShowUserId}</p>}
        {messageField('Reason', 'reason', { required: true, max: RESPONSE_MESSAGE_MAX })}
      </>
    );
  }

  return (
    <form className="stack" onSubmit={send} noValidate>
      {body}
      {submit.failure && <Alert>{submit.failure}</Alert>}
      <div className="row dialog-actions">
        <Button onClick={onClose} disabled={submit.busy}>
          Close
        </Button>
        <Button type="submit" variant={action === 'cancel' || action === 'noShow' || action === 'decline' ? 'danger' : 'primary'} busy={submit.busy}>
          {SUBMIT_LABELS[action]}
        </Button>
      </div>
    </form>
  );
}

const SUBMIT_LABELS: Record<BookingAction, string> = {
  accept: 'Accept Booking',
  decline: 'Decline Booking',
  cancel: 'Confirm Cancellation',
  complete: 'Submit Review',
  noShow: 'Submit Report',
};
