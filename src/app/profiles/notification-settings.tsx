import { useRef, useState, type ReactNode } from 'react';
import { EMAIL_NOTIFICATION_KEYS, PUSH_NOTIFICATION_KEYS, type NotificationSettings } from '#shared/domain/profile.ts';
import { messageOf } from '#app/platform/forms.ts';
import { toast } from '#app/platform/ui/toast.store.ts';
import { NOTIFICATION_SETTINGS_FAILED, profilesApi, updateOwnRecord } from './profiles.api.ts';

const EMAIL_LABELS: Record<(typeof EMAIL_NOTIFICATION_KEYS)[number], string> = {
  newBooking: 'Someone asks to book a date with me',
  bookingConfirmed: 'A date I asked for is confirmed',
  bookingCancelled: 'A date is cancelled',
  bookingReminder: 'Reminders before my dates',
  nudgeReceived: 'Someone nudges me',
  profileViewed: 'Someone views my profile',
  systemUpdates: 'News about Rendezvous',
};

const PUSH_LABELS: Record<(typeof PUSH_NOTIFICATION_KEYS)[number], string> = {
  newBooking: 'Someone asks to book a date with me',
  bookingConfirmed: 'A date I asked for is confirmed',
  bookingCancelled: 'A date is cancelled',
  nudgeReceived: 'Someone nudges me',
  messages: 'New chat messages',
};

const same = (a: NotificationSettings, b: NotificationSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves each switch as it is flipped, one request at a time, always sending the latest state;
 * a failure puts back what the server last confirmed and says so.
 */
function useSettingsSaver(current: NotificationSettings) {
  const confirmed = useRef(current);
  const wanted = useRef(current);
  const sending = useRef(false);
  const [saved, setSaved] = useState('');

  async function flush() {
    if (sending.current) return;
    sending.current = true;
    try {
      while (!same(wanted.current, confirmed.current)) {
        const next = wanted.current;
        try {
          confirmed.current = (await profilesApi.setNotificationSettings(next)).notificationSettings;
        } catch (error) {
          wanted.current = confirmed.current;
          const restored = confirmed.current;
          updateOwnRecord((user) => ({ ...user, notificationSettings: restored }));
          setSaved('');
          toast.error(messageOf(error, NOTIFICATION_SETTINGS_FAILED));
          return;
        }
      }
      setSaved('Notification settings saved.');
    } finally {
      sending.current = false;
    }
  }

  return {
    saved,
    change(next: NotificationSettings) {
      if (!sending.current && same(wanted.current, confirmed.current)) confirmed.current = current;
      wanted.current = next;
      setSaved('');
      updateOwnRecord((user) => ({ ...user, notificationSettings: next }));
      void flush();
    },
  };
}

/**
 * E-mail and push switches, saved when flipped (the profile's Save does not send them).
 * `pushControl`: this device's push on/off, assembled by the route from the push feature.
 */
export function NotificationSettingsSection({ settings, pushControl }: { settings: NotificationSettings; pushControl?: ReactNode }) {
  const { saved, change } = useSettingsSaver(settings);
  return (
    <section className="card stack profile-section" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notification preferences</h2>
      <p className="muted">Each switch is saved as soon as you change it.</p>
      <fieldset className="profile-fieldset">
        <legend>Email me when</legend>
        {EMAIL_NOTIFICATION_KEYS.map((key) => (
          <label key={key} className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.email[key]}
              onChange={(event) => change({ ...settings, email: { ...settings.email, [key]: event.target.checked } })}
            />
            <span>{EMAIL_LABELS[key]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="profile-fieldset">
        <legend>Send me a push notification when</legend>
        {pushControl}
        {PUSH_NOTIFICATION_KEYS.map((key) => (
          <label key={key} className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.push[key]}
              onChange={(event) => change({ ...settings, push: { ...settings.push, [key]: event.target.checked } })}
            />
            <span>{PUSH_LABELS[key]}</span>
          </label>
        ))}
      </fieldset>
      <p className="field-hint settings-status" role="status">
        {saved}
      </p>
    </section>
  );
}
