import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert, TextField } from '#app/platform/ui/field.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { CALENDAR_FEED_FAILED, CALENDAR_RESET_FAILED, calendarApi, calendarKeys, calendarQueries } from './calendar.api.ts';
import './calendar.css';

export const FEED_TEXTS = {
  copied: 'Link copied. Paste it into your calendar app as a subscription.',
  copyFailed: 'Could not copy: the address is selected, copy it with your keyboard or long-press.',
  resetDone: 'A new link is ready. The old one no longer works.',
} as const;

/**
 * The member's private calendar feed on their profile: the address to subscribe to, Copy, and
 * Reset link (behind a confirmation, as it ends every subscription made with the old address).
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const feed = useQuery(calendarQueries.feed());
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: calendarApi.resetFeed,
    onSuccess: (answer) => {
      queryClient.setQueryData(calendarKeys.feed(), answer);
      setConfirming(false);
      setNote(FEED_TEXTS.resetDone);
    },
  });

  async function copy(url: string) {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setNote(FEED_TEXTS.copied);
    } catch {
      const field = document.getElementById(fieldId) as HTMLInputElement | null;
      field?.focus();
      field?.select();
      setNote(FEED_TEXTS.copyFailed);
    }
  }

  return (
    <section className="card stack profile-section calendar-feed" aria-labelledby={headingId}>
      <h2 id={headingId}>Calendar feed</h2>
      <p className="muted">
        Subscribe to this private address in your calendar app (Google Calendar, Apple Calendar, Outlook) and your confirmed dates appear there, and leave it when
        they are cancelled. Anyone with the address can see your dates, so keep it to yourself.
      </p>
      {feed.isPending ? (
        <p role="status">Loading…</p>
      ) : feed.isError ? (
        <LoadFailed title={CALENDAR_FEED_FAILED} error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <TextField
            id={fieldId}
            label="Your feed address"
            name="calendarFeed"
            readOnly
            value={feed.data.url}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
          />
          <div className="row">
            <Button size="sm" variant="primary" onClick={() => void copy(feed.data.url)}>
              Copy
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </div>
          <p role="status" className="field-hint">
            {note}
          </p>
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Reset your calendar feed?">
        <div className="stack-sm">
          <p>The current address stops working at once: calendars subscribed to it stop updating, and you subscribe again with the new one.</p>
          {reset.isError && <Alert>{messageOf(reset.error, CALENDAR_RESET_FAILED)}</Alert>}
          <div className="row">
            <Button size="sm" onClick={() => setConfirming(false)}>
              Keep the current link
            </Button>
            <Button size="sm" variant="danger" busy={reset.isPending} onClick={() => reset.mutate()}>
              Reset link
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
