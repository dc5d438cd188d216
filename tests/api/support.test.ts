import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS, grantReferralPoints } from '#server/support/support.service.ts';
import { APPLICATION_SENT, CONTACT_SENT, FEEDBACK_SENT, INVITES_SENT } from '#shared/api/support.ts';
import { linkIn } from '#tests/support/smtp-sink.ts';
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

const sendInvites = (token: string | undefined, invites: unknown) => t.call('POST', '/users/send-invites', { token, body: { invites } });
const rows = (...emails: string[]) =>
  ['female', 'female', 'female', 'female', 'male', 'male'].map((gender, i) => ({ email: emails[i] ?? '', gender, sent: false }));
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function scoreOf(userId: string) {
  return Number((await rowsOf('users', `id = '${userId}'`))[0]!.score);
}
const grant = (friendId: string) => t.database.db.transaction((tx) => grantReferralPoints(tx, friendId, t.clock.now()));

describe('POST /api/users/send-invites', () => {
  it("mails each pending address the member's referral link to /register; registering through it records the referral", async () => {
    nextWindow();
    const member = await t.verifiedMember({ name: 'Ines' });
    const ana = unique('ana');
    const ben = unique('ben');
    const invites = rows(` ${ana.toUpperCase()} `, '', '', '', ben);
    invites[1] = { email: 'sent-before@example.com', gender: 'female', sent: true };
    const answer = await sendInvites(member.token, invites);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: INVITES_SENT, sent: [ana, ben] });

    const mail = await t.sink.waitFor((m) => m.to.includes(ana));
    expect(mail.subject).toBe('Ines invited you to Rendezvous');
    const link = linkIn(mail);
    expect(link).toBe(`http://rendezvous.test/register?ref=${member.user.referralCode}`);
    await t.sink.waitFor((m) => m.to.includes(ben) && m.subject === 'Ines invited you to Rendezvous');
    expect(t.sink.messages.some((m) => m.to.includes('sent-before@example.com'))).toBe(false);

    const friend = await t.register({ email: ana, referralCode: new URL(link).searchParams.get('ref') });
    expect((await rowsOf('users', `id = '${friend.user._id}'`))[0]!.referred_by).toBe(member.user._id);
    expect((await rowsOf('invites', `inviter_id = '${member.user._id}'`)).map((row) => row.email).sort()).toEqual([ana, ben].sort());
  });

  it('inviting an address again answers it as sent but mails it once', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const cy = unique('cy');
    expect((await sendInvites(member.token, rows(cy))).status).toBe(200);
    expect((await sendInvites(member.token, rows(cy))).body.sent).toEqual([cy]);
    await t.sink.waitFor((m) => m.to.includes(cy));
    await t.verifiedMember(); // a later mail, so the first has surely been counted
    expect(t.sink.messages.filter((m) => m.to.includes(cy))).toHaveLength(1);
  });

  it('checks the rows with the spec texts', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const none = await sendInvites(member.token, rows());
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: 'Please enter at least one valid email address', fields: [{ field: 'invites', message: 'Please enter at least one valid email address' }] });

    const onlySent = rows();
    onlySent[0] = { email: unique('old'), gender: 'female', sent: true };
    expect((await sendInvites(member.token, onlySent)).body.error).toBe('Please enter at least one valid email address');

    const bad = await sendInvites(member.token, rows(unique('ok'), 'not-an-address'));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'invites.1.email', message: 'Please check all email addresses are valid' }]);

    const tooMany = await sendInvites(member.token, [...rows(unique('a')), { email: unique('b'), gender: 'male', sent: false }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('You can invite at most 4 women and 2 men at a time');
    const fiveWomen = rows(unique('w'));
    fiveWomen[4] = { email: '', gender: 'female', sent: false };
    expect((await sendInvites(member.token, fiveWomen)).body.error).toBe('You can invite at most 4 women and 2 men at a time');

    expect((await sendInvites(member.token, [{ email: unique('x'), gender: 'couple' }])).body.fields[0].field).toBe('invites.0.gender');
    expect((await sendInvites(member.token, 'everyone')).status).toBe(400);
    const self = await sendInvites(member.token, rows(member.email));
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot invite yourself');
    expect(await rowsOf('invites', `inviter_id = '${member.user._id}'`)).toEqual([]);
  });

  it('needs a verified e-mail', async () => {
    const unverified = await t.register();
    expect((await sendInvites(unverified.token, rows(unique('n')))).status).toBe(403);
  });

  it('is rate limited per member, counting addresses, so it cannot be used to spam', async () => {
    nextWindow();
    const member = await t.verifiedMember();
    const statuses: number[] = [];
    const batches = Math.ceil(SUPPORT_LIMITS.invitesPerMember.max / 6) + 1;
    for (let i = 0; i < batches; i++) statuses.push((await sendInvites(member.token, rows(...Array.from({ length: 6 }, () => unique('bulk'))))).status);
    expect(statuses).toEqual([...Array(batches - 1).fill(200), 429]);
  });

  it('is rate limited per invited address, whoever invites it', async () => {
    nextWindow();
    const target = unique('popular');
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_LIMITS.invitesPerAddress.max; i++) {
      const inviter = await t.verifiedMember();
      statuses.push((await sendInvites(inviter.token, rows(target))).status);
    }
    expect(statuses).toEqual([...Array(SUPPORT_LIMITS.invitesPerAddress.max).fill(200), 429]);
  });
});

describe('referral points (granted when an invited friend subscribes)', () => {
  it('gives the referrer 25 for a woman and 15 for a man, once per friend, through the score ledger', async () => {
    const referrer = await t.verifiedMember();
    const code = referrer.user.referralCode;
    const woman = await t.register({ gender: 'female', referralCode: code });
    const man = await t.register({ gender: 'male', referralCode: code });
    const before = await scoreOf(referrer.user._id);

    expect((await grant(woman.user._id)).awarded).toBe(25);
    expect((await grant(woman.user._id)).awarded).toBe(0);
    expect((await grant(man.user._id)).awarded).toBe(15);
    expect(await scoreOf(referrer.user._id)).toBe(before + 40);

    const report = await t.call('GET', '/users/credit-report', { token: referrer.token });
    expect(report.body.history.filter((entry: { description: string }) => entry.description.startsWith('Referral bonus'))).toHaveLength(2);
  });

  it('doubles for a referrer whose membership is not the basic one', async () => {
    const referrer = await t.verifiedMember({ gender: 'male' });
    await t.database.db.execute(`update users set car_tier = 'tesla' where id = '${referrer.user._id}'`);
    const woman = await t.register({ gender: 'female', referralCode: referrer.user.referralCode });
    const man = await t.register({ gender: 'male', referralCode: referrer.user.referralCode });
    expect((await grant(woman.user._id)).awarded).toBe(50);
    expect((await grant(man.user._id)).awarded).toBe(30);
  });

  it('stops at the maximum bonus of 190, and gives nothing for a friend nobody referred', async () => {
    const referrer = await t.verifiedMember();
    const friends = [];
    for (let i = 0; i < 9; i++) friends.push(await t.register({ gender: 'female', referralCode: referrer.user.referralCode }));
    const awarded = [];
    for (const friend of friends) awarded.push((await grant(friend.user._id)).awarded);
    expect(awarded).toEqual([25, 25, 25, 25, 25, 25, 25, 15, 0]);
    const loner = await t.register();
    expect((await grant(loner.user._id)).awarded).toBe(0);
  });

  it('of two grants for one friend at once, exactly one counts', async () => {
    const referrer = await t.verifiedMember();
    const friend = await t.register({ gender: 'female', referralCode: referrer.user.referralCode });
    const both = await Promise.all([grant(friend.user._id), grant(friend.user._id)]);
    expect(both.map((b) => b.awarded).sort()).toEqual([0, 25]);
  });
});
