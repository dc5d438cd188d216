import { Fragment, useLayoutEffect, useRef } from 'react';
import type { Message } from '#shared/api/chat.ts';
import { fill } from '#shared/shell-first-page.ts';
import { Button, buttonClass } from '#app/platform/ui/button.tsx';
import { dayKeyOf, dayLabelOf, timeOf } from './chat-time.ts';

/** A message as the log shows it; a pending one is still on its way, a queued one waits in the outbox (or was refused). */
export type LogEntry = {
  key: string;
  own: boolean;
  content: string;
  createdAt: string;
  pending?: boolean;
  read?: boolean;
  queued?: { refusal?: string; onDiscard(): void; onRetry(): void };
};

/** A queued message's mark until it is sent, and a refused one's. */
export const WAITING_TO_SEND = 'Waiting to send…';
export const NOT_SENT = 'Not sent';
export const LOAD_OLDER = 'Load older messages';

/** How close to the bottom (px) still counts as "at the bottom": new messages then scroll into view. */
const BOTTOM_SLACK_PX = 64;

/**
 * The messages, oldest at the top, as a polite live log: a screen reader hears each new one.
 * It sticks to the bottom while the member is there (or has just sent), and keeps its place
 * when older messages are loaded above.
 */
export function MessageLog({
  entries,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  stickSignal,
}: {
  entries: LogEntry[];
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<unknown>;
  /** Changes when I send: the log goes to the bottom whatever its position. */
  stickSignal: number;
}) {
  const log = useRef<HTMLDivElement>(null);
  /** Set by a send: the next placement goes to the bottom whatever the position. */
  const stick = useRef(true);
  /** Whether the log has been placed once (at the bottom). */
  const placed = useRef(false);
  /** The log's content height after the last placement: where "the bottom" was before this update. */
  const placedHeight = useRef(0);
  /** Where the log was when older messages were asked for: its height and position. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const lastOwn = entries.findLast((entry) => entry.own && !entry.pending);

  useLayoutEffect(() => {
    stick.current = true;
  }, [stickSignal]);

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    if (!placed.current) {
      // The first placement, at the bottom, in the next frame before it paints: read here, the log's
      // height would lay the new page out inside the task that renders it (the page's longest).
      const frame = requestAnimationFrame(() => {
        element.scrollTop = element.scrollHeight;
        stick.current = false;
        placed.current = true;
        placedHeight.current = element.scrollHeight;
      });
      return () => cancelAnimationFrame(frame);
    }
    if (anchor.current && !loadingOlder) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else {
      // Where the member is now, read at once (their scroll's event may not have come yet), against
      // the bottom as it was before this update: someone reading older messages stays there.
      const wasAtBottom = element.scrollTop + element.clientHeight >= placedHeight.current - BOTTOM_SLACK_PX;
      if (stick.current || wasAtBottom) element.scrollTop = element.scrollHeight;
    }
    stick.current = false;
    placedHeight.current = element.scrollHeight;
  }, [entries, loadingOlder, stickSignal]);

  const loadOlder = async () => {
    const element = log.current;
    if (element) anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    await onLoadOlder();
    // The button goes once the first message is reached: focus stays in the log.
    if (document.activeElement === document.body) element?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={log}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={`Messages with ${otherName}`}
      aria-busy={loadingOlder || undefined}
      // A scrolling region is reachable by keyboard (arrows and Page Up scroll it).
      tabIndex={0}
    >
      {hasOlder && (
        <div className="chat-older">
          <Button size="sm" busy={loadingOlder} onClick={() => void loadOlder()}>
            {LOAD_OLDER}
          </Button>
        </div>
      )}
      {entries.length === 0 ? (
        <p className="chat-empty muted">No messages yet. Say hello to {otherName}!</p>
      ) : (
        <ol className="chat-messages">
          {entries.map((entry, index) => {
            const newDay = index === 0 || dayKeyOf(entries[index - 1]!.createdAt) !== dayKeyOf(entry.createdAt);
            return (
              <Fragment key={entry.key}>
                {newDay && (
                  <li className="chat-day">
                    <span>{dayLabelOf(entry.createdAt)}</span>
                  </li>
                )}
                <li
                  className={`chat-message ${entry.own ? 'chat-message-own' : 'chat-message-other'}${entry.pending ? ' chat-message-pending' : ''}${entry.queued?.refusal ? ' chat-message-refused' : ''}`}
                >
                  <span className="visually-hidden">{entry.own ? 'You' : otherName}: </span>
                  <p className="chat-bubble">{entry.content}</p>
                  <span className="chat-meta">
                    <time dateTime={entry.createdAt}>{timeOf(entry.createdAt)}</time>
                    {entry.pending && !entry.queued && <span> · Sending…</span>}
                    {entry.queued && !entry.queued.refusal && <span> · {WAITING_TO_SEND}</span>}
                    {entry === lastOwn && entry.read && <span> · Read</span>}
                  </span>
                  {entry.queued?.refusal && (
                    <span className="chat-refused" role="alert">
                      <span>
                        {NOT_SENT}: {entry.queued.refusal}
                      </span>
                      <span className="row">
                        <Button size="sm" onClick={entry.queued.onRetry}>
                          Retry<span className="visually-hidden"> sending “{entry.content}”</span>
                        </Button>
                        <Button size="sm" variant="ghost" onClick={entry.queued.onDiscard}>
                          Discard<span className="visually-hidden"> “{entry.content}”</span>
                        </Button>
                      </span>
                    </span>
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/**
 * The log as the shell's skeleton of a conversation paints it (thread-page.tsx): the head script
 * draws each message of the newest page into a copy of the message below, the other member's on
 * the left, with a day's mark (its text left blank) where the day changes, and scrolls to the end.
 */
export function LogSkeleton() {
  return (
    <div className="chat-log" aria-hidden="true">
      <div className="chat-older" hidden {...fill('show', 'hasMore')}>
        <button type="button" className={buttonClass({ size: 'sm' })} disabled>
          {LOAD_OLDER}
        </button>
      </div>
      <ol className="chat-messages" {...fill('log', 'messages')}>
        <li className="chat-day">
          <span>&nbsp;</span>
        </li>
        <li className="chat-message" {...fill('class', 'sender._id', { $id: 'chat-message-other', '*': 'chat-message-own' })}>
          <p className="chat-bubble" {...fill('text', 'content')} />
          <span className="chat-meta">&nbsp;</span>
        </li>
      </ol>
    </div>
  );
}

export function entriesOf(messages: Message[], me: string): LogEntry[] {
  return messages.map((message) => ({
    // Keyed by clientId where there is one: the pending copy's element becomes the sent message, so the log announces it once.
    key: message.clientId ? `c:${message.clientId}` : message._id,
    own: message.sender._id === me,
    content: message.content,
    createdAt: message.createdAt,
    read: message.isRead,
  }));
}
