import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_SENT } from '#shared/api/support.ts';
import { HttpError } from '#shared/http-error.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { CONTACT_FAILED, ContactForm } from './contact-page.tsx';

type Sent = Record<string, unknown>;

function renderForm(answer: () => Promise<unknown> = async () => ({ success: true })) {
  const sent: Sent[] = [];
  render(
    <ContactForm
      initial={{ name: 'Robin', email: 'robin@example.com' }}
      send={async (body) => {
        sent.push(body);
        return answer();
      }}
    />,
  );
  return sent;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
const errorOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent;

describe('the contact form', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));
  afterEach(cleanup);

  it('checks the fields with the spec texts and sends nothing until they pass', async () => {
    const sent = renderForm();
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.type(screen.getByLabelText('Message'), 'too short');
    await submit();
    expect(errorOf('Name')).toBe('Please fill in all required fields');
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Message')).toBe('Message must be at least 10 characters long');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it("sends the trimmed message with 'Contact Form Inquiry' for an empty subject, then confirms and clears", async () => {
    const sent = renderForm();
    await userEvent.type(screen.getByLabelText('Message'), '  Where is my booking?  ');
    await submit();
    expect(sent).toEqual([{ name: 'Robin', email: 'robin@example.com', subject: 'Contact Form Inquiry', message: 'Where is my booking?' }]);
    expect(screen.getByRole('status').textContent).toBe(CONTACT_SENT);
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain(CONTACT_SENT);
    expect(screen.getByLabelText('Message')).toHaveProperty('value', '');
  });

  it('a filled honeypot looks sent but sends nothing', async () => {
    const sent = renderForm();
    await userEvent.type(screen.getByLabelText('Message'), 'Buy cheap watches today');
    await userEvent.type(screen.getByLabelText('Leave this field empty'), 'http://spam.example');
    await submit();
    expect(sent).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe(CONTACT_SENT);
  });

  it("shows the server's error, else the fallback, and keeps the text", async () => {
    let failure: unknown = new HttpError(429, 'Too many attempts. Please try again in 60 minutes.');
    renderForm(async () => {
      throw failure;
    });
    await userEvent.type(screen.getByLabelText('Message'), 'A message that fails.');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again in 60 minutes.');
    failure = new Error('network');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(CONTACT_FAILED);
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'A message that fails.');
  });
});
