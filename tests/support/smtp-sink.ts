import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
  receivedAt: number;
};

/**
 * A real SMTP server on a free loopback port that keeps what it receives. With `dir`, every
 * message is also written there as JSON (for test processes other than the one that started it).
 */
export async function startSmtpSink(options: { dir?: string } = {}) {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  if (options.dir) mkdirSync(options.dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            replyTo: parsed.replyTo?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
            receivedAt: Date.now(),
          };
          messages.push(mail);
          if (options.dir) {
            // Whole or not at all: a test process may list the folder while this one writes.
            const file = path.join(options.dir, `${mail.receivedAt}-${messages.length}.json`);
            writeFileSync(`${file}.part`, JSON.stringify(mail));
            renameSync(`${file}.part`, file);
          }
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });

  // A client that goes away mid-conversation (a server process killed by a test) is routine for a
  // mail server, not a failure of the test that killed it.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** Resolves with the first message (already received or arriving) that matches. */
  function waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail "${mail.subject}"`);
  return link;
}
