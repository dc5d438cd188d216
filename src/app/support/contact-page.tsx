import { useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, CONTACT_SENT, ContactBodySchema, type ContactInput } from '#shared/api/support.ts';
import { CANCEL_CUTOFF_HOURS } from '#shared/domain/booking.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { supportApi } from './support.api.ts';
import './support.css';

export const CONTACT_FAILED = 'Failed to send message. Please try again.';

const TOPICS = [
  { title: 'General support', text: 'Trouble signing in, a booking that went wrong, a question about your account: tell us what happened.' },
  { title: 'Safety and trust', text: 'Report a member who made you feel unsafe or broke the rules. Reports are confidential and read first.' },
  { title: 'Feature requests', text: 'An idea that would make Rendezvous better for you? We read every one.' },
];

const FAQ = [
  {
    q: 'How do I cancel a booking?',
    a: `Open My Bookings and choose Cancel on the date. You can cancel up to ${CANCEL_CUTOFF_HOURS} hours before it starts; the later you cancel, the more it costs your reliability score, so cancel as early as you can.`,
  },
  {
    q: 'How is my reliability score calculated?',
    a: `Everyone starts at ${SCORE_START}, on a scale from ${SCORE_MIN} to ${SCORE_MAX}. Completing dates, arriving on time and good reviews raise it; cancellations, no-shows and misbehaviour lower it. Your Credit Report on the Score page lists every change.`,
  },
  {
    q: 'Can I change my account type?',
    a: 'Switching between an individual and a couple account needs our help: send us a message here with the change you need.',
  },
  {
    q: 'Is my data safe?',
    a: 'Your exact position and e-mail address are never shown to other members, photos are stripped of their location data, and passwords are stored only as secure hashes. The Privacy Policy explains what we keep and for how long.',
  },
];

type Draft = { name: string; email: string; subject: string; message: string; website: string };

/** The form on its own: `send` is the call (the page passes the API's), so the form is testable alone. */
export function ContactForm({ send, initial }: { send: (body: Omit<ContactInput, 'website'>) => Promise<unknown>; initial?: Partial<Draft> }) {
  const blank: Draft = { name: initial?.name ?? '', email: initial?.email ?? '', subject: '', message: '', website: '' };
  const [draft, setDraft] = useState<Draft>(blank);
  const [sent, setSent] = useState(false);
  const { fields, busy, failure, run } = useFormSubmit();
  const set = (key: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    fields.clearField(key);
    setSent(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    const body = fields.validate(ContactBodySchema, draft);
    if (!body) return;
    const succeeded = () => {
      toast.success(CONTACT_SENT);
      setSent(true);
      setDraft(blank);
    };
    // A filled honeypot: a bot. It sees success; nothing is sent.
    if (draft.website) return succeeded();
    const { website: _honeypot, ...message } = body;
    if (await run(() => send(message), CONTACT_FAILED)) succeeded();
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Write to us</h2>
      {sent && <Alert tone="success">{CONTACT_SENT}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={CONTACT_LIMITS.name}
        value={draft.name}
        onChange={(e) => set('name')(e.target.value)}
        error={fields.errors.name}
        required
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={CONTACT_LIMITS.email}
        value={draft.email}
        onChange={(e) => set('email')(e.target.value)}
        error={fields.errors.email}
        required
      />
      <TextField
        label="Subject (optional)"
        name="subject"
        maxLength={CONTACT_LIMITS.subject}
        value={draft.subject}
        onChange={(e) => set('subject')(e.target.value)}
        error={fields.errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={6}
        maxLength={CONTACT_LIMITS.messageMax}
        value={draft.message}
        onChange={(e) => set('message')(e.target.value)}
        error={fields.errors.message}
        hint={`At least ${CONTACT_LIMITS.messageMin} characters · ${draft.message.length}/${CONTACT_LIMITS.messageMax}`}
        required
      />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" value={draft.website} onChange={(e) => set('website')(e.target.value)} />
      </div>
      <Button type="submit" variant="primary" block busy={busy}>
        {busy ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}

/** /contact (account-and-admin §2): topics, the form, the 24-hour promise and the FAQ. */
export function ContactPage() {
  const user = useSession((state) => state.user);
  return (
    <main id="main" className="page stack">
      <div>
        <h1>Contact Us</h1>
        <p className="muted">Questions, problems or ideas: the Rendezvous team is here to help.</p>
      </div>
      <section aria-labelledby="contact-topics">
        <h2 id="contact-topics" className="visually-hidden">
          What we can help with
        </h2>
        <ul className="support-topics">
          {TOPICS.map((topic) => (
            <li key={topic.title} className="card">
              <h3>{topic.title}</h3>
              <p className="muted">{topic.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="card">
        <ContactForm send={supportApi.contact} initial={{ name: user?.profile.name ?? '', email: user?.email ?? '' }} />
      </div>
      <Alert tone="info">We reply within 24 hours on business days.</Alert>
      <section className="support-faq" aria-labelledby="contact-faq">
        <h2 id="contact-faq">Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </main>
  );
}
