import { useQuery } from '@tanstack/react-query';
import { dateFormat } from '#app/platform/date-format.ts';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { GENDER_LABELS } from '#shared/domain/account-options.ts';
import { carTierOf, showsCarTeam } from '#shared/domain/car-tiers.ts';
import { DATE_TYPE_LABELS, displayName } from '#shared/domain/profile.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { HttpError } from '#shared/http-error.ts';
import { useSession } from '#app/platform/session.store.ts';
import { slotDay, slotTimes } from '#shared/domain/slot-when.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { CameraIcon, CarIcon, CrownIcon, FingerprintIcon, PinIcon, ScoreBadge, ShieldIcon } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { browseQueries } from './browse.api.ts';
import { PhotoCarousel } from './photo-carousel.tsx';
import { distanceText, type Nudger } from './profile-card.tsx';
import './browse.css';

export const LOAD_FAILED = 'Failed to load profile';
export const NOT_FOUND = 'Profile not found';
export const AVAILABLE_TIMES_ID = 'available-times';

/** /user/{userId} (core-journey §2). The Like button comes from the likes feature, through the route. */
export function MemberPage({ userId, nudge, likeButton }: { userId: string; nudge: Nudger; likeButton: ReactNode }) {
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const query = useQuery(browseQueries.member(userId));
  const notFound = query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
  const failed = query.isError && !notFound && !query.data;

  useEffect(() => {
    if (!failed) return;
    toast.error(LOAD_FAILED);
    void navigate({ to: '/browse' });
  }, [failed, navigate]);

  const loaded = Boolean(query.data);
  useEffect(() => {
    if (loaded && hash === AVAILABLE_TIMES_ID) document.getElementById(AVAILABLE_TIMES_ID)?.scrollIntoView();
  }, [loaded, hash]);

  if (notFound) {
    return (
      <main id="main" className="page">
        <div className="empty-state">
          <h1>{NOT_FOUND}</h1>
          <Link to="/browse" className="btn btn-primary">
            Back to Browse
          </Link>
        </div>
      </main>
    );
  }
  if (!query.data) {
    return (
      <main id="main" className="page">
        <Spinner label="Loading profile" />
      </main>
    );
  }
  return <MemberProfile member={query.data} updatedAt={query.dataUpdatedAt} nudge={nudge} likeButton={likeButton} />;
}

function MemberProfile({ member, updatedAt, nudge, likeButton }: { member: MemberDetail; updatedAt: number; nudge: Nudger; likeButton: ReactNode }) {
  const name = displayName(member);
  const score = member.reliabilityScore.current;
  const confirmed = member.bookingStatus?.status === 'confirmed';
  const distance = distanceText(member.distance);
  const isMe = useSession((state) => state.user?._id) === member._id;
  return (
    <main id="main" className="page member-page">
      <Link to="/browse" className="back-link">
        ← Back to Browse
      </Link>
      <OfflineStatus updatedAt={updatedAt} />
      <div className="member-layout">
        <div className="card member-hero">
          <PhotoCarousel photos={member.profile.photos} name={name} />
          <div className="stack-sm">
            <h1 className="member-name">
              {name}, {member.profile.age}
            </h1>
            <p className="icon-row">
              <PinIcon />
              <span>{[member.profile.location.city, member.profile.location.country].filter(Boolean).join(', ')}</span>
              {distance && <span className="muted">· {distance}</span>}
            </p>
            <ul className="tag-list" aria-label="Standing and verification">
              <li>
                <ScoreBadge score={score} />
              </li>
              {member.profile.gender === 'female' && (
                <li className="tag tag-strong">
                  <CrownIcon />
                  {royalTitleFor(score)}
                </li>
              )}
              {member.isBiometricVerified && (
                <li className="tag tag-success">
                  <FingerprintIcon />
                  Biometric verified
                </li>
              )}
              {member.isPhotoVerified && (
                <li className="tag tag-success">
                  <CameraIcon />
                  Photo verified
                </li>
              )}
              {member.verificationTier !== 'none' && (
                <li className="tag">
                  <ShieldIcon />
                  {capitalize(member.verificationTier)} tier
                </li>
              )}
              {member.bookingStatus && <li className="tag tag-strong">{bookingStatusText(member.bookingStatus)}</li>}
            </ul>
            <div className="row">
              {isMe ? (
                <Link to="/profile" className="btn btn-primary">
                  Edit my profile
                </Link>
              ) : confirmed ? (
                <Link to="/messages/$userId" params={{ userId: member._id }} className="btn btn-primary">
                  Message
                </Link>
              ) : (
                <Button variant="primary" busy={nudge.sending(member._id)} onClick={() => nudge.send(member._id, name)}>
                  Send Nudge
                </Button>
              )}
              {!isMe && likeButton}
            </div>
          </div>
        </div>

        <Section title="About">
          {member.profile.bio ? <p className="member-bio">{member.profile.bio}</p> : <p className="muted">No bio yet.</p>}
        </Section>

        {showsCarTeam(member.profile.gender, member.carTier) && (
          <Section title="Car Team">
            <p>
              <Link to="/subscription" className="tag">
                <CarIcon />
                {carTierOf(member.carTier).label}
              </Link>
            </p>
            <p className="muted">A monthly status membership: a badge only, with no extra access.</p>
          </Section>
        )}

        {member.coupleInfo && (
          <Section title="Couple Information">
            <dl className="facts">
              <Fact label="Partner">{member.coupleInfo.partnerName}</Fact>
              <Fact label="Partner age">{member.coupleInfo.partnerAge}</Fact>
              <Fact label="Partner gender">{GENDER_LABELS[member.coupleInfo.partnerGender]}</Fact>
              <Fact label="Relationship">{capitalize(member.coupleInfo.relationshipType)}</Fact>
            </dl>
          </Section>
        )}

        <Section title="Interests">
          {member.profile.interests.length === 0 ? (
            <p className="muted">No interests listed yet.</p>
          ) : (
            <>
              {member.mutualInterests.length > 0 && <p className="muted">Interests you share are highlighted.</p>}
              <ul className="tag-list">
                {member.profile.interests.map((interest) => {
                  const shared = member.mutualInterests.some((mine) => mine.toLowerCase() === interest.toLowerCase());
                  return (
                    <li key={interest} className={shared ? 'tag tag-success' : 'tag'}>
                      {interest}
                      {shared && <span className="visually-hidden"> (shared)</span>}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </Section>

        <Section title="Preferences">
          {member.preferences ? (
            <dl className="facts">
              <Fact label="Date types">{member.preferences.dateTypes.map((type) => DATE_TYPE_LABELS[type]).join(', ') || 'Any'}</Fact>
              <Fact label="Looking for">{member.preferences.genderPreferences.map((who) => LOOKING_FOR[who]).join(', ') || 'Anyone'}</Fact>
              <Fact label="Age range">
                {member.preferences.ageRange.min}–{member.preferences.ageRange.max}
              </Fact>
              <Fact label="Distance">Within {member.preferences.distance} km</Fact>
              <Fact label="Account types">{member.preferences.accountTypes.map(capitalize).join(', ') || 'Any'}</Fact>
            </dl>
          ) : (
            <p className="muted">No preferences shared.</p>
          )}
        </Section>

        <Section title="Recent Date Activity">
          <dl className="facts">
            <Fact label="Dates this month">{member.recentDateActivity.thisMonth}</Fact>
            <Fact label="Last confirmed date">
              {member.recentDateActivity.lastConfirmedDate ? dayOf(member.recentDateActivity.lastConfirmedDate) : 'None yet'}
            </Fact>
          </dl>
          {member.recentDateActivity.feedback.length > 0 && (
            <ul className="feedback-list">
              {member.recentDateActivity.feedback.slice(0, FEEDBACK_SHOWN).map((item) => (
                <li key={item.createdAt}>
                  <span aria-hidden="true" className="stars">
                    {'★'.repeat(item.rating)}
                    {'☆'.repeat(Math.max(0, 5 - item.rating))}
                  </span>
                  <span className="visually-hidden">{item.rating} out of 5 stars</span>
                  {item.comment && <p>{item.comment}</p>}
                  <span className="muted">{dayOf(item.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Dating Stats">
          <dl className="facts facts-stats">
            <Fact label="Total dates">{member.reliabilityScore.stats.totalDates}</Fact>
            <Fact label="On-time rate">{member.reliabilityScore.stats.onTimeRate === null ? '—' : `${Math.round(member.reliabilityScore.stats.onTimeRate)}%`}</Fact>
            <Fact label="No-shows">{member.reliabilityScore.stats.noShows}</Fact>
          </dl>
        </Section>

        <Section title="Available Times" id={AVAILABLE_TIMES_ID}>
          {member.availability.length === 0 ? (
            <p className="muted">No available times right now. Send a nudge to let {name} know you are interested.</p>
          ) : (
            <ul className="slot-list">
              {member.availability.map((slot) => (
                <li key={slot._id} className="slot">
                  <div className="stack-sm">
                    <strong>
                      {DATE_TYPE_LABELS[slot.dateType]} · {slotDay(slot.date)}
                    </strong>
                    <span>
                      {slotTimes(slot)}
                    </span>
                    <span>{slot.venue}</span>
                    {slot.notes && <span className="muted">{slot.notes}</span>}
                  </div>
                  <Link to="/book/$userId/$slotId" params={{ userId: member._id, slotId: slot._id }} className="btn btn-primary btn-sm">
                    Book<span className="visually-hidden"> {DATE_TYPE_LABELS[slot.dateType]} on {slotDay(slot.date)} at {slot.startTime}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </main>
  );
}

/** Spec §9: two recent feedback items. */
const FEEDBACK_SHOWN = 2;

const LOOKING_FOR = { male: 'Men', female: 'Women', couple: 'Couples' } as const;

const DAY = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const DATE_ONLY = dateFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A day as the viewer reads it; a bare 'YYYY-MM-DD' stays that day. */
function dayOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DATE_ONLY.format(new Date(`${value}T12:00:00Z`));
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : DAY.format(instant);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function bookingStatusText(booking: { status: string; isInitiator: boolean }): string {
  if (booking.status === 'pending') return booking.isInitiator ? 'Request sent' : 'Request pending';
  if (booking.status === 'confirmed') return 'Date confirmed';
  return `Booking ${booking.status.replace(/_/g, ' ')}`;
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section className="card member-section" id={id} aria-labelledby={`${id ?? slug(title)}-heading`}>
      <h2 id={`${id ?? slug(title)}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '-');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
