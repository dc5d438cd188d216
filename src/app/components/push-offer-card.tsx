import { useEffect, useId, useState } from 'react';
import { messageOf } from '#app/platform/forms.ts';
import { PUSH_FAILED, browserPushDevice, type PushDevice } from '#app/push/push.api.ts';
import { closePushOffer, usePushOffer, type PushOfferReason } from './push-offer.ts';

export const OFFER_TITLE = 'Hear back at once';
export const OFFER_WHY: Record<PushOfferReason, string> = {
  slot: 'Turn on notifications to know the moment someone asks for your free time, even when Rendezvous is closed, and accept straight from the notification.',
  request: 'Turn on notifications to know the moment your request is answered, even when Rendezvous is closed.',
};

/**
 * The push offer, shown where the member lands after their first slot or booking request (see
 * push-offer.ts): why, then the browser's permission prompt only on "Turn on notifications".
 * Where push is unsupported, blocked or already on, it shows nothing.
 */
export function PushOfferCard({ device = browserPushDevice }: { device?: PushDevice }) {
  const reason = usePushOffer((state) => state.reason);
  const [usable, setUsable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const headingId = useId();

  useEffect(() => {
    if (!reason) return;
    let live = true;
    device
      .state()
      .then((state) => {
        if (!live) return;
        if (state === 'on') closePushOffer('answered');
        setUsable(state === 'off');
      })
      .catch(() => live && setUsable(false));
    return () => {
      live = false;
    };
  }, [reason, device]);

  if (!reason || !usable) return null;

  async function turnOn() {
    setBusy(true);
    setError('');
    try {
      await device.enable();
      closePushOffer('answered');
    } catch (failure) {
      setError(messageOf(failure, PUSH_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack-sm push-offer" aria-labelledby={headingId}>
      <h2 id={headingId}>{OFFER_TITLE}</h2>
      <p>{OFFER_WHY[reason]}</p>
      <div className="row">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => closePushOffer('dismissed')}>
          Not now
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
