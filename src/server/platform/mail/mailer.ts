import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** `replyTo`: where a reply goes (a support mail answers the member who wrote it). */
export type MailAttachment = { filename: string; content: string; contentType: string };
export type MailMessage = { to: string; subject: string; text: string; replyTo?: string; attachments?: MailAttachment[] };
export type Mailer = { send(message: MailMessage): Promise<void> };

const SIGNATURE = '\n\n— The Rendezvous team\nFree time, real dates.\n';

/** Every mail is plain text in one branded frame. */
export function frame(greetingName: string, body: string): string {
  return `Hi ${greetingName},\n\n${body.trim()}${SIGNATURE}`;
}

/**
 * How long an SMTP server may stay silent (to connect, to greet, between replies) before a send
 * fails. nodemailer waits up to 10 minutes; a mail job's claim lasts 5 (jobs.ts), so a stalled
 * server would let a second worker take the job and send its mail again.
 */
export const SMTP_SILENCE_MS = 30_000;

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as a readable text file to
 * `outboxDir` and its first link is logged, so development needs no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger; silenceMs?: number }): Mailer {
  const { smtpUrl, from, outboxDir, log, silenceMs = SMTP_SILENCE_MS } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: silenceMs, greetingTimeout: silenceMs, socketTimeout: silenceMs });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.txt`);
      await writeFile(file, `From: ${from}\nTo: ${message.to}\n${message.replyTo ? `Reply-To: ${message.replyTo}\n` : ''}Subject: ${message.subject}\n\n${message.text}`);
      // Attachments beside the mail, named after it, so development can open them too.
      for (const attachment of message.attachments ?? []) await writeFile(`${file.slice(0, -'.txt'.length)}-${attachment.filename}`, attachment.content);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log.info({ to: message.to, file, link }, `mail written to outbox: ${message.subject}${link ? ` — ${link}` : ''}`);
    },
  };
}
