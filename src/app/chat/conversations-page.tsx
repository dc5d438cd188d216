import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Conversation } from '#shared/api/chat.ts';
import { capCount } from '#shared/domain/score.ts';
import { discardChange } from '#app/platform/outbox/outbox.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Avatar } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { CHAT_TEXTS, chatKeys, chatQueries } from './chat.api.ts';
import { whenOf } from './chat-time.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useRefusedSends } from './use-send-message.ts';
import './chat.css';

/** What a conversation row says under the name: the last message (mine prefixed), or an invitation to start. */
export const SAY_HELLO = 'Say hello';

/** /messages (core-journey §2): the members I may chat with, newest conversation first. */
export function ConversationsPage() {
  const queryClient = useQueryClient();
  const conversations = useQuery(chatQueries.conversations());
  const heading = useFocusHeading(!conversations.isPending);

  // The header polls the unread total; when it moves, a row's count or last message has too.
  const unreadTotal = useQuery({ ...chatQueries.unreadCount(), enabled: false }).data;
  const lastTotal = useRef(unreadTotal);
  useEffect(() => {
    if (lastTotal.current !== undefined && unreadTotal !== lastTotal.current) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    lastTotal.current = unreadTotal;
  }, [unreadTotal, queryClient]);

  return (
    <main id="main" className="page chat-page">
      <h1 ref={heading} tabIndex={-1}>
        Messages
      </h1>
      {conversations.data && <OfflineStatus updatedAt={conversations.dataUpdatedAt} />}
      <RefusedSends />
      {conversations.isPending ? (
        <Spinner label="Loading conversations" />
      ) : conversations.isError && !conversations.data ? (
        <LoadFailed title={CHAT_TEXTS.conversationsFailed} error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : conversations.data.length === 0 ? (
        <div className="empty-state">
          <p>
            <strong>No conversations yet</strong>
          </p>
          <p>Chat opens once a date is confirmed: book a member's free time, or accept a request, and you can message each other here.</p>
          <Link to="/browse" className="btn btn-primary">
            Browse Profiles
          </Link>
        </div>
      ) : (
        <ul className="conversation-list">
          {conversations.data.map((conversation) => (
            <ConversationRow key={conversation._id} conversation={conversation} />
          ))}
        </ul>
      )}
    </main>
  );
}

/**
 * Messages written offline that the server refused when they were sent (a chat closed meanwhile):
 * listed here with the reason, since their conversation may be gone, until the member discards them.
 */
function RefusedSends() {
  const refused = useRefusedSends();
  if (refused.length === 0) return null;
  return (
    <section className="card stack-sm outbox-refused" aria-labelledby="refused-heading">
      <h2 id="refused-heading">Messages not sent</h2>
      <ul className="stack-sm">
        {refused.map((change) => (
          <li key={change.id} className="stack-sm">
            <span>
              {change.label ? `To ${change.label}: ` : ''}“{change.body.content}”
            </span>
            <span className="field-error">{change.refusal?.error}</span>
            <Button size="sm" variant="ghost" onClick={() => void discardChange(change)}>
              Discard<span className="visually-hidden"> “{change.body.content}”</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const me = useSession((state) => state.user?._id);
  const { otherUser, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  const preview = lastMessage ? `${lastMessage.sender === me ? 'You: ' : ''}${lastMessage.content}` : SAY_HELLO;
  return (
    <li>
      <Link
        to="/messages/$userId"
        params={{ userId: otherUser._id }}
        className={`conversation${unread ? ' conversation-unread' : ''}${lastMessage ? '' : ' conversation-new'}`}
      >
        <Avatar name={otherUser.displayName} photoUrl={otherUser.profile.photos[0]?.url} />
        <span className="conversation-body">
          <span className="conversation-top">
            <span className="conversation-name">{otherUser.displayName}</span>
            {lastMessage && (
              <time className="conversation-time" dateTime={lastMessage.createdAt}>
                {whenOf(lastMessage.createdAt)}
              </time>
            )}
          </span>
          <span className="conversation-preview">{preview}</span>
        </span>
        {unread && (
          <span className="badge conversation-badge">
            <span aria-hidden="true">{capCount(unreadCount, 99)}</span>
            <span className="visually-hidden">, {unreadCount} unread</span>
          </span>
        )}
      </Link>
    </li>
  );
}
