import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { authApi } from './auth.api.ts';
import { AuthCard } from './auth-card.tsx';

export const SUCCESS_REDIRECT_MS = 2_000;

type View = { kind: 'prompt' } | { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Four views: verifying (a ?token), success (then /browse), error (offers a new mail), and the prompt. */
export function VerifyEmailPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const [view, setView] = useState<View>(token ? { kind: 'verifying' } : { kind: 'prompt' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    authApi
      .verifyEmail(token)
      .then(async () => {
        const { user: fresh } = await authApi.me();
        useSession.getState().setUser(fresh);
        setView({ kind: 'success' });
      })
      .catch((error) => setView({ kind: 'error', message: messageOf(error, 'Verification failed') }));
  }, [token]);

  useEffect(() => {
    if (view.kind !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/browse' }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view.kind, navigate]);

  return (
    <AuthCard result>
        {view.kind === 'verifying' && (
          <>
            <h1>Verifying your email…</h1>
            <Spinner label="Verifying your email" />
          </>
        )}
        {view.kind === 'success' && (
          <>
            <h1>Email verified!</h1>
            <p role="status">Thank you. Taking you to browse dates…</p>
          </>
        )}
        {view.kind === 'error' && (
          <>
            <h1>Verification failed</h1>
            <p role="alert">{view.message}</p>
            <p className="muted">The link may be invalid or expired. We can send you a new one.</p>
            <ResendButton />
          </>
        )}
        {view.kind === 'prompt' && (
          <>
            <h1>Verify your email</h1>
            {user?.isEmailVerified ? (
              <p>Your email {user.email} is verified.</p>
            ) : (
              <>
                <p>
                  We sent a verification link to <strong>{user?.email}</strong>. Open it to start browsing and booking dates.
                </p>
                <p className="muted">No mail? Check your spam folder, or send a new one.</p>
                <ResendButton />
              </>
            )}
          </>
        )}
    </AuthCard>
  );
}

function ResendButton() {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await authApi.resendVerification();
      toast.success('Verification email sent! Check your inbox.');
    } catch (error) {
      toast.error(messageOf(error, 'Failed to resend email'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="primary" onClick={resend} busy={busy}>
      Resend verification email
    </Button>
  );
}
