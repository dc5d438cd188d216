import { useQuery } from '@tanstack/react-query';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { User } from '#shared/api/auth.ts';
import type { Preferences } from '#shared/api/preferences.ts';
import { GENDER_LABELS } from '#shared/domain/account-options.ts';
import { fill } from '#shared/shell-first-page.ts';
import { carTierOf } from '#shared/domain/car-tiers.ts';
import { BIO_MAX } from '#shared/domain/profile.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { LOCATE_ERRORS } from '#app/components/device-position.ts';
import { LocationField, type LocationValue } from '#app/components/location-field.tsx';
import { messageOf, preloadCheck, useFieldErrors } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { InterestsField } from './interests-field.tsx';
import { NotificationSettingsSection } from './notification-settings.tsx';
import { PhotosSection, PhotosSkeleton } from './photos-section.tsx';
import { PreferencesFields, type PreferenceErrors } from './preferences-fields.tsx';
import { PROFILE_SAVE_FAILED, keepOwnRecord, ownRecordQuery, profilesApi } from './profiles.api.ts';
import './profiles.css';

export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_HEADING = 'My Profile';
const ACCOUNT_TYPE_LABELS = { individual: 'Individual', couple: 'Couple' } as const;

type Draft = { name: string; bio: string; interests: string[]; location: LocationValue | null; preferences: Preferences };

const draftOf = (user: User): Draft => ({
  name: user.profile.name,
  bio: user.profile.bio,
  interests: user.profile.interests,
  location: user.profile.location,
  preferences: user.profile.preferences,
});

/** Couples show as 'name & partnerName'. */
export function displayNameOf(user: User): string {
  return user.accountType === 'couple' && user.coupleInfo ? `${user.profile.name} & ${user.coupleInfo.partnerName}` : user.profile.name;
}

/** My Profile: "Loading…" until the member's fresh record is known (or the network says it cannot be). */
/**
 * Parts owned by other features, given by the route: `pushControl` (this device's push switch),
 * `biometricControl` (the biometric verification block), `royalTitle` (a woman's title, which
 * opens the tier explanation), `calendarFeed` (the calendar feed's address) and `blockedMembers`
 * (the members blocked, with Unblock).
 */
export type ProfileSlots = {
  pushControl?: ReactNode;
  biometricControl?: ReactNode;
  royalTitle?: (score: number) => ReactNode;
  calendarFeed?: ReactNode;
  blockedMembers?: ReactNode;
};

export function ProfilePage(slots: ProfileSlots = {}) {
  const user = useSession((state) => state.user);
  const own = useQuery(ownRecordQuery());
  // The record's arrival is an update React renders at once, in one task; the screen (and the calls
  // its sections start) follows in a render React splits into short ones.
  const fetched = useDeferredValue(own.isFetchedAfterMount);
  if (!user || !fetched) {
    return (
      <main id="main" className="page profile-page">
        <h1>{PROFILE_HEADING}</h1>
        <p role="status">Loading…</p>
      </main>
    );
  }
  return <ProfileScreen key={user._id} user={user} slots={slots} updatedAt={own.dataUpdatedAt} />;
}

function ProfileScreen({ user, slots, updatedAt }: { user: User; slots: ProfileSlots; updatedAt: number }) {
  // The form (below the photos on a phone, and most of the screen's work) follows in a render of its own.
  const formShown = useDeferredValue(true, false);
  return (
    <main id="main" className="page profile-page">
      <h1>{PROFILE_HEADING}</h1>
      <OfflineStatus updatedAt={updatedAt} />
      <div className="profile-columns">
        <div className="stack">
          {!user.isEmailVerified && <VerifyEmailAlert email={user.email} link={<Link to="/verify-email">{VERIFY_YOUR_EMAIL}</Link>} />}
          <IdentityCard user={user} />
          <PhotosSection photos={user.profile.photos} />
          {slots.biometricControl}
          <MembershipCard user={user} royalTitle={slots.royalTitle} />
          {slots.calendarFeed}
          {slots.blockedMembers}
        </div>
        {formShown && <ProfileForm user={user} pushControl={slots.pushControl} />}
      </div>
    </main>
  );
}

/**
 * /profile as the shell paints it before the app's code has arrived (scripts/prerender.ts writes it
 * into index.html; the start-up stylesheet shows it on /profile only): the heading, then the identity
 * card and the photos with the page's classes, shown once the head script has drawn the member's
 * record into them (GET /auth/me, which the app's session check then takes: src/shared/head-script.ts)
 * — the e-mail warning if it is not verified, the facts, the photo count and the first photo, the
 * page's largest paint.
 */
export function ProfileSkeleton() {
  return (
    <>
      <h1>{PROFILE_HEADING}</h1>
      <div className="profile-columns" aria-hidden="true" hidden {...fill('show', 'user')}>
        <div className="stack">
          <div hidden {...fill('unless', 'user.isEmailVerified')}>
            <VerifyEmailAlert email={<span {...fill('text', 'user.email')} />} link={<a href="/verify-email">{VERIFY_YOUR_EMAIL}</a>} />
          </div>
          <IdentityFacts
            name={null}
            age={<span {...fill('text', 'user.profile.age')} />}
            gender={<span {...fill('text', 'user.profile.gender', GENDER_LABELS)} />}
            account={<span {...fill('text', 'user.accountType', ACCOUNT_TYPE_LABELS)} />}
            contact={<a href="/contact">{CONTACT_SUPPORT}</a>}
          />
          <PhotosSkeleton />
        </div>
      </div>
    </>
  );
}

const CONTACT_SUPPORT = 'contact support';
const VERIFY_YOUR_EMAIL = 'Verify your email';

function VerifyEmailAlert({ email, link }: { email: ReactNode; link: ReactNode }) {
  return (
    <Alert tone="warning">
      Please verify your email address ({email}) to browse and book dates. {link}
    </Alert>
  );
}

function IdentityCard({ user }: { user: User }) {
  return (
    <IdentityFacts
      name={displayNameOf(user)}
      age={user.profile.age}
      gender={GENDER_LABELS[user.profile.gender]}
      account={ACCOUNT_TYPE_LABELS[user.accountType]}
      contact={<Link to="/contact">{CONTACT_SUPPORT}</Link>}
    />
  );
}

/** Who the member is (a blank name line in the skeleton, which draws no name). */
function IdentityFacts({ name, age, gender, account, contact }: { name: string | null; age: ReactNode; gender: ReactNode; account: ReactNode; contact: ReactNode }) {
  return (
    <section className="card stack-sm profile-identity" aria-label="Who you are">
      <p className="profile-name">{name ?? '\u00a0'}</p>
      <dl className="profile-facts">
        <div>
          <dt>Age</dt>
          <dd>{age}</dd>
        </div>
        <div>
          <dt>Gender</dt>
          <dd>{gender}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{account}</dd>
        </div>
      </dl>
      <p className="field-hint">Age, gender and account type cannot be changed here; {contact} to change them.</p>
    </section>
  );
}

/** Women see their Partner Guide and royal title; others their car team. */
function MembershipCard({ user, royalTitle }: { user: User; royalTitle?: (score: number) => ReactNode }) {
  const isWoman = user.profile.gender === 'female';
  return (
    <section className="card stack-sm profile-section" aria-labelledby="membership-heading">
      <h2 id="membership-heading">{isWoman ? 'Partner Guide' : 'Team'}</h2>
      {isWoman ? (
        <p>
          Your royal title: {royalTitle ? royalTitle(user.reliabilityScore.current) : <strong>{royalTitleFor(user.reliabilityScore.current)}</strong>}. Royal tiers are
          free for every woman.
        </p>
      ) : (
        <p>
          Your team: <strong>{carTierOf(user.carTier).label}</strong>. A team is a status badge only.
        </p>
      )}
      <div className="row">
        <Link to="/subscription" className="btn btn-sm">
          {isWoman ? 'Open Partner Guide' : 'My membership'}
        </Link>
        <Link to="/car-tier" className="btn btn-sm btn-ghost">
          {isWoman ? 'Partner psychology guide' : 'Change Tier'}
        </Link>
      </div>
    </section>
  );
}

const loadProfileCheck = () => import('#shared/api/profiles.ts').then((schemas) => schemas.ProfileUpdateBodySchema);

const PREFERENCE_FIELDS = ['dateTypes', 'genderPreferences', 'ageRange.min', 'ageRange.max', 'distance', 'accountTypes'] as const;

function ProfileForm({ user, pushControl }: { user: User; pushControl?: ReactNode }) {
  const fields = useFieldErrors();
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A successful save shows the city the server resolved (a fresh location widget).
  const [locationKey, setLocationKey] = useState(0);
  const [focusErrors, setFocusErrors] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const e = fields.errors;

  useEffect(() => {
    if (!focusErrors) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('.field-error');
    invalid?.scrollIntoView({ block: 'center' });
    if (invalid?.matches('input, select, textarea')) invalid.focus();
  }, [focusErrors]);

  /** Errors under a field: the client's names and the server's dotted ones ('profile.location.city'). */
  const errorOf = (...names: string[]) => {
    for (const name of names) {
      const found = Object.keys(e).find((key) => key === name || key.startsWith(`${name}.`));
      if (found) return e[found];
    }
    return undefined;
  };
  const clear = (...names: string[]) => {
    for (const key of Object.keys(e)) if (names.some((name) => key === name || key.startsWith(`${name}.`))) fields.clearField(key);
  };
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const preferenceErrors: PreferenceErrors = Object.fromEntries(PREFERENCE_FIELDS.map((name) => [name, errorOf(`profile.preferences.${name}`)]));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const body = await fields.validateLoaded(loadProfileCheck, {
      profile: { name: draft.name, bio: draft.bio, interests: draft.interests, location: draft.location ?? undefined, preferences: draft.preferences },
    });
    if (!body) {
      setFocusErrors((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const { user: fresh } = await profilesApi.update(body);
      await keepOwnRecord(fresh);
      setDraft(draftOf(fresh));
      setLocationKey((n) => n + 1);
      toast.success(PROFILE_SAVED);
    } catch (error) {
      const message = messageOf(error, PROFILE_SAVE_FAILED);
      if (fields.fromServer(error)) setFocusErrors((n) => n + 1);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="stack" onSubmit={save} onFocus={() => preloadCheck(loadProfileCheck)} noValidate aria-label="Profile">
      <section className="card stack profile-section" aria-labelledby="about-heading">
        <h2 id="about-heading">About you</h2>
        <TextField
          label="Display name"
          name="name"
          autoComplete="given-name"
          maxLength={100}
          value={draft.name}
          onChange={(event) => {
            change('name', event.target.value);
            clear('profile.name');
          }}
          error={errorOf('profile.name')}
          required
        />
        <TextAreaField
          label="Bio"
          name="bio"
          maxLength={BIO_MAX}
          rows={5}
          value={draft.bio}
          onChange={(event) => {
            change('bio', event.target.value);
            clear('profile.bio');
          }}
          hint={`${draft.bio.length}/${BIO_MAX} characters`}
          error={errorOf('profile.bio')}
        />
      </section>

      <section className="card stack profile-section">
        <LocationField
          key={locationKey}
          value={draft.location}
          onChange={(next) => {
            change('location', next);
            clear('profile.location', 'location');
          }}
          error={errorOf('profile.location.city', 'location.city', 'profile.location')}
          errorTexts={LOCATE_ERRORS}
        />
      </section>

      <section className="card stack profile-section">
        <InterestsField
          value={draft.interests}
          onChange={(next) => {
            change('interests', next);
            clear('profile.interests');
          }}
          error={errorOf('profile.interests')}
        />
      </section>

      <section className="card stack profile-section" aria-labelledby="preferences-heading">
        <h2 id="preferences-heading">Dating preferences</h2>
        <p className="muted">Once saved, they also decide who finds you: members outside them do not see you in Browse.</p>
        <PreferencesFields
          value={draft.preferences}
          onChange={(next, changed) => {
            change('preferences', next);
            clear(`profile.preferences.${changed}`);
          }}
          errors={preferenceErrors}
        />
      </section>

      <NotificationSettingsSection settings={user.notificationSettings} pushControl={pushControl} />

      <div className="profile-save">
        {failure && <Alert>{failure}</Alert>}
        <Button type="submit" variant="primary" block busy={busy}>
          {busy ? 'Saving…' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
