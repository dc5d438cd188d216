import { expect, test } from '@playwright/test';
import { POINT_GUIDE, signedPoints } from '#shared/domain/score-guide.ts';
import { MAIL_POLL, createMember, expectNoSevereA11yViolations, mailsTo, signInAs, uniqueEmail, verificationLink } from '../support/e2e-fixtures.ts';

/** The e2e server runs with the default SUPPORT_EMAIL. */
const SUPPORT_EMAIL = 'support@rendezvous.local';

test('a contact message is checked, sent, and arrives at the support address with a reply-to of the sender', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { name: 'Sasha' });
  await signInAs(page, member);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('We reply within 24 hours on business days.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Sasha');
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await expectNoSevereA11yViolations(page);

  const replyTo = `sasha-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(replyTo);
  await page.getByLabel('Message', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();

  await page.getByLabel('Subject (optional)').fill('My date never showed up');
  await page.getByLabel('Message', { exact: true }).fill('My date on Saturday never arrived. What happens to their score?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: "Message sent successfully! We'll get back to you soon." }).first()).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  await expect
    .poll(() => mailsTo(SUPPORT_EMAIL).find((m) => m.replyTo === replyTo), { ...MAIL_POLL, message: 'the contact mail at the sink', timeout: 15_000 })
    .toBeTruthy();
  const mail = mailsTo(SUPPORT_EMAIL).find((m) => m.replyTo === replyTo)!;
  expect(mail.subject).toBe('[Contact] My date never showed up');
  expect(mail.text).toContain('My date on Saturday never arrived. What happens to their score?');
  expect(mail.text).toContain(`From: Sasha <${replyTo}>`);

  // The FAQ opens from the keyboard.
  await page.getByText('Can I change my account type?').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/needs our help/)).toBeVisible();
});

test('feedback with the job category is stored and leads to /careers/apply', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await expectNoSevereA11yViolations(page);

  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Please choose a category')).toBeVisible();
  await page.getByLabel('Category').selectOption('job');
  await page.getByLabel('Your feedback').fill('I have moderated a large forum for three years.');
  await page.getByLabel('Rating (optional)').selectOption('5');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to the job application' }).click();
  await expect(page).toHaveURL(/\/careers\/apply$/);
});

test.describe('the reading pages', () => {
  test('/about explains every part of how it works and links home', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    for (const name of ['Three steps to a date', 'The reliability score', 'Whoever asks, pays', 'Individuals and couples', 'Status tiers', 'What moves your score', 'Safety and privacy']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('Set your availability.')).toBeVisible();
    await expect(page.getByText('750–850 Excellent:')).toBeVisible();
    // The score's effects are the ledger's own, as on /score.
    const effects = page.getByRole('table', { name: 'Score effect of each action' }).locator('tbody tr');
    await expect(effects).toHaveCount(POINT_GUIDE.length);
    for (const [i, { action, points }] of POINT_GUIDE.entries()) await expect(effects.nth(i)).toHaveText(`${action}${signedPoints(points)}`);
    await expectNoSevereA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/terms: 14 sections, last updated September 4, 2025, the law of British Columbia', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated: September 4, 2025')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(14);
    await expect(page.getByRole('heading', { level: 2, name: '14. Governing law and contact' })).toBeVisible();
    await expect(page.getByText(/governed by the laws of the Province of British Columbia/)).toBeVisible();
    await expectNoSevereA11yViolations(page);
    await page.getByRole('link', { name: '← Back to Rendezvous' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/privacy: 12 sections with the retention periods', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
    await expect(page.getByText(/Verification records: 7 years or more/)).toBeVisible();
    await expect(page.getByText(/Communication logs .*: 3 to 5 years/)).toBeVisible();
    await expect(page.getByText(/most of your data is removed within 30 days/)).toBeVisible();
    await expectNoSevereA11yViolations(page);
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

test('careers signed out: the job, the pitch, and registering leads back to the application', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByRole('heading', { level: 2, name: 'Content Moderator' })).toBeVisible();
  await expect(page.getByText('Part-time or full-time')).toBeVisible();
  await expect(page.getByText('Remote', { exact: true })).toBeVisible();
  await expectNoSevereA11yViolations(page);
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/careers\/apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply to join the team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute('href', '/careers');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login?redirect=%2Fcareers%2Fapply');
  await expect(page.getByRole('form', { name: 'Job application' })).toHaveCount(0);
  await expectNoSevereA11yViolations(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fcareers%2Fapply$/);

  await page.getByLabel('Email').fill(uniqueEmail('applicant'));
  await page.getByLabel('Password').fill('a long enough secret');
  await page.getByLabel('Name').fill('Riley');
  await page.getByLabel('Age').fill('27');
  await page.getByLabel('Gender', { exact: true }).selectOption('female');
  await page.getByRole('combobox', { name: 'City' }).fill('Vancouver, Canada');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/careers\/apply$/);
  await expect(page.getByRole('form', { name: 'Job application' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Riley');
});

test('careers signed in: the application is checked, sent to support, and thanked', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { name: 'Quinn' });
  await signInAs(page, member);
  await page.goto('/careers/apply');
  const form = page.getByRole('form', { name: 'Job application' });
  await expect(form).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Quinn');
  await expectNoSevereA11yViolations(page);

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please choose when you could start')).toBeVisible();
  await expect(page.getByText('Please confirm that you have submitted feedback about Rendezvous')).toBeVisible();

  const email = `quinn-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('When could you start?').selectOption('immediately');
  await page.getByLabel('Relevant experience (optional)').fill('Moderated a city subreddit for two years.');
  await page.getByLabel('I have submitted feedback about Rendezvous').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for applying! We will be in touch by e-mail.' })).toBeFocused();

  await expect.poll(() => mailsTo(SUPPORT_EMAIL).find((m) => m.replyTo === email), { ...MAIL_POLL, timeout: 15_000 }).toBeTruthy();
  const mail = mailsTo(SUPPORT_EMAIL).find((m) => m.replyTo === email)!;
  expect(mail.subject).toBe('[Careers] Content Moderator: Quinn');
  expect(mail.text).toContain('Moderated a city subreddit for two years.');
  // /careers itself is public-only (the spec's route table): the link is there, the guard decides.
  await expect(page.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute('href', '/careers');
});

test('invite friends: six rows, the spec texts, invites mailed with the referral link, sent rows leave the list, a friend registers through it and his membership earns the points', async ({ page, browser, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Noor' });
  await signInAs(page, member);
  await page.goto('/invite-friends');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite Friends' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Referral points' })).toBeVisible();
  await expect(page.getByLabel(/^Friend \d \(woman\) email$/)).toHaveCount(4);
  await expect(page.getByLabel(/^Friend \d \(man\) email$/)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Send Invites' })).toBeDisabled();
  await expectNoSevereA11yViolations(page);

  const friend = uniqueEmail('friend');
  const otherFriend = uniqueEmail('other-friend');
  await page.getByLabel('Friend 5 (man) email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send Invites' }).click();
  await expect(page.getByText('Please check all email addresses are valid')).toBeVisible();
  await page.getByLabel('Friend 5 (man) email').fill(friend);
  await page.getByLabel('Friend 1 (woman) email').fill(otherFriend);
  await page.getByRole('button', { name: 'Send Invites' }).click();
  await expect(page.getByText("Invites sent! You'll earn credit when friends subscribe.").first()).toBeVisible();
  await expect(page.getByLabel('Friend 5 (man) email')).toHaveCount(0);
  await expect(page.getByRole('list').filter({ hasText: friend })).toBeVisible();

  await expect.poll(() => mailsTo(otherFriend)[0]?.subject, { ...MAIL_POLL, timeout: 15_000 }).toBe('Noor invited you to Rendezvous');
  await expect.poll(() => mailsTo(friend)[0]?.subject, { ...MAIL_POLL, timeout: 15_000 }).toBe('Noor invited you to Rendezvous');
  const link = mailsTo(friend)[0]!.text.match(/https?:\/\/\S+/)![0];
  expect(new URL(link).pathname).toBe('/register');
  expect(new URL(link).searchParams.get('ref')).toBeTruthy();

  // One friend registers through the link; when his first membership starts, Noor earns her points.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(new URL(link).pathname + new URL(link).search);
  await friendPage.getByLabel('Email').fill(friend);
  await friendPage.getByLabel('Password').fill('a long enough secret');
  await friendPage.getByLabel('Name').fill('Omar');
  await friendPage.getByLabel('Age').fill('34');
  await friendPage.getByLabel('Gender', { exact: true }).selectOption('male');
  await friendPage.getByRole('combobox', { name: 'City' }).fill('Vancouver, Canada');
  await friendPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(friendPage).toHaveURL(/\/verify-email$/);
  await friendPage.goto(await verificationLink(friend));
  await expect(friendPage).toHaveURL(/\/browse$/);
  const friendToken = (await friendPage.evaluate(() => localStorage.getItem('token')))!;
  await friendContext.close();

  const report = async () => {
    const answer = await fetch(`${baseURL}/api/users/credit-report`, { headers: { authorization: `Bearer ${member.token}` } });
    return (await answer.json()) as { history: { description: string; points: number }[] };
  };
  expect((await report()).history.some((entry) => entry.description.startsWith('Referral bonus'))).toBe(false);
  const paid = await fetch(`${baseURL}/api/subscriptions/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${friendToken}` },
    body: JSON.stringify({
      tier: 'jetta',
      paymentData: {
        cardNumber: '4242 4242 4242 4242',
        expiryDate: '12/39',
        cvv: '123',
        cardholderName: 'Omar Haddad',
        billingEmail: friend,
        billingAddress: { street: '1 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', country: 'Canada' },
      },
    }),
  });
  expect(paid.status).toBe(200);
  expect((await report()).history).toContainEqual(expect.objectContaining({ description: 'Referral bonus: Omar subscribed', points: 15 }));
});
