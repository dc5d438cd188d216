import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useFormSubmit } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { authCalls, preloadAuthCalls } from './auth-calls.ts';
import { AuthCard, EmailField } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { fields, busy, failure, run } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const calls = await authCalls('Something went wrong. Please try again.');
    if (!calls) return;
    const body = fields.validate(calls.ForgotPasswordBodySchema, { email });
    if (!body) return;
    await run(async () => {
      await calls.authApi.forgotPassword(body.email);
      toast.success('Password reset instructions sent to your email');
      setSent(true);
    }, 'Something went wrong. Please try again.');
  }

  if (sent) {
    return (
      <AuthCard result>
          <h1>Check your email</h1>
          <p>
            If an account exists for <strong>{email}</strong>, a link to reset your password is on its way. It works for 1 hour.
          </p>
          <Button onClick={() => setSent(false)}>Try a different email</Button>
          <Link to="/login">Back to sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
        <div>
          <h1>Forgot your password?</h1>
          <p className="muted">Enter your email and we will send you a link to choose a new one.</p>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <form className="stack" onSubmit={submit} onFocus={preloadAuthCalls} noValidate>
          <EmailField value={email} onChange={setEmail} error={fields.errors.email} />
          <Button type="submit" variant="primary" block busy={busy}>
            Send reset link
          </Button>
        </form>
        <p className="center">
          <Link to="/login">Back to sign in</Link> · <Link to="/register">Create an account</Link>
        </p>
    </AuthCard>
  );
}
