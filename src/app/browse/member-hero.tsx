import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { bookingStatusLabel } from '#shared/domain/booking-display.ts';
import { displayName } from '#shared/domain/profile.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { SafetyMenu } from '#app/components/safety-menu.tsx';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { CameraIcon, CrownIcon, FingerprintIcon, PinIcon, ScoreBadge, ShieldIcon } from '#app/platform/ui/member.tsx';
import { capitalize } from './member-section.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { distanceText, type Nudger } from './profile-card.tsx';

/** The top of a member's page: photos, name and place, standing and verification badges, and what the viewer can do. */
export function MemberHero({ member, nudge, likeButton }: { member: MemberDetail; nudge: Nudger; likeButton: ReactNode }) {
  const name = displayName(member);
  const distance = distanceText(member.distance);
  return (
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
        <StandingBadges member={member} />
        <MemberActions member={member} name={name} nudge={nudge} likeButton={likeButton} />
      </div>
    </div>
  );
}

function StandingBadges({ member }: { member: MemberDetail }) {
  const score = member.reliabilityScore.current;
  return (
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
      {member.bookingStatus && <li className="tag tag-strong">{bookingStatusLabel(member.bookingStatus)}</li>}
    </ul>
  );
}

/** Edit my profile on one's own page; otherwise Message once a date is confirmed, else Send Nudge; and Like, Block and Report. */
function MemberActions({ member, name, nudge, likeButton }: { member: MemberDetail; name: string; nudge: Nudger; likeButton: ReactNode }) {
  const isMe = useSession((state) => state.user?._id) === member._id;
  const navigate = useNavigate();
  const confirmed = member.bookingStatus?.status === 'confirmed';
  return (
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
      {!isMe && <SafetyMenu userId={member._id} name={name} onBlocked={() => void navigate({ to: '/browse' })} />}
    </div>
  );
}
