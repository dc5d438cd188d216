import { Link } from '@tanstack/react-router';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { GENDER_LABELS } from '#shared/domain/account-options.ts';
import { carTierOf, showsCarTeam } from '#shared/domain/car-tiers.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { CarIcon } from '#app/platform/ui/member.tsx';
import { Fact, Section, capitalize } from './member-section.tsx';

/** What the member wrote about themselves: About, Car Team, Couple Information, Interests and Preferences. */

export function AboutSection({ member }: { member: MemberDetail }) {
  return (
    <Section title="About">
      {member.profile.bio ? <p className="member-bio">{member.profile.bio}</p> : <p className="muted">No bio yet.</p>}
    </Section>
  );
}

/** Hidden for women and for the free Honda Team. */
export function CarTeamSection({ member }: { member: MemberDetail }) {
  if (!showsCarTeam(member.profile.gender, member.carTier)) return null;
  return (
    <Section title="Car Team">
      <p>
        <Link to="/subscription" className="tag">
          <CarIcon />
          {carTierOf(member.carTier).label}
        </Link>
      </p>
      <p className="muted">A monthly status membership: a badge only, with no extra access.</p>
    </Section>
  );
}

export function CoupleSection({ member }: { member: MemberDetail }) {
  if (!member.coupleInfo) return null;
  return (
    <Section title="Couple Information">
      <dl className="facts">
        <Fact label="Partner">{member.coupleInfo.partnerName}</Fact>
        <Fact label="Partner age">{member.coupleInfo.partnerAge}</Fact>
        <Fact label="Partner gender">{GENDER_LABELS[member.coupleInfo.partnerGender]}</Fact>
        <Fact label="Relationship">{capitalize(member.coupleInfo.relationshipType)}</Fact>
      </dl>
    </Section>
  );
}

/** The member's interests, those the viewer shares highlighted. */
export function InterestsSection({ member }: { member: MemberDetail }) {
  return (
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
  );
}

const LOOKING_FOR = { male: 'Men', female: 'Women', couple: 'Couples' } as const;

export function PreferencesSection({ member }: { member: MemberDetail }) {
  return (
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
  );
}
