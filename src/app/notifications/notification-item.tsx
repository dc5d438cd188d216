import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { Notification } from '#shared/api/notifications.ts';
import { DECLINE_PRESETS, RESPONSE_MESSAGE_MAX } from '#shared/domain/booking.ts';
import { SafetyMenu } from '#app/components/safety-menu.tsx';
import { deviceDate, englishDate } from '#app/platform/date-format.ts';
import { Button, buttonClass } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { TextAreaField } from '#app/platform/ui/field.tsx';
import { Avatar } from '#app/platform/ui/member.tsx';
import type { InboxActions } from './use-inbox-actions.ts';

/** What a booking request item says once it has an outcome (account-and-admin §2); null while pending. */
export function outcomeOf(status: string | null): string | null {
  if (status === null || status === 'pending') return null;
  if (status === 'confirmed') return 'Confirmed';
  if (status === 'declined') return 'Declined';
  if (status === 'auto_cancelled') return 'Expired';
  // Ended without an answer (a block between the two ends it): not 'Responded'.
  if (status === 'cancelled') return 'Cancelled';
  return 'Responded';
}

/** The read label: a nudge is acknowledged, anything else read. */
export const readLabelOf = (item: Notification) => (item.type === 'nudge' ? 'Acknowledged' : 'Read');

const sentAtFormat = deviceDate({ dateStyle: 'medium', timeStyle: 'short' }, englishDate.dateTime);
const sentAt = (iso: string) => sentAtFormat.format(new Date(iso));

const dayFormat = deviceDate({ timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, (date) => englishDate.weekdayDate(date, true));

/** "2026-12-01" reads as a day; anything else as it came. */
function dayOf(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

export function NotificationItem({ item, actions }: { item: Notification; actions: InboxActions }) {
  const titleId = useId();
  const busy = actions.busy(item);
  const senderName = item.sender?.profile.name ?? 'Rendezvous';
  const isRequest = item.type === 'booking_request';
  const outcome = isRequest ? outcomeOf(item.status) : null;
  const canRespond = isRequest && outcome === null && Boolean(item.data.bookingId) && !item.isArchived;

  return (
    <li>
      <article className={`card notification${item.isRead ? '' : ' notification-unread'}`} aria-labelledby={titleId}>
        {item.sender ? (
          <Link
            to="/user/$userId"
            params={{ userId: item.sender._id }}
            className="notification-avatar"
            aria-label={`View ${senderName}'s profile`}
            // Opening the sender is opening the item, except for a nudge, which is acknowledged.
            onClick={() => !item.isRead && item.type !== 'nudge' && actions.read(item)}
          >
            <Avatar name={senderName} photoUrl={item.sender.profile.photos[0]?.url} />
          </Link>
        ) : (
          <span className="notification-avatar">
            <Avatar name={senderName} />
          </span>
        )}
        <div className="notification-body">
          <h2 id={titleId} className="notification-title">
            {!item.isRead && <span className="unread-dot" role="img" aria-label="Unread" />}
            {item.title}
          </h2>
          <p className="notification-message">{item.message}</p>
          <time className="muted notification-time" dateTime={item.createdAt}>
            {sentAt(item.createdAt)}
          </time>
          {isRequest && <RequestDetails item={item} />}
          <div className="row notification-actions">
            {canRespond && <RequestAnswers item={item} actions={actions} busy={busy} />}
            {outcome && <span className={`tag outcome-${item.status}`}>{outcome}</span>}
            {item.isRead ? (
              <span className="tag tag-success">{readLabelOf(item)}</span>
            ) : item.type === 'nudge' ? (
              <Button size="sm" variant="primary" disabled={busy} onClick={() => actions.acknowledge(item)}>
                Acknowledge
              </Button>
            ) : (
              !canRespond && (
                <Button size="sm" disabled={busy} onClick={() => actions.read(item)}>
                  Mark as read
                </Button>
              )
            )}
            {!item.isArchived && (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => actions.archive(item)}>
                Archive<span className="visually-hidden"> {item.title}</span>
              </Button>
            )}
            {item.sender && <SafetyMenu userId={item.sender._id} name={senderName} />}
          </div>
        </div>
      </article>
    </li>
  );
}

function RequestDetails({ item }: { item: Notification }) {
  const { date, proposedTime, venue, requestMessage } = item.data;
  return (
    <dl className="request-details">
      {date && (
        <div>
          <dt>Date</dt>
          <dd>{dayOf(date)}</dd>
        </div>
      )}
      {proposedTime && (
        <div>
          <dt>Time</dt>
          <dd>{proposedTime}</dd>
        </div>
      )}
      {venue && (
        <div>
          <dt>Venue</dt>
          <dd>{venue}</dd>
        </div>
      )}
      {requestMessage && (
        <div className="request-message">
          <dt>Message</dt>
          <dd>
            <blockquote>{requestMessage}</blockquote>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Accept, or Decline with a message (one of six polite presets, or one's own). */
function RequestAnswers({ item, actions, busy }: { item: Notification; actions: InboxActions; busy: boolean }) {
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const declineButton = useRef<HTMLButtonElement>(null);
  const blank = message.trim() === '';

  const close = () => {
    setDeclining(false);
    declineButton.current?.focus();
  };

  const sendDecline = async () => {
    if (blank) return;
    try {
      await actions.respond(item, 'decline', message.trim());
      setDeclining(false);
      setMessage('');
    } catch {
      // The failure is shown as a toast; the dialog stays open to try again.
    }
  };

  return (
    <>
      <Button size="sm" variant="primary" disabled={busy} onClick={() => void actions.respond(item, 'confirm').catch(() => undefined)}>
        Accept
      </Button>
      <button ref={declineButton} type="button" className={buttonClass({ size: 'sm' })} disabled={busy} onClick={() => setDeclining(true)}>
        Decline
      </button>
      {/* Mounted only while open: one dialog on the page at a time. */}
      {declining && (
        <Dialog open onClose={close} title="Decline Booking Request">
          <div className="stack">
            <TextAreaField label="Message" value={message} maxLength={RESPONSE_MESSAGE_MAX} onChange={(event) => setMessage(event.target.value)} />
            <fieldset className="decline-presets">
              <legend>Or choose a polite message</legend>
              <ul>
                {DECLINE_PRESETS.map((preset) => (
                  <li key={preset}>
                    <button type="button" className="preset" aria-pressed={message === preset} onClick={() => setMessage(preset)}>
                      {preset}
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="row dialog-actions">
              <Button onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="danger" disabled={blank} busy={busy} onClick={() => void sendDecline()}>
                Send Decline
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
