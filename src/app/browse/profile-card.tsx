import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { BrowseCard } from '#shared/api/browse.ts';
import type { Gender } from '#shared/domain/account.ts';
import { pendingLabel } from '#shared/domain/booking-display.ts';
import { carTierOf, showsCarTeam } from '#shared/domain/car-tiers.ts';
import { displayName } from '#shared/domain/profile.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Avatar, CarIcon, CrownIcon, PinIcon, ScoreBadge } from '#app/platform/ui/member.tsx';

/** Sends a nudge with its toasts; given by the route (the nudges feature). */
export type Nudger = { send(userId: string, name: string): void; sending(userId: string): boolean };

export type CardAction =
  | { kind: 'message' }
  | { kind: 'pending'; label: ReturnType<typeof pendingLabel> }
  | { kind: 'nudge' }
  | { kind: 'book' };

/** The card's one button (core-journey §2 /browse), in the spec's order. */
export function cardActionFor(card: Pick<BrowseCard, 'bookingStatus' | 'availabilityCount' | 'profile'>, viewerGender: Gender | undefined): CardAction {
  const booking = card.bookingStatus;
  if (booking?.status === 'confirmed') return { kind: 'message' };
  if (booking?.status === 'pending') return { kind: 'pending', label: pendingLabel(booking.isInitiator) };
  if (card.availabilityCount === 0) return { kind: 'nudge' };
  if (viewerGender === 'female' && card.profile.gender === 'male') return { kind: 'nudge' };
  return { kind: 'book' };
}

/** The Available Times section of a member's page, where a card's Book takes the viewer. */
export const AVAILABLE_TIMES_ID = 'available-times';

export const MUTUAL_INTERESTS_SHOWN = 3;
export const OTHER_INTERESTS_SHOWN = 4;

export function distanceText(km: number | null): string | null {
  if (km === null) return null;
  return km < 1 ? 'Under 1 km away' : `${km} km away`;
}

/** Drawn again only when its own props change (a list refreshed with the same members keeps its cards). */
export const ProfileCard = memo(function ProfileCard({
  card,
  viewerGender,
  nudge,
  first = false,
}: {
  card: BrowseCard;
  viewerGender: Gender | undefined;
  nudge: Nudger;
  /** The list's first card, on screen at once: its photo is asked for first, not lazily. */
  first?: boolean;
}) {
  const name = displayName(card);
  const action = cardActionFor(card, viewerGender);
  const mutual = card.mutualInterests.length > 0;
  const interests = mutual ? card.mutualInterests.slice(0, MUTUAL_INTERESTS_SHOWN) : card.profile.interests.slice(0, OTHER_INTERESTS_SHOWN);
  const distance = distanceText(card.distance);
  const photo = card.profile.photos[0]?.url;
  const userId = card._id;
  return (
    <article className="card profile-card" aria-labelledby={`card-${userId}`}>
      <div className="profile-card-photo">
        {photo ? <img src={photo} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} decoding="async" /> : <Avatar name={name} size="lg" />}
      </div>
      <div className="profile-card-body">
        <h3 id={`card-${userId}`} className="profile-card-name">
          <Link to="/user/$userId" params={{ userId }} className="stretched-link">
            {name}
            <span className="profile-card-age">, {card.profile.age}</span>
          </Link>
        </h3>
        <p className="icon-row">
          <PinIcon />
          <span>{card.profile.location.city}</span>
          {distance && <span className="muted">· {distance}</span>}
        </p>
        <div className="row profile-card-standing">
          <ScoreBadge score={card.reliabilityScore.current} />
          {card.profile.gender === 'female' && (
            <span className="tag tag-strong">
              <CrownIcon />
              {royalTitleFor(card.reliabilityScore.current)}
            </span>
          )}
          {showsCarTeam(card.profile.gender, card.carTier) && (
            <Link to="/car-tier" className="tag above-link">
              <CarIcon />
              {carTierOf(card.carTier).label}
            </Link>
          )}
        </div>
        {interests.length > 0 && (
          <div>
            <span className="visually-hidden">{mutual ? 'Interests you share:' : 'Interests:'}</span>
            <ul className="tag-list">
              {interests.map((interest) => (
                <li key={interest} className={mutual ? 'tag tag-success' : 'tag'}>
                  {interest}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="profile-card-action above-link">
          <CardButton action={action} userId={userId} name={name} nudge={nudge} />
        </div>
      </div>
    </article>
  );
});

function CardButton({ action, userId, name, nudge }: { action: CardAction; userId: string; name: string; nudge: Nudger }) {
  const who = <span className="visually-hidden"> {name}</span>;
  switch (action.kind) {
    case 'message':
      return (
        <Link to="/messages/$userId" params={{ userId }} className="btn btn-primary btn-sm btn-block">
          Message{who}
        </Link>
      );
    case 'pending':
      return (
        <Button size="sm" block disabled>
          {action.label}
        </Button>
      );
    case 'nudge':
      return (
        <Button size="sm" block busy={nudge.sending(userId)} onClick={() => nudge.send(userId, name)}>
          Nudge{who}
        </Button>
      );
    case 'book':
      return (
        <Link to="/user/$userId" params={{ userId }} hash={AVAILABLE_TIMES_ID} className="btn btn-primary btn-sm btn-block">
          Book{who}
        </Link>
      );
  }
}
