import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ChatMember, Message } from '#shared/api/chat.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import { HttpError } from '#shared/http-error.ts';
import { selectIsOnline, selectIsTyping, useRealtimeStore } from '#app/platform/realtime/realtime.store.ts';
import { useSession } from '#app/platform/session.store.ts';
import { SafetyMenu } from '#app/components/safety-menu.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Avatar } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { CHAT_TEXTS, announceMessagesRead, chatApi, chatKeys, chatQueries, messagesOf } from './chat.api.ts';
import { Composer } from './composer.tsx';
import { LogSkeleton, MessageLog, entriesOf, type LogEntry } from './message-log.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { discardChange, retryChange } from '#app/platform/outbox/outbox.ts';
import { usePendingSends, useQueuedSends } from './use-send-message.ts';
import { fill } from '#shared/shell-first-page.ts';
import './chat.css';

const ALL_CONVERSATIONS = 'All conversations';
const BackIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <path d="M15 5l-7 7 7 7" />
  </svg>
);

/**
 * A conversation as the shell paints it before the app's code has arrived (scripts/prerender.ts
 * writes it into index.html; the start-up stylesheet shows it on /messages/… only): the page's
 * header, log and composer with its classes, where the head script draws the partner's name and
 * the newest page's messages it asks for (src/shared/head-script.ts) as the log draws them — the
 * largest bubble is the page's largest paint. The composer is not usable yet.
 */
export function ThreadSkeleton() {
  return (
    <div className="chat-thread">
      <div className="chat-thread-header">
        <a href="/messages" className="icon-button chat-back" aria-label={ALL_CONVERSATIONS}>
          <BackIcon />
        </a>
        <span className="chat-partner-photo">
          <span className="avatar-initials avatar-md" />
        </span>
        <div className="chat-partner">
          <h1 className="chat-partner-name" {...fill('text', 'otherUser.displayName')}>
            &nbsp;
          </h1>
          <p className="chat-partner-status muted" />
        </div>
      </div>
      <LogSkeleton />
      <div inert>
        <Composer recipientId="" recipientName="" conversationId="" onSending={() => {}} onForbidden={() => {}} />
      </div>
    </div>
  );
}

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const useTabVisible = () => useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible');

/**
 * Marks the conversation read when it opens, and again when a new message from the other member
 * arrives while it is open and in view; each time the window hears `messagesRead` (core-journey §4).
 */
function useMarkRead(userId: string, messages: Message[] | null) {
  const queryClient = useQueryClient();
  const visible = useTabVisible();
  const { mutate } = useMutation({
    mutationKey: chatKeys.markRead(),
    mutationFn: () => chatApi.markRead(userId),
    onSuccess: () => {
      announceMessagesRead();
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
  const opened = useRef(false);
  const lastMarked = useRef<string | null>(null);
  const newestUnread = messages?.findLast((message) => message.sender._id === userId && !message.isRead)?._id ?? null;
  const loaded = messages !== null;
  useEffect(() => {
    if (!loaded || !visible) return;
    if (opened.current && (newestUnread === null || newestUnread === lastMarked.current)) return;
    opened.current = true;
    lastMarked.current = newestUnread;
    mutate();
  }, [loaded, visible, newestUnread, mutate]);
}

/** /messages/{userId} (core-journey §2, §4): one conversation, polled every 3 s while open. */
export function ThreadPage({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const thread = useInfiniteQuery(chatQueries.thread(userId));
  const forbidden = thread.error instanceof HttpError && thread.error.status === 403;

  // Once: a refused thread and a refused send may both say so.
  const left = useRef(false);
  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    toast.error(CHAT_TEXTS.notAllowed);
    void navigate({ to: '/messages', replace: true });
  }, [navigate]);

  useEffect(() => {
    if (forbidden) leave();
  }, [forbidden, leave]);

  const messages = useMemo(() => (thread.data ? messagesOf(thread.data) : null), [thread.data]);
  useMarkRead(userId, forbidden ? null : messages);

  if (thread.data && !forbidden) {
    return (
      <Conversation
        userId={userId}
        otherUser={thread.data.pages[0]!.otherUser}
        messages={messages!}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => thread.fetchNextPage()}
        onForbidden={leave}
        onBlocked={() => {
          // Blocked from here: the thread is refused from now on, which is no error to show.
          left.current = true;
          void navigate({ to: '/messages', replace: true });
        }}
        updatedAt={thread.dataUpdatedAt}
      />
    );
  }
  return (
    <main id="main" className="page chat-page">
      {thread.isError && !forbidden ? (
        <LoadFailed title={CHAT_TEXTS.threadFailed} error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <Spinner label="Loading conversation" />
      )}
    </main>
  );
}

function Conversation({
  userId,
  otherUser,
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onForbidden,
  onBlocked,
  updatedAt,
}: {
  userId: string;
  otherUser: ChatMember;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<unknown>;
  onForbidden: () => void;
  onBlocked: () => void;
  /** When the thread on screen was fetched (shown while offline). */
  updatedAt: number;
}) {
  const me = useSession((state) => state.user?._id ?? '');
  const conversationId = conversationIdOf(me, userId);
  const online = useRealtimeStore(selectIsOnline(userId));
  const typing = useRealtimeStore(selectIsTyping(conversationId, userId));
  const pending = usePendingSends(userId);
  const queued = useQueuedSends(userId);
  const [stickSignal, setStickSignal] = useState(0);
  const heading = useFocusHeading(true);
  const name = otherUser.displayName;

  const entries = useMemo<LogEntry[]>(() => {
    const sent = new Set(messages.map((message) => message.clientId).filter(Boolean));
    const inOutbox = new Set(queued.map((change) => change.body.clientId));
    const waiting = pending
      .filter((send) => !sent.has(send.clientId) && !inOutbox.has(send.clientId))
      .map((send) => ({ key: `c:${send.clientId}`, own: true, content: send.content, createdAt: new Date().toISOString(), pending: true }));
    // The outbox's messages, in the order they were written: waiting ones, and refused ones with the reason.
    const outbox = queued
      .filter((change) => !sent.has(change.body.clientId))
      .map((change) => ({
        key: `c:${change.body.clientId}`,
        own: true,
        content: change.body.content,
        createdAt: change.createdAt,
        pending: true,
        queued: { refusal: change.refusal?.error, onDiscard: () => void discardChange(change), onRetry: () => void retryChange(change) },
      }));
    return [...entriesOf(messages, me), ...outbox, ...waiting];
  }, [messages, pending, queued, me]);

  return (
    <main id="main" className="chat-thread">
      <div className="chat-thread-header">
        <Link to="/messages" className="icon-button chat-back" aria-label={ALL_CONVERSATIONS}>
          <BackIcon />
        </Link>
        <span className="chat-partner-photo">
          <Avatar name={name} photoUrl={otherUser.profile.photos[0]?.url} />
          {online && <span className="presence-dot" aria-hidden="true" />}
        </span>
        <div className="chat-partner">
          <h1 ref={heading} tabIndex={-1} className="chat-partner-name">
            <Link to="/user/$userId" params={{ userId }}>
              {name}
            </Link>
          </h1>
          <p className="chat-partner-status muted" role="status">
            {typing ? 'typing…' : online ? 'Online' : ''}
          </p>
        </div>
        <SafetyMenu userId={userId} name={name} onBlocked={onBlocked} />
      </div>
      <OfflineStatus updatedAt={updatedAt} />
      <MessageLog
        entries={entries}
        otherName={name}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
        stickSignal={stickSignal}
      />
      <Composer
        recipientId={userId}
        recipientName={name}
        conversationId={conversationId}
        onSending={() => setStickSignal((value) => value + 1)}
        onForbidden={onForbidden}
      />
    </main>
  );
}
