import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts';
import { JOB_DEFAULTS } from '../jobs/jobs.ts';
import { SMTP_SILENCE_MS, createMailer, frame } from './mailer.ts';

const logLines: { obj: object; msg: string }[] = [];
const log = { info: (obj: object, msg: string) => logLines.push({ obj, msg }) } as never;

describe('mailer', () => {
  let dir: string | undefined;
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    await sink?.close();
    logLines.length = 0;
  });

  it('without SMTP_URL writes the message to the outbox as text and logs its link', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Rendezvous <no-reply@test.local>', outboxDir: dir, log });
    await mailer.send({ to: 'ann@example.com', subject: 'Confirm', text: frame('Ann', 'Open https://app.test/verify-email?token=abc now') });

    const [file] = await readdir(dir);
    const written = await readFile(path.join(dir, file!), 'utf8');
    expect(written).toContain('To: ann@example.com');
    expect(written).toContain('Subject: Confirm');
    expect(written).toContain('https://app.test/verify-email?token=abc');
    expect(logLines[0]?.msg).toContain('https://app.test/verify-email?token=abc');
  });

  it('with SMTP_URL delivers over a real SMTP conversation', async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Rendezvous <no-reply@test.local>', outboxDir: '/nonexistent', log });
    await mailer.send({ to: 'bo@example.com', subject: 'Hello', text: frame('Bo', 'Body text') });

    const mail = await sink.waitFor((m) => m.to.includes('bo@example.com'));
    expect(mail.subject).toBe('Hello');
    expect(mail.text).toContain('Hi Bo,');
    expect(mail.text).toContain('The Rendezvous team');
  });

  it('gives up on an SMTP server that goes silent, well before a mail job\'s claim runs out', async () => {
    // Accepts the connection and never greets.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rendezvous <no-reply@test.local>', outboxDir: '/nonexistent', log, silenceMs: 300 });
      await expect(mailer.send({ to: 'cy@example.com', subject: 'Hello', text: 'Body' })).rejects.toThrow(/greeting|timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    // Connect, greet and each reply may each take the whole silence: still far within the claim.
    expect(SMTP_SILENCE_MS * 3).toBeLessThan(JOB_DEFAULTS.lockMs);
  });
});
