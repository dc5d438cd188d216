import { useState } from 'react';
import type { User } from '#shared/api/auth.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { FingerprintIcon } from '#app/platform/ui/member.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { biometricApi } from './biometric.api.ts';
import { BIOMETRIC_TEXTS, BiometricUnavailable, biometricErrorText } from './biometric-errors.ts';

/**
 * The device credential flow (account-and-admin §7): a platform credential made against the
 * server's challenge (32 bytes, 60 s, user verification required), then the attestation sent for
 * the server to verify. The WebAuthn library is loaded only when the member asks.
 */
export async function verifyWithDevice(): Promise<User> {
  const { browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new BiometricUnavailable('no-webauthn');
  if (!(await platformAuthenticatorIsAvailable())) throw new BiometricUnavailable('no-platform-authenticator');
  const optionsJSON = await biometricApi.options();
  const credential = await startRegistration({ optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  const { user } = await biometricApi.verify({ verified: true, credential });
  return user;
}

/** The biometric block of /profile: the badge, the warning while unverified, and the verify action. */
export function BiometricBlock({ verify = verifyWithDevice }: { verify?: () => Promise<User> }) {
  const verified = useSession((state) => state.user?.isBiometricVerified ?? false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function start() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const user = await verify();
      useSession.getState().setUser(user);
      toast.success(BIOMETRIC_TEXTS.success);
    } catch (error) {
      const text = biometricErrorText(error);
      setFailure(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack-sm profile-section" aria-labelledby="biometric-heading">
      <div className="row profile-section-head">
        <h2 id="biometric-heading">Biometric verification</h2>
        {verified ? <span className="status-badge status-verified">Verified</span> : <span className="status-badge status-unverified">unverified</span>}
      </div>
      {verified ? (
        <p className="muted">
          <FingerprintIcon /> Your fingerprint or face check is done: members see your profile as biometric verified.
        </p>
      ) : (
        <>
          <p className="profile-warning">
            Your profile is not verified yet: other members see you as unverified. Verify with your device's fingerprint or face recognition — it never
            leaves your device; we keep only a key that proves the check was made.
          </p>
          {failure && <Alert>{failure}</Alert>}
          <div>
            <Button variant="primary" busy={busy} onClick={start}>
              {busy ? 'Verifying…' : 'Verify with fingerprint or face'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
