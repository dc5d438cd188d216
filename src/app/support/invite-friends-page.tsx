import { useState, type FormEvent } from 'react';
import {
  INVITES_FAILED,
  INVITES_SENT,
  INVITE_SLOTS,
  REFERRAL_MAX_BONUS,
  REFERRAL_POINTS,
  SendInvitesBodySchema,
  type InviteGender,
  type InviteRow,
} from '#shared/api/support.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { supportApi } from './support.api.ts';
import './support.css';

type Row = { email: string; gender: InviteGender; sent: boolean };
const FRESH: Row[] = INVITE_SLOTS.map((gender) => ({ email: '', gender, sent: false }));
const WHO: Record<InviteGender, string> = { female: 'woman', male: 'man' };

/** The six rows; `send` is the call (the page passes the API's). Sent rows leave the pending list. */
export function InviteForm({ send }: { send: (invites: InviteRow[]) => Promise<unknown> }) {
  const [rows, setRows] = useState<Row[]>(FRESH);
  const { fields, busy, failure, run } = useFormSubmit();
  const pending = rows.map((row, index) => ({ row, index })).filter(({ row }) => !row.sent);
  const sent = rows.filter((row) => row.sent);
  const nothingTyped = pending.every(({ row }) => row.email.trim() === '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.validate(SendInvitesBodySchema, { invites: rows })) return;
    const ok = await run(() => send(rows), INVITES_FAILED);
    if (!ok) return;
    toast.success(INVITES_SENT);
    setRows((current) => current.map((row) => (row.sent || row.email.trim() === '' ? row : { ...row, email: row.email.trim(), sent: true })));
  }

  const listError = fields.errors.invites;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Invite friends">
      {failure && <Alert>{failure}</Alert>}
      {listError && <Alert>{listError}</Alert>}
      {pending.length > 0 ? (
        pending.map(({ row, index }) => (
          <TextField
            key={index}
            label={`Friend ${index + 1} (${WHO[row.gender]}) email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={row.email}
            onChange={(e) => {
              const email = e.target.value;
              setRows((current) => current.map((r, i) => (i === index ? { ...r, email } : r)));
              fields.clearField(`invites.${index}.email`);
              fields.clearField('invites');
            }}
            error={fields.errors[`invites.${index}.email`]}
          />
        ))
      ) : (
        <p className="muted">Every invite has been sent. Thank you for spreading the word!</p>
      )}
      {pending.length > 0 && (
        <Button type="submit" variant="primary" block busy={busy} disabled={nothingTyped}>
          {busy ? 'Sending…' : 'Send Invites'}
        </Button>
      )}
      {sent.length > 0 && (
        <section aria-labelledby="invites-sent">
          <h2 id="invites-sent">Invited</h2>
          <ul>
            {sent.map((row) => (
              <li key={row.email}>
                {row.email} <span className="muted">({WHO[row.gender]})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}

/** /invite-friends (account-and-admin §2, §9). */
export function InviteFriendsPage() {
  return (
    <main id="main" className="page-narrow stack">
      <div>
        <h1>Invite Friends</h1>
        <p className="muted">Invite up to four women and two men. Each gets a link to join Rendezvous through you.</p>
      </div>
      <section className="card" aria-labelledby="referral-points">
        <h2 id="referral-points">Referral points</h2>
        <p>
          When a friend you invited subscribes, your reliability score gains <strong>{REFERRAL_POINTS.female} points</strong> for each woman and <strong>{REFERRAL_POINTS.male} points</strong>{' '}
          for each man — up to {REFERRAL_MAX_BONUS} points in all. With a paid membership the points are doubled: {REFERRAL_POINTS.female * 2} and {REFERRAL_POINTS.male * 2}, up to{' '}
          {REFERRAL_MAX_BONUS * 2}. Each friend counts once.
        </p>
      </section>
      <div className="card">
        <InviteForm send={supportApi.sendInvites} />
      </div>
    </main>
  );
}
