import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** `replyTo`: where a reply goes (a support mail answers the member who wrote it). */
export type MailMessage = { to: string; subject: string; text: string; replyTo?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

const SIGNATURE = '\n\n— The Rendezvous team\nFree time, real dates.\n';

/** Every mail is plain text in one branded frame. */
export function frame(greetingName: string, body: string): string {
  return `Hi ${greetingName},\n\n${body.trim()}${SIGNATURE}`;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as a readable text file to
 * `outboxDir` and its first link is logged, so development needs no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
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
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log.info({ to: message.to, file, link }, `mail written to outbox: ${message.subject}${link ? ` — ${link}` : ''}`);
    },
  };
}
