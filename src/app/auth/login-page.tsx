import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { authCalls, preloadAuthCalls } from './auth-calls.ts';
import { AuthCard, EmailField } from './auth-card.tsx';

export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const { fields, busy, failure, run } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const calls = await authCalls('Login failed. Please try again.');
    if (!calls) return;
    const body = fields.validate(calls.LoginBodySchema, { email, password, rememberMe });
    if (!body) return;
    const ok = await run(async () => {
      const { token, user } = await calls.authApi.login(body);
      useSession.getState().signIn(token, user);
      toast.success('Login successful!');
      // The redirect is a whole path with its query (/verify-email?token=…), so it goes to history as is.
      if (redirect) router.history.push(redirect);
      else await navigate({ to: '/browse' });
    }, 'Login failed');
    if (!ok) toast.error('Login failed. Please try again.');
  }

  return (
    <AuthCard>
        <div>
          <h1>Sign in</h1>
          <p className="muted">Welcome back. Your next date is a tap away.</p>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <form className="stack" onSubmit={submit} onFocus={preloadAuthCalls} noValidate>
          <EmailField value={email} onChange={setEmail} error={fields.errors.email} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fields.errors.password}
            required
          />
          <div className="row auth-row">
            <label className="checkbox">
              <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
              <span>Remember me</span>
            </label>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <Button type="submit" variant="primary" block busy={busy}>
            Sign In
          </Button>
        </form>
        <p className="center">
          New here? <Link to="/register">Create an account</Link>
        </p>
    </AuthCard>
  );
}
