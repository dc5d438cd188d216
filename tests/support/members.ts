import { eq } from 'drizzle-orm';
import type { Preferences } from '#shared/api/preferences.ts';
import { users } from '#server/auth/auth.tables.ts';
import type { TestApp } from './test-app.ts';

/** Preferences that leave nobody out within their distance (100 km, the most a member may choose). */
export const OPEN_PREFERENCES: Preferences = {
  dateTypes: ['coffee'],
  genderPreferences: ['male', 'female', 'couple'],
  ageRange: { min: 18, max: 80 },
  distance: 100,
  accountTypes: ['individual', 'couple'],
};

export type MemberSpec = {
  name: string;
  city: string;
  /** A device position ([longitude, latitude]) instead of the typed city. */
  coordinates?: [number, number];
  age?: number;
  gender?: 'male' | 'female' | 'non-binary' | 'other';
  couple?: { partnerName: string; partnerAge: number; partnerGender: 'male' | 'female' | 'non-binary' | 'other' };
  /** Saved through PUT /users/profile (with interests); omitted = never saved. */
  preferences?: Partial<Preferences>;
  interests?: string[];
  verified?: boolean;
};

export type TestMember = { id: string; token: string; name: string; email: string; coordinates: [number, number] };

/** A member registered (and verified) through the API, with preferences saved the way the profile screen saves them. */
export async function createMember(t: TestApp, spec: MemberSpec): Promise<TestMember> {
  const location = { city: spec.city, country: 'Canada', coordinates: spec.coordinates ?? null };
  const payload = {
    name: spec.name,
    age: spec.age ?? 30,
    gender: spec.gender ?? 'female',
    location,
    ...(spec.couple ? { accountType: 'couple', ...spec.couple, relationshipType: 'dating' } : {}),
  };
  const registered = spec.verified === false ? await t.register(payload) : await t.verifiedMember(payload);
  const member: TestMember = {
    id: registered.user._id,
    token: registered.token,
    name: spec.name,
    email: registered.email,
    coordinates: registered.user.profile.location.coordinates,
  };
  if (spec.preferences || spec.interests) {
    if (!spec.preferences) throw new Error('PUT /users/profile always saves preferences: give them');
    const saved = await t.call('PUT', '/users/profile', {
      token: member.token,
      body: {
        profile: {
          name: spec.name,
          bio: '',
          interests: spec.interests ?? [],
          location,
          preferences: { ...OPEN_PREFERENCES, ...spec.preferences },
        },
      },
    });
    if (saved.status !== 200) throw new Error(`profile update failed: ${JSON.stringify(saved.body)}`);
  }
  return member;
}

/** Moderation and scores have no API yet: set them in the database. */
export async function updateMember(t: TestApp, id: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, id));
}
