import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '#shared/domain/account.ts';
import { messageOf } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { authApi } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';

export const RESET_SUCCESS = 'Password reset successfully! You can now login with your new password.';
export const LOGIN_REDIRECT_MS = 3_000;

/** The reset form's own checks, in the spec's order and words. */
export function resetProblem(token: string | undefined, password: string, confirmation: string): string | null {
  if (!token) return 'Invalid reset token';
  if (password.length < PASSWORD_MIN) return 'Password must be at least 8 characters long';
  if (password !== confirmation) return 'Passwords do not match';
  return null;
}

export function ResetPasswordPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <AuthCard result>
          <h1>Invalid reset link</h1>
          <p role="alert">Invalid reset link. Please request a new password reset.</p>
          <Link to="/forgot-password" className="btn btn-primary">
            Request a new link
          </Link>
          <Link to="/login">Back to sign in</Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard result>
          <h1>Password reset</h1>
          <p role="status">{RESET_SUCCESS}</p>
          <Link to="/login">Sign in now</Link>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = resetProblem(token, password, confirmation);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token!, password);
      toast.success(RESET_SUCCESS);
      setDone(true);
    } catch (error) {
      setProblem(messageOf(error, 'Password reset failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard>
        <div>
          <h1>Choose a new password</h1>
          <p className="muted">Resetting signs you out on every device.</p>
        </div>
        {problem && <Alert>{problem}</Alert>}
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="At least 8 characters"
            required
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            required
          />
          <Button type="submit" variant="primary" block busy={busy} disabled={!password || !confirmation}>
            Reset Password
          </Button>
        </form>
    </AuthCard>
  );
}
