import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS } from '#server/support/support.service.ts';
import { APPLICATION_SENT, CONTACT_SENT, FEEDBACK_SENT } from '#shared/api/support.ts';
import { SUPPORT_EMAIL, startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
/** Each test starts in fresh rate-limit windows (every call here comes from 127.0.0.1). */
const nextWindow = () => t.clock.advance(2 * HOUR);

async function rowsOf(table: string, where = 'true') {
  const result = await t.database.db.execute(`select * from ${table} where ${where}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

const contact = (token: string | undefined, body: unknown) => t.call('POST', '/contact', { token, body });

describe('POST /api/contact', () => {
  it('stores the message and mails it to the support address, reply-to the sender', async () => {
    nextWindow();
    const member = await t.register();
    const answer = await contact(member.token, {
      name: '  Ada Lovelace ',
      email: ' ada.contact@example.com ',
      subject: 'Changing my account type',
      message: '  We are now a couple; please switch our account.  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: CONTACT_SENT });

    const mail = await t.sink.waitFor((m) => m.subject === '[Contact] Changing my account type');
    expect(mail.to).toEqual([SUPPORT_EMAIL]);
    expect(mail.replyTo).toBe('ada.contact@example.com');
    expect(mail.text).toContain('From: Ada Lovelace <ada.contact@example.com>');
    expect(mail.text).toContain(`Member: ${member.user._id} (${member.email})`);
    expect(mail.text).toContain('We are now a couple; please switch our account.');

    const rows = await rowsOf('contact_messages', `user_id = '${member.user._id}'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada.contact@example.com',
      subject: 'Changing my account type',
      message: 'We are now a couple; please switch our account.',
    });
  });

  it("an empty or missing subject becomes 'Contact Form Inquiry'", async () => {
    nextWindow();
    const member = await t.register();
    for (const subject of ['   ', undefined]) {
      const answer = await contact(member.token, { name: 'Bo', email: 'bo.subject@example.com', subject, message: 'A question about dates.' });
      expect(answer.status).toBe(200);
    }
    const rows = await rowsOf('contact_messages', `user_id = '${member.user._id}'`);
    expect(rows.map((row) => row.subject)).toEqual(['Contact Form Inquiry', 'Contact Form Inquiry']);
    await t.sink.waitFor((m) => m.subject === '[Contact] Contact Form Inquiry' && m.replyTo === 'bo.subject@example.com');
  });

  it('a filled honeypot is accepted silently: nothing stored, nothing mailed', async () => {
    nextWindow();
    const member = await t.register();
    const answer = await contact(member.token, {
      name: 'Bot',
      email: 'bot.honeypot@example.com',
      subject: 'Cheap watches',
      message: 'Buy cheap watches here today.',
      website: 'http://spam.example',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: CONTACT_SENT });
    // A real message sent afterwards arrives; the bot's never did.
    await contact(member.token, { name: 'Real', email: 'real.after@example.com', message: 'A genuine message after the bot.' });
    await t.sink.waitFor((m) => m.replyTo === 'real.after@example.com');
    expect(t.sink.messages.some((m) => m.replyTo === 'bot.honeypot@example.com' || m.subject.includes('Cheap watches'))).toBe(false);
    expect(await rowsOf('contact_messages', `email = 'bot.honeypot@example.com'`)).toEqual([]);
  });

  it('checks every field with the spec texts, naming the field', async () => {
    nextWindow();
    const member = await t.register();
    const valid = { name: 'Cy', email: 'cy@example.com', subject: '', message: 'Long enough message.' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '   ' }, 'name', 'Please fill in all required fields'],
      [{ ...valid, name: undefined }, 'name', 'Please fill in all required fields'],
      [{ ...valid, email: '' }, 'email', 'Please fill in all required fields'],
      [{ ...valid, email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ ...valid, message: '   ' }, 'message', 'Please fill in all required fields'],
      [{ ...valid, message: '  too short  ' }, 'message', 'Message must be at least 10 characters long'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Message must be less than 5000 characters'],
      [{ ...valid, name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ ...valid, email: `${'e'.repeat(250)}@x.com` }, 'email', 'Email must be at most 255 characters'],
      [{ ...valid, subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
      [{ ...valid, message: 42 }, 'message', 'Please fill in all required fields'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await contact(member.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.fields).toContainEqual({ field, message });
      expect(answer.body.error).toBe(message);
    }
    // The edges are allowed: exactly 10 and exactly 5000 characters, a 200-character subject.
    expect((await contact(member.token, { ...valid, message: 'x'.repeat(10) })).status).toBe(200);
    expect((await contact(member.token, { ...valid, message: 'x'.repeat(5000), subject: 's'.repeat(200) })).status).toBe(200);
    expect((await t.call('POST', '/contact', { token: member.token, rawBody: '{"name":' })).status).toBe(400);
  });

  it('needs a session', async () => {
    const answer = await contact(undefined, { name: 'Anon', email: 'anon@example.com', message: 'Hello there, support.' });
    expect(answer.status).toBe(401);
  });

  it('is rate limited per member', async () => {
    nextWindow();
    const member = await t.register();
    const other = await t.register();
    const body = { name: 'Di', email: 'di@example.com', message: 'Another message for you.' };
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_LIMITS.contactPerMember.max; i++) statuses.push((await contact(member.token, body)).status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await contact(other.token, body)).status).toBe(200);
    expect(await rowsOf('contact_messages', `user_id = '${member.user._id}'`)).toHaveLength(SUPPORT_LIMITS.contactPerMember.max);
    t.clock.advance(HOUR);
    expect((await contact(member.token, body)).status).toBe(200);
  });

  it('is rate limited per IP, whichever member sends', async () => {
    nextWindow();
    const perMember = SUPPORT_LIMITS.contactPerMember.max - 1;
    const members = await Promise.all(
      Array.from({ length: Math.ceil(SUPPORT_LIMITS.contactPerIp.max / perMember) + 1 }, () => t.register()),
    );
    const body = { name: 'Ed', email: 'ed@example.com', message: 'Many members, one address.' };
    for (let i = 0; i < SUPPORT_LIMITS.contactPerIp.max; i++) {
      expect((await contact(members[Math.floor(i / perMember)]!.token, body)).status).toBe(200);
    }
    const refused = await contact(members.at(-1)!.token, body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

const feedback = (token: string | undefined, body: unknown) => t.call('POST', '/feedback/submit', { token, body });

describe('POST /api/feedback/submit', () => {
  it('stores the category, message and optional rating; the job category (only) sets the job-application flag', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const sent = [
      { category: 'bug', message: '  The calendar skips a day.  ', rating: 2, jobApplication: true },
      { category: 'job', message: 'I would love to moderate.', jobApplication: false },
      { category: 'ui', message: 'Lovely colours.', rating: 0 },
      { category: 'general', message: 'All good.', rating: null },
    ];
    const answers = [];
    for (const body of sent) answers.push(await feedback(member.token, body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.body).toEqual({ success: true, message: FEEDBACK_SENT, jobApplication: false });
    expect(answers[1]!.body).toEqual({ success: true, message: FEEDBACK_SENT, jobApplication: true });

    const rows = await rowsOf('feedback', `user_id = '${member.user._id}' order by created_at, message`);
    expect(rows.map(({ category, message, rating, job_application }) => ({ category, message, rating, job_application })).sort((a, b) => String(a.category).localeCompare(String(b.category)))).toEqual([
      { category: 'bug', message: 'The calendar skips a day.', rating: 2, job_application: false },
      { category: 'general', message: 'All good.', rating: null, job_application: false },
      { category: 'job', message: 'I would love to moderate.', rating: null, job_application: true },
      { category: 'ui', message: 'Lovely colours.', rating: 0, job_application: false },
    ]);
  });

  it('checks every field, naming it', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const valid = { category: 'feature', message: 'Dark mode please.' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, category: undefined }, 'category', 'Please choose a category'],
      [{ ...valid, category: '' }, 'category', 'Please choose a category'],
      [{ ...valid, category: 'praise' }, 'category', 'Please choose a category'],
      [{ ...valid, message: '  ' }, 'message', 'Please enter your feedback'],
      [{ ...valid, message: undefined }, 'message', 'Please enter your feedback'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Feedback must be less than 5000 characters'],
      [{ ...valid, rating: 6 }, 'rating', 'Rating must be a whole number from 0 to 5'],
      [{ ...valid, rating: -1 }, 'rating', 'Rating must be a whole number from 0 to 5'],
      [{ ...valid, rating: 2.5 }, 'rating', 'Rating must be a whole number from 0 to 5'],
      [{ ...valid, rating: '3' }, 'rating', 'Rating must be a whole number from 0 to 5'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await feedback(member.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.fields).toContainEqual({ field, message });
    }
    expect(await rowsOf('feedback', `user_id = '${member.user._id}'`)).toEqual([]);
  });

  it('needs a verified e-mail', async () => {
    const unverified = await t.register();
    expect((await feedback(unverified.token, { category: 'general', message: 'Hello' })).status).toBe(403);
    expect((await feedback(undefined, { category: 'general', message: 'Hello' })).status).toBe(401);
  });

  it('is rate limited per member', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_LIMITS.feedbackPerMember.max; i++) {
      statuses.push((await feedback(member.token, { category: 'general', message: `Note ${i}` })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

const apply = (token: string | undefined, body: unknown) => t.call('POST', '/careers/apply', { token, body });
const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace.applies@example.com',
  phone: '+1 604 555 0100',
  position: 'Content Moderator',
  experience: 'Five years moderating a large forum.',
  whyWork: 'I like what you are building.',
  availability: '1-2weeks',
  feedbackSubmitted: true,
  ...overrides,
});

describe('POST /api/careers/apply', () => {
  it('stores the application and mails it to support, reply-to the applicant', async () => {
    nextWindow();
    const member = await t.register();
    const answer = await apply(member.token, application());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: APPLICATION_SENT });

    const mail = await t.sink.waitFor((m) => m.subject === '[Careers] Content Moderator: Grace Hopper');
    expect(mail.to).toEqual([SUPPORT_EMAIL]);
    expect(mail.replyTo).toBe('grace.applies@example.com');
    for (const line of ['Applicant: Grace Hopper <grace.applies@example.com>', 'Phone: +1 604 555 0100', 'Can start: In 1–2 weeks', 'Five years moderating a large forum.', 'I like what you are building.']) {
      expect(mail.text).toContain(line);
    }
    const rows = await rowsOf('job_applications', `user_id = '${member.user._id}'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', email: 'grace.applies@example.com', position: 'Content Moderator', availability: '1-2weeks', why_work: 'I like what you are building.' });
  });

  it('phone, experience and why-work are optional', async () => {
    nextWindow();
    const member = await t.register();
    const answer = await apply(member.token, application({ email: 'brief@example.com', phone: '', experience: null, whyWork: '  ', position: 'Other', availability: 'flexible' }));
    expect(answer.status).toBe(200);
    const [row] = await rowsOf('job_applications', `user_id = '${member.user._id}'`);
    expect(row).toMatchObject({ phone: null, experience: null, why_work: null, position: 'Other' });
    const mail = await t.sink.waitFor((m) => m.replyTo === 'brief@example.com');
    expect(mail.text).not.toContain('Phone:');
  });

  it('checks every field, naming it', async () => {
    nextWindow();
    const member = await t.register();
    const cases: [Record<string, unknown>, string, string][] = [
      [application({ name: ' ' }), 'name', 'Please enter your name'],
      [application({ email: '' }), 'email', 'Please enter your email address'],
      [application({ email: 'nope' }), 'email', 'Please enter a valid email address'],
      [application({ phone: 'call me' }), 'phone', 'Please enter a valid phone number'],
      [application({ position: 'CEO' }), 'position', 'Please choose a position'],
      [application({ position: undefined }), 'position', 'Please choose a position'],
      [application({ availability: 'someday' }), 'availability', 'Please choose when you could start'],
      [application({ feedbackSubmitted: false }), 'feedbackSubmitted', 'Please confirm that you have submitted feedback about Rendezvous'],
      [application({ feedbackSubmitted: undefined }), 'feedbackSubmitted', 'Please confirm that you have submitted feedback about Rendezvous'],
      [application({ experience: 'x'.repeat(2001) }), 'experience', 'Experience must be at most 2000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await apply(member.token, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields).toContainEqual({ field, message });
    }
    expect(await rowsOf('job_applications', `user_id = '${member.user._id}'`)).toEqual([]);
  });

  it('needs a session and is rate limited per member', async () => {
    nextWindow();
    expect((await apply(undefined, application())).status).toBe(401);
    const member = await t.register();
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_LIMITS.applicationsPerMember.max; i++) statuses.push((await apply(member.token, application({ email: `often${i}@example.com` }))).status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
