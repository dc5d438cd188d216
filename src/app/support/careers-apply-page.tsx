import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  APPLICATION_FAILED,
  APPLICATION_SENT,
  CONTACT_LIMITS,
  JOB_AVAILABILITY,
  JOB_AVAILABILITY_LABELS,
  JOB_PHONE_MAX,
  JOB_POSITIONS,
  JOB_TEXT_MAX,
  JobApplicationBodySchema,
  type JobApplicationInput,
} from '#shared/api/support.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button, buttonClass } from '#app/platform/ui/button.tsx';
import { Alert, SelectField, TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { supportApi } from './support.api.ts';
import './support.css';

type Draft = { name: string; email: string; phone: string; position: string; experience: string; whyWork: string; availability: string; feedbackSubmitted: boolean };

/** The application form, then the thank-you view; `send` is the call (the page passes the API's). */
export function JobApplicationForm({ send, initial }: { send: (body: JobApplicationInput) => Promise<unknown>; initial?: { name?: string; email?: string } }) {
  const [draft, setDraft] = useState<Draft>({
    name: initial?.name ?? '',
    email: initial?.email ?? '',
    phone: '',
    position: 'Content Moderator',
    experience: '',
    whyWork: '',
    availability: '',
    feedbackSubmitted: false,
  });
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { fields, busy, failure, run } = useFormSubmit();
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    fields.clearField(key);
  };
  const text = (key: Exclude<keyof Draft, 'feedbackSubmitted'>) => ({
    name: key,
    value: draft[key],
    error: fields.errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = fields.validate(JobApplicationBodySchema, { ...draft, position: draft.position || undefined, availability: draft.availability || undefined });
    if (!body) return;
    if (await run(() => send(body), APPLICATION_FAILED)) setDone(true);
  }

  if (done) {
    return (
      <div className="stack">
        <h2 ref={heading} tabIndex={-1}>
          {APPLICATION_SENT}
        </h2>
        <p>Our team reads every application and answers within a few business days.</p>
        <Link to="/careers" className={buttonClass()}>
          Back to Careers
        </Link>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Job application">
      {failure && <Alert>{failure}</Alert>}
      <TextField label="Full name" autoComplete="name" maxLength={CONTACT_LIMITS.name} required {...text('name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.email} required {...text('email')} />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" inputMode="tel" maxLength={JOB_PHONE_MAX} {...text('phone')} />
      <SelectField label="Position" required {...text('position')}>
        {JOB_POSITIONS.map((position) => (
          <option key={position} value={position}>
            {position}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Relevant experience (optional)" rows={4} maxLength={JOB_TEXT_MAX} {...text('experience')} />
      <TextAreaField label="Why do you want to work with us? (optional)" rows={4} maxLength={JOB_TEXT_MAX} {...text('whyWork')} />
      <SelectField label="When could you start?" required {...text('availability')}>
        <option value="">Select your availability</option>
        {JOB_AVAILABILITY.map((option) => (
          <option key={option} value={option}>
            {JOB_AVAILABILITY_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="feedbackSubmitted"
            checked={draft.feedbackSubmitted}
            onChange={(e) => set('feedbackSubmitted', e.target.checked)}
            aria-invalid={fields.errors.feedbackSubmitted ? true : undefined}
            aria-describedby={fields.errors.feedbackSubmitted ? 'feedback-submitted-error' : undefined}
            required
          />
          I have submitted feedback about Rendezvous
        </label>
        {fields.errors.feedbackSubmitted && (
          <span id="feedback-submitted-error" className="field-error" role="alert">
            {fields.errors.feedbackSubmitted}
          </span>
        )}
        <span className="field-hint">
          Not yet? <Link to="/feedback">Send us feedback</Link> first: it is how we see you use the product.
        </span>
      </div>
      <Button type="submit" variant="primary" block busy={busy}>
        {busy ? 'Submitting…' : 'Submit Application'}
      </Button>
    </form>
  );
}

/** /careers/apply (account-and-admin §2): a pitch when signed out, the application when signed in. */
export function CareersApplyPage() {
  const user = useSession((state) => state.user);
  if (!user) {
    return (
      <main id="main" className="page-narrow stack">
        <h1>Apply to join the team</h1>
        <div className="card stack">
          <p>
            Our moderators know Rendezvous from the inside. Before you apply, try it: create a free account, publish a time or book one, and send us your feedback. Then come back here to
            apply.
          </p>
          <Link to="/register" search={{ redirect: '/careers/apply' }} className={buttonClass({ variant: 'primary', block: true })}>
            Create an account
          </Link>
          <p className="center">
            Already a member? <Link to="/login" search={{ redirect: '/careers/apply' }}>Sign in</Link> · <Link to="/careers">Back to Careers</Link>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page-narrow stack">
      <div>
        <h1>Apply to join the team</h1>
        <p className="muted">Content Moderator · part-time or full-time · remote</p>
      </div>
      <div className="card">
        <JobApplicationForm send={supportApi.apply} initial={{ name: user.profile.name, email: user.email }} />
      </div>
    </main>
  );
}
