import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedbackInput } from '#shared/api/support.ts';
import { FeedbackForm } from './feedback-page.tsx';

async function renderInRouter(ui: () => ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: ui }), history: createMemoryHistory({ initialEntries: ['/feedback'] }) });
  render(<RouterProvider router={router as never} />);
  await router.load();
}

async function renderForm(answer: () => Promise<unknown> = async () => ({})) {
  const sent: FeedbackInput[] = [];
  await renderInRouter(() => (
    <FeedbackForm
      send={async (body) => {
        sent.push(body);
        return answer();
      }}
    />
  ));
  return sent;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));

describe('the feedback form', () => {
  afterEach(cleanup);

  it('needs a category and a message', async () => {
    const sent = await renderForm();
    await submit();
    expect(screen.getByText('Please choose a category')).toBeTruthy();
    expect(screen.getByText('Please enter your feedback')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends without a rating, then thanks and links to /browse only', async () => {
    const sent = await renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'bug');
    await userEvent.type(screen.getByLabelText('Your feedback'), '  The map is slow.  ');
    await submit();
    expect(sent).toEqual([{ category: 'bug', message: 'The map is slow.', rating: null }]);
    expect(document.activeElement).toBe(await screen.findByRole('heading', { name: 'Thank you for your feedback!' }));
    expect(screen.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByRole('link', { name: /job application/ })).toBeNull();
  });

  it('with the job category and a rating of 0, the thank-you view leads to /careers/apply', async () => {
    const sent = await renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'job');
    await userEvent.type(screen.getByLabelText('Your feedback'), 'I moderate forums already.');
    await userEvent.selectOptions(screen.getByLabelText('Rating (optional)'), '0');
    await submit();
    expect(sent).toEqual([{ category: 'job', message: 'I moderate forums already.', rating: 0 }]);
    expect((await screen.findByRole('link', { name: 'Continue to the job application' })).getAttribute('href')).toBe('/careers/apply');
  });

  it('a failure shows the spec text and keeps the form', async () => {
    await renderForm(async () => {
      throw new Error('offline');
    });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'general');
    await userEvent.type(screen.getByLabelText('Your feedback'), 'Hello');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit feedback. Please try again.');
    expect(screen.getByLabelText('Your feedback')).toHaveProperty('value', 'Hello');
  });
});
