import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { User } from '#shared/api/auth.ts';
import { BookingRequestBodySchema } from '#shared/api/bookings.ts';
import type { MemberDetail, PublicSlot } from '#shared/api/profiles.ts';
import { REQUEST_MESSAGE_MAX } from '#shared/domain/booking.ts';
import { missingForBooking, type BookingProfile, type MissingField } from '#shared/domain/booking-profile.ts';
import { DATE_TYPE_LABELS, displayName } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import { VenueBanners } from '#app/components/venue-banners.tsx';
import { browseKeys, browseQueries } from '#app/browse/browse.api.ts';
import { ownRecordQuery } from '#app/profiles/profiles.api.ts';
import { useFieldErrors } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { slotWhen } from '#shared/domain/slot-when.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { Avatar, ScoreBadge } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { offerPush } from '#app/components/push-offer.ts';
import { bookingKeys, bookingRequestErrorText, bookingsApi } from './bookings.api.ts';
import './bookings.css';

export const BOOK_TEXTS = {
  slotMissing: 'Availability slot not found',
  loadFailed: 'Failed to load booking information',
  notFound: 'Booking not found',
  profileIncomplete: 'You need to complete your profile before booking.',
  requiredMissing: 'Please fill out all required fields',
} as const;

const MISSING_LABELS: Record<MissingField, string> = {
  name: 'Your name',
  age: 'Your age',
  photos: 'At least one photo',
  interests: 'At least one interest',
  bio: 'A bio',
  partner_name: "Your partner's name",
  partner_age: "Your partner's age",
  relationship_type: 'Your relationship type',
};

/** The parts of the signed-in member that booking needs (the same rule the server applies). */
export function bookingProfileOf(user: User): BookingProfile {
  return {
    accountType: user.accountType,
    name: user.profile.name,
    age: user.profile.age,
    photoCount: user.profile.photos.length,
    interestCount: user.profile.interests.length,
    bio: user.profile.bio,
    partnerName: user.coupleInfo?.partnerName ?? null,
    partnerAge: user.coupleInfo?.partnerAge ?? null,
    relationshipType: user.coupleInfo?.relationshipType ?? null,
  };
}

/** /book/{userId}/{slotId} (core-journey §2, §5): the host's slot and the request form. */
export function BookPage({ userId, slotId }: { userId: string; slotId: string }) {
  const member = useQuery(browseQueries.member(userId));
  const requester = useSession((state) => state.user);
  // The member's own record, fresh: a profile completed in another tab unlocks the form.
  useQuery(ownRecordQuery());

  const notFound = member.error instanceof HttpError && (member.error.status === 404 || member.error.status === 400);
  const failure = notFound ? BOOK_TEXTS.notFound : member.isError && !member.data ? BOOK_TEXTS.loadFailed : null;
  if (failure) {
    return (
      <Problem title={failure}>
        <Link to="/browse" className="btn btn-primary">
          Back to Browse
        </Link>
      </Problem>
    );
  }
  if (!member.data || !requester) {
    return (
      <main id="main" className="page-narrow">
        <Spinner label="Loading booking information" />
      </main>
    );
  }
  const slot = member.data.availability.find((candidate) => candidate._id === slotId);
  if (!slot) {
    return (
      <Problem title={BOOK_TEXTS.slotMissing}>
        <Link to="/user/$userId" params={{ userId }} className="btn btn-primary">
          Back to {displayName(member.data)}'s profile
        </Link>
      </Problem>
    );
  }
  return (
    <main id="main" className="page-narrow stack">
      <Link to="/user/$userId" params={{ userId }} className="back-link">
        ← Back to profile
      </Link>
      <h1>Request a Date</h1>
      <BookingRequestForm host={member.data} slot={slot} requester={requester} />
    </main>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="page-narrow">
      <div className="empty-state">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The request form; on success the server's message shows and the member goes to /bookings. */
export function BookingRequestForm({ host, slot, requester }: { host: MemberDetail; slot: PublicSlot; requester: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useFieldErrors();
  const [message, setMessage] = useState('');
  const [venue, setVenue] = useState(slot.venue);
  const [address, setAddress] = useState(slot.address);
  const [agreed, setAgreed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = missingForBooking(bookingProfileOf(requester));
  const hostName = displayName(host);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!message.trim() || !venue.trim() || !agreed) {
      fields.clear();
      setFailure(BOOK_TEXTS.requiredMissing);
      return;
    }
    const body = fields.validate(BookingRequestBodySchema, {
      availabilityId: slot._id,
      requestMessage: message,
      proposedVenue: { name: venue, address, type: slot.venueType || slot.dateType, priceRange: '$$' },
      paymentResponsibility: { paidBy: 'requester' },
    });
    if (!body) return;
    setBusy(true);
    try {
      const answer = await bookingsApi.request(body);
      toast.success(answer.message);
      offerPush('request');
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: browseKeys.all });
      await navigate({ to: '/bookings' });
    } catch (error) {
      fields.fromServer(error);
      setFailure(bookingRequestErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="card stack-sm" aria-labelledby="book-host">
        <div className="row">
          <Avatar name={hostName} photoUrl={host.profile.photos[0]?.url} />
          <div className="stack-sm">
            <h2 id="book-host" className="book-host-name">
              {hostName}
            </h2>
            <ScoreBadge score={host.reliabilityScore.current} />
          </div>
        </div>
        <dl className="facts">
          <div>
            <dt>When</dt>
            <dd>{slotWhen(slot)}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{DATE_TYPE_LABELS[slot.dateType]}</dd>
          </div>
          <div>
            <dt>Venue</dt>
            <dd>
              {slot.venue}
              {slot.address && <span className="muted"> · {slot.address}</span>}
            </dd>
          </div>
        </dl>
        {slot.notes && <p className="muted">{slot.notes}</p>}
      </section>

      {missing.length > 0 && (
        <Alert tone="warning">
          <p>{BOOK_TEXTS.profileIncomplete}</p>
          <ul aria-label="Missing from your profile">
            {missing.map((field) => (
              <li key={field}>{MISSING_LABELS[field]}</li>
            ))}
          </ul>
          <Link to="/profile">Complete your profile</Link>
        </Alert>
      )}

      <form className="card stack" onSubmit={submit} noValidate aria-label={`Booking request to ${hostName}`}>
        <TextAreaField
          label="Message"
          required
          rows={4}
          maxLength={REQUEST_MESSAGE_MAX}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            fields.clearField('requestMessage');
          }}
          placeholder={`Say hello to ${hostName} and why you'd like to meet`}
          hint={`${message.length}/${REQUEST_MESSAGE_MAX}`}
          error={fields.errors.requestMessage}
        />
        <TextField
          label="Venue"
          required
          value={venue}
          onChange={(event) => {
            setVenue(event.target.value);
            fields.clearField('proposedVenue.name');
          }}
          error={fields.errors['proposedVenue.name']}
        />
        <TextField
          label="Address"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={fields.errors['proposedVenue.address']}
        />
        <VenueBanners
          onPick={(picked) => {
            setVenue(picked.name);
            setAddress(picked.address);
            fields.clearField('proposedVenue.name');
          }}
        />
        <label className="checkbox">
          <input type="checkbox" required checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <span>I agree to pay for all expenses of this date (as the one who asks, I pay).</span>
        </label>
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" variant="primary" block busy={busy} disabled={missing.length > 0}>
          Send Booking Request
        </Button>
      </form>
    </>
  );
}
