import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '#app/platform/session.store.ts';
import { memberUser, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { BiometricBlock } from './biometric-block.tsx';


describe('the biometric block', () => {
  afterEach(() => {
    cleanup();
    act(() => useSession.getState().clear());
    act(() => useToasts.setState({ toasts: [] }));
  });

  it('shows an unverified member the badge, the warning and the verify action; a refusal shows its text and changes nothing', async () => {
    act(() => useSession.getState().signIn('token', memberUser()));
    render(<BiometricBlock verify={() => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))} />);
    expect(screen.getByText('unverified', { exact: true })).toBeTruthy();
    expect(screen.getByText(/not verified yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify with fingerprint or face' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Biometric verification was cancelled or denied');
    expect(toastTexts()).toContain('Biometric verification was cancelled or denied');
    expect(useSession.getState().user?.isBiometricVerified).toBe(false);
  });

  it("takes the server's answer: the member is verified and told so", async () => {
    act(() => useSession.getState().signIn('token', memberUser()));
    render(<BiometricBlock verify={async () => memberUser({ isBiometricVerified: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify with fingerprint or face' }));
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(toastTexts()).toContain('Biometric verification successful! You are now a verified user.');
    expect(useSession.getState().user?.isBiometricVerified).toBe(true);
  });
});
