import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX } from '#shared/domain/chat.ts';
import { HttpError } from '#shared/http-error.ts';
import { emitTyping } from '#app/platform/realtime/realtime.store.ts';
import { hasWaiting } from '#app/platform/outbox/outbox.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { CHAT_TEXTS } from './chat.api.ts';
import { queueSend, useSendMessage } from './use-send-message.ts';

/** While typing, "typing" is said again at most this often (the other side's indicator stays on). */
export const TYPING_REPEAT_MS = 2_000;
/** After this long without a keystroke, "stopped typing" is said. */
export const TYPING_IDLE_MS = 3_000;
/** The character counter shows from here on. */
export const COUNTER_FROM = MESSAGE_MAX - 100;
export const TOO_LONG = `Message must be at most ${MESSAGE_MAX} characters`;

/** Tells the other member I am typing (throttled), and that I stopped: when idle, after a send, on leaving. */
function useTypingSignal(recipientId: string, conversationId: string) {
  const typing = useRef(false);
  const lastSaid = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idle.current);
    if (!typing.current) return;
    typing.current = false;
    emitTyping(recipientId, conversationId, false);
  }, [recipientId, conversationId]);

  const keystroke = useCallback(() => {
    const now = Date.now();
    if (!typing.current || now - lastSaid.current >= TYPING_REPEAT_MS) {
      typing.current = true;
      lastSaid.current = now;
      emitTyping(recipientId, conversationId, true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [recipientId, conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/**
 * The message box (core-journey §5): trimmed 1 to 1000 characters, Enter sends and Shift+Enter
 * starts a new line, one send at a time. A failed send keeps the text and its clientId, so
 * sending the same text again cannot store it twice. Offline (or when the network fails, or while
 * other changes wait) the message goes to the outbox: shown at once as waiting, sent when the network
 * returns, with the same clientId.
 */
export function Composer({
  recipientId,
  recipientName,
  conversationId,
  onSending,
  onForbidden,
}: {
  recipientId: string;
  recipientName: string;
  conversationId: string;
  /** A send starts (the thread then sticks to the bottom). */
  onSending?: () => void;
  /** The server says this chat is closed (403). */
  onForbidden: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  /** The text last sent and its clientId: a retry of the same text reuses the id. */
  const attempt = useRef<{ content: string; clientId: string } | null>(null);
  /** Set at once on submit: a second Enter in the same tick cannot slip past a re-render. */
  const sending = useRef(false);
  const send = useSendMessage(recipientId);
  const typing = useTypingSignal(recipientId, conversationId);

  const content = text.trim();
  const tooLong = content.length > MESSAGE_MAX;
  const canSend = content.length > 0 && !tooLong && !send.isPending;

  function submit() {
    if (sending.current || content.length === 0 || tooLong) return;
    sending.current = true;
    const clientId = attempt.current?.content === content ? attempt.current.clientId : crypto.randomUUID();
    attempt.current = { content, clientId };
    setFailed(false);
    typing.stop();
    onSending?.();
    const queue = async () => {
      await queueSend({ recipientId, content, clientId }, recipientName);
      attempt.current = null;
      setText('');
      box.current?.focus();
    };
    if (!navigator.onLine || hasWaiting()) {
      void queue().finally(() => (sending.current = false));
      return;
    }
    send.mutate(
      { recipientId, content, clientId },
      {
        onSuccess: () => {
          attempt.current = null;
          setText('');
          box.current?.focus();
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 0) void queue();
          else if (error instanceof HttpError && error.status === 403) onForbidden();
          else setFailed(true);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const showCounter = content.length >= COUNTER_FROM;
  const describedBy = [showCounter && counterId, (failed || tooLong) && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <form className="composer" onSubmit={onSubmit} aria-busy={send.isPending || undefined}>
      <label htmlFor={id} className="visually-hidden">
        Message {recipientName}
      </label>
      <div className="composer-row">
        <textarea
          id={id}
          ref={box}
          className="composer-input"
          rows={1}
          value={text}
          placeholder="Write a message…"
          readOnly={send.isPending}
          aria-invalid={tooLong || undefined}
          aria-describedby={describedBy}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
            if (failed) setFailed(false);
            if (event.target.value.trim()) typing.keystroke();
            else typing.stop();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" variant="primary" className="composer-send" disabled={!canSend} busy={send.isPending}>
          Send
        </Button>
      </div>
      <div className="composer-meta">
        {(failed || tooLong) && (
          <span id={errorId} className="field-error" role="alert">
            {tooLong ? TOO_LONG : CHAT_TEXTS.sendFailed}
          </span>
        )}
        {showCounter && (
          <span id={counterId} className={`composer-counter${tooLong ? ' composer-counter-over' : ''}`}>
            {content.length}/{MESSAGE_MAX}
          </span>
        )}
      </div>
    </form>
  );
}
