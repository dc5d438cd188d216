import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_FAILED,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_SENT,
  FeedbackBodySchema,
  type FeedbackInput,
} from '#shared/api/support.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { Button, buttonClass } from '#app/platform/ui/button.tsx';
import { Alert, SelectField, TextAreaField } from '#app/platform/ui/field.tsx';
import { supportApi } from './support.api.ts';
import './support.css';

const RATINGS = ['0', '1', '2', '3', '4', '5'] as const;

/** The form, then the thank-you view; `send` is the call (the page passes the API's). */
export function FeedbackForm({ send }: { send: (body: FeedbackInput) => Promise<unknown> }) {
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState('');
  const [submitted, setSubmitted] = useState<{ job: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { fields, busy, failure, run } = useFormSubmit();
  // The thank-you view replaces the form: move focus to its heading so it is announced.
  useEffect(() => {
    if (submitted) heading.current?.focus();
  }, [submitted]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = fields.validate(FeedbackBodySchema, { category, message, rating: rating === '' ? null : Number(rating) });
    if (!body) return;
    if (await run(() => send(body), FEEDBACK_FAILED)) setSubmitted({ job: body.category === 'job' });
  }

  if (submitted) {
    return (
      <div className="stack">
        <h2 ref={heading} tabIndex={-1}>
          {FEEDBACK_SENT}
        </h2>
        {submitted.job ? (
          <p>Thanks for your interest in working with us. The next step is a short application for the Content Moderator role.</p>
        ) : (
          <p>Every note is read by the team and helps decide what we build next.</p>
        )}
        <div className="row">
          {submitted.job && (
            <Link to="/careers/apply" className={buttonClass({ variant: 'primary' })}>
              Continue to the job application
            </Link>
          )}
          <Link to="/browse" className={buttonClass()}>
            Back to Browse
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Feedback">
      {failure && <Alert>{failure}</Alert>}
      <SelectField
        label="Category"
        name="category"
        value={category}
        onChange={(e) => {
          setCategory(e.target.value);
          fields.clearField('category');
        }}
        error={fields.errors.category}
        required
      >
        <option value="">Select a category</option>
        {FEEDBACK_CATEGORIES.options.map((option) => (
          <option key={option} value={option}>
            {FEEDBACK_CATEGORY_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Your feedback"
        name="message"
        rows={6}
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          fields.clearField('message');
        }}
        error={fields.errors.message}
        hint={`${message.length}/${FEEDBACK_MESSAGE_MAX}`}
        required
      />
      <SelectField label="Rating (optional)" name="rating" value={rating} onChange={(e) => setRating(e.target.value)} error={fields.errors.rating}>
        <option value="">No rating</option>
        {RATINGS.map((value) => (
          <option key={value} value={value}>
            {value} of 5
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="primary" block busy={busy}>
        {busy ? 'Submitting…' : 'Submit Feedback'}
      </Button>
    </form>
  );
}

/** /feedback (account-and-admin §2). */
export function FeedbackPage() {
  return (
    <main id="main" className="page-narrow stack">
      <div>
        <h1>Feedback</h1>
        <p className="muted">Tell us what works, what doesn't, and what you would like to see. Interested in joining the team? Choose “I would like to work with you”.</p>
      </div>
      <div className="card">
        <FeedbackForm send={supportApi.feedback} />
      </div>
    </main>
  );
}
