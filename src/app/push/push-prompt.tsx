import { useEffect, useState } from 'react';
import { messageOf } from '#app/platform/forms.ts';
import { PUSH_FAILED, browserPushDevice, type PushDevice, type PushState } from './push.api.ts';

export const PUSH_WHY =
  'Get booking requests and nudges on this device even when Rendezvous is closed, and accept a request straight from the notification.';
export const PUSH_DENIED = 'Notifications are blocked for Rendezvous in this browser. Allow them in the browser’s site settings to turn them on.';
export const PUSH_UNSUPPORTED = 'This browser cannot receive notifications from Rendezvous (on an iPhone, add Rendezvous to the home screen first).';

/**
 * Offers push on this device, explaining why first; the browser's permission prompt only comes
 * after the member presses the button (never on first load). Once on, it can be turned off here.
 */
export function PushPrompt({ device = browserPushDevice }: { device?: PushDevice }) {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    device
      .state()
      .then((next) => live && setState(next))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [device]);

  async function run(action: () => Promise<PushState>) {
    setBusy(true);
    setError('');
    try {
      setState(await action());
    } catch (failure) {
      setError(messageOf(failure, PUSH_FAILED));
    } finally {
      setBusy(false);
    }
  }

  if (state === 'loading') return null;
  return (
    <div className="stack push-prompt" aria-live="polite">
      {state === 'unsupported' && <p className="muted">{PUSH_UNSUPPORTED}</p>}
      {state === 'denied' && <p className="muted">{PUSH_DENIED}</p>}
      {state === 'off' && (
        <>
          <p>{PUSH_WHY}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(device.enable)}>
            Turn on notifications on this device
          </button>
        </>
      )}
      {state === 'on' && (
        <>
          <p>Notifications are on for this device.</p>
          <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => void run(device.disable)}>
            Turn off on this device
          </button>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
