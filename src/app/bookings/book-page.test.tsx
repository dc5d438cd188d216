import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#app/platform/session.store.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { BookPage, BookingRequestForm } from './book-page.tsx';
import { memberDetail, requester, slot } from './test-fixtures.tsx';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';


/** The form's own calls answered with `body`; the venue suggestions (GET /api/banners) with none, and left out of the list. */
function stubFetch(status: number, body: unknown) {
  const requests = stubApi((path) => (path === '/api/banners' ? [200, { banners: [] }] : [status, body]));
  return {
    get length() {
      return requests.filter((request) => !new URL(request.url).pathname.startsWith('/api/banners')).length;
    },
    at: (i: number) => requests.filter((request) => !new URL(request.url).pathname.startsWith('/api/banners'))[i],
  };
}

async function renderForm(user = requester()) {
  return renderWithRouter(() => <BookingRequestForm host={memberDetail()} slot={slot()} requester={user} />, '/book/host-1/slot-1');
}

async function fillIn(message = '  Dinner at Chambar?  ', agree = true) {
  if (message) await userEvent.type(screen.getByLabelText('Message'), message);
  if (agree) await userEvent.click(screen.getByRole('checkbox', { name: /I agree to pay/ }));
}

const submitButton = () => screen.getByRole('button', { name: 'Send Booking Request' });

describe('the booking request form', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the host, the time in the host’s zone, the type and the venue, and fills the venue from the slot', async () => {
    await renderForm();
    const summary = screen.getByRole('region', { name: 'Jordan' });
    expect(summary.textContent).toContain('Sat, Dec 5 · 19:00–22:00 MST');
    expect(summary.textContent).toContain('Dinner');
    expect(summary.textContent).toContain('Chambar');
    expect(screen.getByLabelText('Venue')).toHaveProperty('value', 'Chambar');
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '568 Beatty St');
  });

  it('keeps submit disabled while my profile is incomplete, listing what is missing with a link to /profile', async () => {
    await renderForm(requester({ bio: '', photos: 0 }));
    expect(screen.getByText('You need to complete your profile before booking.')).toBeTruthy();
    const missing = screen.getByRole('list', { name: 'Missing from your profile' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['At least one photo', 'A bio']);
    expect(screen.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe('/profile');
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('a complete profile shows no warning and can submit', async () => {
    await renderForm();
    expect(screen.queryByText('You need to complete your profile before booking.')).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('counts the message against its 500 characters', async () => {
    await renderForm();
    expect(screen.getByText('0/500')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByText('5/500')).toBeTruthy();
  });

  it("asks for every required field: a blank message, an empty venue or the unticked payment box", async () => {
    const requests = stubFetch(201, { message: 'sent' });
    await renderForm();
    await fillIn('   ', true);
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe('Please fill out all required fields');
    cleanup();

    await renderForm();
    await fillIn('Dinner?', false);
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe('Please fill out all required fields');
    cleanup();

    await renderForm();
    await fillIn('Dinner?', true);
    await userEvent.clear(screen.getByLabelText('Venue'));
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe('Please fill out all required fields');
    expect(requests).toHaveLength(0);
  });

  it('sends the request as the spec names it, then shows the server’s message and goes to /bookings', async () => {
    const requests = stubFetch(201, { message: 'Booking request sent!' });
    const { router } = await renderForm();
    await fillIn();
    await userEvent.clear(screen.getByLabelText('Venue'));
    await userEvent.type(screen.getByLabelText('Venue'), 'Miku');
    await userEvent.click(submitButton());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(requests).toHaveLength(1);
    expect(requests.at(0)!.method).toBe('POST');
    expect(new URL(requests.at(0)!.url).pathname).toBe('/api/bookings/request');
    expect(await requests.at(0)!.json()).toEqual({
      availabilityId: 'slot-1',
      requestMessage: 'Dinner at Chambar?',
      proposedVenue: { name: 'Miku', address: '568 Beatty St', type: 'restaurant', priceRange: '$$' },
      paymentResponsibility: { paidBy: 'requester' },
    });
    expect(useToasts.getState().toasts.map((toast) => [toast.tone, toast.message])).toEqual([['success', 'Booking request sent!']]);
  });

  it('offers the advertised restaurants as venues: a pick fills venue and address, the link opens a new tab, views and clicks are counted', async () => {
    const banner = {
      _id: 'r1',
      name: 'Chez Test',
      address: { street: '1 Main St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 1A1' },
      text: 'Two-course dinner for two',
      link: 'https://cheztest.example.com/',
      image: null,
    };
    const requests = stubApi((path) => (path === '/api/banners' ? [200, { banners: [banner] }] : [200, { success: true }]));
    await renderForm();
    const link = await screen.findByRole('link', { name: /Visit Chez Test/ });
    expect(link.getAttribute('href')).toBe('https://cheztest.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Two-course dinner for two')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Pick Chez Test for this date' }));
    expect(screen.getByLabelText('Venue')).toHaveProperty('value', 'Chez Test');
    expect(screen.getByLabelText('Address')).toHaveProperty('value', '1 Main St, Vancouver');

    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await vi.waitFor(() => {
      const paths = requests.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname);
      expect(paths).toEqual(['/api/banners/r1/view', '/api/banners/r1/click']);
    });
  });

  const refusals: [string, number, unknown, string][] = [
    ['an incomplete profile', 400, { error: 'Profile incomplete', missing: ['photos', 'partner_name'] }, 'Please complete your profile first. Missing: photos, partner name'],
    ['other bad input', 400, { error: 'Message is required', fields: [{ field: 'requestMessage', message: 'Message is required' }] }, 'Please check your booking information'],
    ['a refusal', 403, { error: 'This account has been banned' }, 'You are not eligible to book this slot'],
    ['a vanished slot', 404, { error: 'Availability slot no longer exists' }, 'Availability slot no longer exists'],
    ['a pending request', 409, { error: 'You already have a pending booking with this user' }, 'You already have a pending booking with this user'],
    ['a full slot (the server names it)', 409, { error: 'This slot is fully booked' }, 'This slot is fully booked'],
    ['a server failure', 500, { error: 'Something went wrong on our side. Please try again.' }, 'Failed to submit booking request'],
  ];
  it.each(refusals)('explains %s (%i) in the spec’s words and stays on the form', async (_case, status, body, text) => {
    stubFetch(status, body);
    const { router } = await renderForm();
    await fillIn();
    await userEvent.click(submitButton());
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(text));
    expect(router.state.location.pathname).toBe('/book/host-1/slot-1');
    expect(submitButton()).toHaveProperty('disabled', false);
  });
});

describe('the /book page', () => {
  beforeEach(() => useSession.setState({ user: requester(), token: 'token' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** Answers GET /users/{id} with `member`, and the member's own record for /auth/me. */
  function serve(member: { status: number; body: unknown }) {
    stubApi((path) => (path === '/api/auth/me' ? [200, { user: requester() }] : [member.status, member.body]));
  }

  const renderPage = (slotId = 'slot-1') => renderWithRouter(() => <BookPage userId="host-1" slotId={slotId} />, `/book/host-1/${slotId}`);

  it('shows the form for a slot the member offers', async () => {
    serve({ status: 200, body: { user: memberDetail() } });
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Request a Date' })).toBeTruthy();
  });

  it("says 'Availability slot not found' for a slot the member no longer offers, with a way back to the profile", async () => {
    serve({ status: 200, body: { user: memberDetail([slot({ _id: 'another' })]) } });
    await renderPage('slot-1');
    expect(await screen.findByRole('heading', { name: 'Availability slot not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Jordan/ }).getAttribute('href')).toBe('/user/host-1');
  });

  it("says 'Booking not found' when there is no such member", async () => {
    serve({ status: 404, body: { error: 'Profile not found' } });
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });

  it("says 'Failed to load booking information' with a link to /browse when loading fails", async () => {
    serve({ status: 500, body: { error: 'Something went wrong on our side. Please try again.' } });
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Failed to load booking information' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');
  });
});
