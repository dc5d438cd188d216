import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Gender } from '#shared/domain/account.ts';
import type { Preferences } from '#shared/api/preferences.ts';
import { defaultEndTime } from '#shared/domain/booking.ts';
import { DATE_TYPES, INTEREST_OPTIONS, type DateType } from '#shared/domain/profile.ts';
import { addDays, todayIn } from '#shared/domain/time-zones.ts';
import type { ScoreCategory } from '#shared/domain/score.ts';
import { EMAIL_VERIFICATION_POINTS } from '#shared/domain/score.ts';
import { hasNoMembers, insertMembers, type NewUserRow } from '../auth/auth.service.ts';
import { insertSlots, placeSlot, type NewSlotRow } from '../availability/availability.service.ts';
import { resolveLocation, timeZoneAt } from '../geo/geo.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import type { FileStorage } from '../platform/storage.ts';
import { insertPhotos } from '../profiles/photos.service.ts';
import { recordScoreEvent } from '../score/score.service.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** Not a password hash at all: the sign-in check refuses it, so nobody can sign in as a demo or seeded member. */
export const UNUSABLE_PASSWORD_HASH = '!no-sign-in';
export const DEMO_EMAIL_DOMAIN = 'demo.rendezvous.invalid';

/** Ledger entries demo and seeded members carry (core-journey §9: +25 for a completed date, −100 for a no-show). */
export const DEMO_LEDGER = {
  verified: { category: 'Profile Enhancement', points: EMAIL_VERIFICATION_POINTS, description: 'Email verified', onceKey: 'email-verification' },
  completed: { category: 'Date Completion', points: 25, description: 'Completed a date' },
  noShow: { category: 'Missed Dates', points: -100, description: 'No-show' },
} as const satisfies Record<string, { category: ScoreCategory; points: number; description: string; onceKey?: string }>;

type Partner = { name: string; age: number; gender: Gender; relationshipType: 'dating' | 'engaged' | 'married' | 'other' };
type Person = { name: string; gender: Gender; age: number; partner?: Partner };

/** Plainly invented names, six cities, women, men and others, individuals and couples. */
const CITIES: { city: string; people: Person[] }[] = [
  {
    city: 'Vancouver',
    people: [
      { name: 'Wren Aldermoss', gender: 'female', age: 29 },
      { name: 'Jasper Quillfeather', gender: 'male', age: 34 },
      { name: 'Sol Brightwater', gender: 'non-binary', age: 27 },
      { name: 'Marigold Fenwick', gender: 'female', age: 41, partner: { name: 'Otis Fenwick', age: 43, gender: 'male', relationshipType: 'married' } },
      { name: 'Tamsin Larkspur', gender: 'female', age: 24 },
      { name: 'Rowan Driftwood', gender: 'male', age: 38 },
      { name: 'Ezra Cloudberry', gender: 'other', age: 31 },
    ],
  },
  {
    city: 'Toronto',
    people: [
      { name: 'Juniper Ashgrove', gender: 'female', age: 33 },
      { name: 'Caspian Thornbury', gender: 'male', age: 29 },
      { name: 'Linnea Marchbank', gender: 'female', age: 46 },
      { name: 'Felix Underhill', gender: 'male', age: 52, partner: { name: 'Priya Underhill', age: 49, gender: 'female', relationshipType: 'married' } },
      { name: 'Indigo Pennywhistle', gender: 'non-binary', age: 36 },
      { name: 'Odessa Kettleby', gender: 'female', age: 27 },
      { name: 'Bram Hollowell', gender: 'male', age: 44 },
    ],
  },
  {
    city: 'Montréal',
    people: [
      { name: 'Céleste Boisvert-Lune', gender: 'female', age: 31 },
      { name: 'Anatole Ferncliffe', gender: 'male', age: 35 },
      { name: 'Noé Petitpas', gender: 'male', age: 26, partner: { name: 'Mireille Duvent', age: 25, gender: 'female', relationshipType: 'dating' } },
      { name: 'Sylvie Cerfeuil', gender: 'female', age: 58 },
      { name: 'Arden Mistral', gender: 'other', age: 40 },
      { name: 'Gaspard Ruisseau', gender: 'male', age: 47 },
    ],
  },
  {
    city: 'Calgary',
    people: [
      { name: 'Poppy Stonebridge', gender: 'female', age: 30 },
      { name: 'Hank Prairiewind', gender: 'male', age: 39 },
      { name: 'Delphine Rook', gender: 'female', age: 35, partner: { name: 'Mae Rook', age: 37, gender: 'female', relationshipType: 'engaged' } },
      { name: 'Kit Wolfberry', gender: 'non-binary', age: 23 },
      { name: 'Silas Foothill', gender: 'male', age: 61 },
      { name: 'Clementine Hart', gender: 'female', age: 28 },
    ],
  },
  {
    city: 'Ottawa',
    people: [
      { name: 'Beatrix Canalside', gender: 'female', age: 37 },
      { name: 'Ambrose Tulipwood', gender: 'male', age: 42, partner: { name: 'Lou Tulipwood', age: 40, gender: 'non-binary', relationshipType: 'other' } },
      { name: 'Hazel Bytown', gender: 'female', age: 22 },
      { name: 'Morgan Rideaux', gender: 'male', age: 30 },
      { name: 'Quinn Mapleleaf', gender: 'other', age: 45 },
    ],
  },
  {
    city: 'Halifax',
    people: [
      { name: 'Maren Seaglass', gender: 'female', age: 32 },
      { name: 'Finnian Harbourlight', gender: 'male', age: 28 },
      { name: 'Isla Fogbank', gender: 'female', age: 50, partner: { name: 'Callum Fogbank', age: 53, gender: 'male', relationshipType: 'married' } },
      { name: 'Dune Saltmarsh', gender: 'non-binary', age: 34 },
      { name: 'Percy Lobsterpot', gender: 'male', age: 67 },
    ],
  },
];

const TAGLINES = [
  'Happiest with a flat white and a long walk.',
  'Will trade restaurant tips for hiking trails.',
  'Always up for a gallery, then a good lunch.',
  'Knows every taco place worth knowing.',
  'Early riser: coffee dates are the best dates.',
  'Board game collector, sore loser, good sport.',
  'Looking for someone to try the new tasting menu with.',
  'Weekend cyclist, weekday bookworm.',
];

/** A few demo members have saved preferences; the rest have none, so they exclude nobody. */
const SAVED_PREFERENCES: Preferences[] = [
  { dateTypes: ['coffee', 'drinks'], genderPreferences: ['male'], ageRange: { min: 25, max: 45 }, distance: 25, accountTypes: ['individual'] },
  { dateTypes: ['dinner', 'activity'], genderPreferences: ['female', 'couple'], ageRange: { min: 28, max: 60 }, distance: 50, accountTypes: ['individual', 'couple'] },
  { dateTypes: ['lunch'], genderPreferences: ['female', 'male'], ageRange: { min: 21, max: 40 }, distance: 15, accountTypes: ['individual'] },
];
const PHOTO_SIZE = 600;

export type DemoDeps = { db: Db; photoStorage: FileStorage; clock: Clock };

/** The "only when empty" rule: demo members come only to a database with no members at all. */
export { hasNoMembers };

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

const initialsOf = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((part) => part[0]!.normalize('NFD')[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

function hslHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)))).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A soft gradient with the member's initials, labelled as a demo: obviously nobody's real photo. */
export function demoPortraitSvg(initials: string, hue: number, variant: number): string {
  const from = hslHex(hue, 65, 72);
  const to = hslHex((hue + 40 + variant * 70) % 360, 55, 46);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${variant ? 1 : 0.4}" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.3" cy="0.25" r="0.75">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <rect width="600" height="600" fill="url(#glow)"/>
  <circle cx="300" cy="270" r="${variant ? 150 : 170}" fill="#ffffff" fill-opacity="0.18"/>
  <text x="300" y="340" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="180" fill="#ffffff" fill-opacity="0.92">${initials}</text>
  <text x="300" y="555" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.85">demo member</text>
</svg>`;
}

async function renderPortrait(initials: string, hue: number, variant: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPortraitSvg(initials, hue, variant))).webp({ quality: 82 }).toBuffer();
}

/** Sensible local start times and plainly invented venues for demo slots. */
const DEMO_SLOT_TIMES: Record<DateType, string> = { coffee: '10:00', lunch: '12:00', dinner: '19:00', drinks: '20:00', activity: '14:00' };
const DEMO_VENUES: Record<DateType, string> = {
  coffee: 'Fictional Beans Café (demo)',
  lunch: 'The Pretend Bistro (demo)',
  dinner: 'Imaginary Table (demo)',
  drinks: 'Make-Believe Bar (demo)',
  activity: 'Riverside walk (demo)',
};

type PlannedSlot = Omit<NewSlotRow, 'hostId'>;

/**
 * One to three open slots on different days among the next six, at a sensible hour in the
 * member's own zone, so the Available Dates tab and Book buttons have something to show.
 */
export function demoSlots(i: number, timeZone: string, now: Date): PlannedSlot[] {
  const today = todayIn(timeZone, now);
  return Array.from({ length: 1 + (i % 3) }, (_, k) => {
    const dateType = DATE_TYPES[(i + k) % DATE_TYPES.length]!;
    const date = addDays(today, 1 + ((i + 2 * k) % 6));
    const startTime = DEMO_SLOT_TIMES[dateType];
    const endTime = defaultEndTime(startTime, dateType);
    return {
      date,
      startTime,
      endTime,
      timeZone,
      ...placeSlot({ date, startTime, endTime, timeZone }),
      dateType,
      venue: DEMO_VENUES[dateType],
      notes: 'A demo slot: nobody will turn up.',
      createdAt: now,
    };
  });
}

type PlannedMember = {
  row: NewUserRow;
  slots: PlannedSlot[];
  photoCount: number;
  hue: number;
  ledger: { entry: (typeof DEMO_LEDGER)[keyof typeof DEMO_LEDGER]; at: Date }[];
};

/**
 * Homes spread over the city (1 to 8 km from its centre, a golden-angle spiral), kept to two
 * decimals like every member's, so browse shows real distances between demo members.
 */
function spreadAround([lon, lat]: [number, number], i: number): { longitude: number; latitude: number } {
  const km = 1 + ((i * 37) % 70) / 10;
  const angle = i * 2.39996;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    latitude: round(lat + (km * Math.cos(angle)) / 111.2),
    longitude: round(lon + (km * Math.sin(angle)) / (111.2 * Math.cos((lat * Math.PI) / 180))),
  };
}

/** Everything about the demo members except their photo files: deterministic apart from ids and dates. */
function planDemoMembers(now: Date): PlannedMember[] {
  const planned: PlannedMember[] = [];
  let i = 0;
  for (const { city, people } of CITIES) {
    const place = resolveLocation({ city, country: 'Canada', coordinates: null });
    for (const person of people) {
      const createdAt = new Date(now.getTime() - (3 + i * 2.5) * DAY_MS);
      const verifiedAt = new Date(createdAt.getTime() + 15 * 60_000);
      const step = 3 + (i % 4);
      const interests = Array.from({ length: 3 + (i % 3) }, (_, k) => INTEREST_OPTIONS[(i * 5 + k * step) % INTEREST_OPTIONS.length]!);
      const preferences = i % 6 === 5 ? SAVED_PREFERENCES[Math.floor(i / 6) % SAVED_PREFERENCES.length]! : null;
      const { partner } = person;
      const who = partner ? 'a fictional couple' : 'a fictional person';
      const bio = `Demo member: ${who}, here so a new Rendezvous has someone to browse. ${TAGLINES[i % TAGLINES.length]}`;

      const completed = (i * 5) % 9;
      const noShows = i % 7 === 3 ? 1 : i % 12 === 8 ? 2 : 0;
      const entries = [
        ...Array.from({ length: completed }, () => DEMO_LEDGER.completed),
        ...Array.from({ length: noShows }, () => DEMO_LEDGER.noShow),
      ];
      const span = now.getTime() - verifiedAt.getTime();
      const ledger = [
        { entry: DEMO_LEDGER.verified, at: verifiedAt },
        ...entries.map((entry, k) => ({ entry, at: new Date(verifiedAt.getTime() + (span * (k + 1)) / (entries.length + 1)) })),
      ];

      const home = spreadAround(place.coordinates, i);
      const timeZone = timeZoneAt([home.longitude, home.latitude]);
      planned.push({
        slots: demoSlots(i, timeZone, now),
        row: {
          email: `${slug(person.name)}@${DEMO_EMAIL_DOMAIN}`,
          passwordHash: UNUSABLE_PASSWORD_HASH,
          emailVerifiedAt: verifiedAt,
          accountType: partner ? 'couple' : 'individual',
          name: person.name,
          age: person.age,
          gender: person.gender,
          bio,
          interests,
          city: place.city,
          country: place.country,
          ...home,
          timeZone,
          partnerName: partner?.name ?? null,
          partnerAge: partner?.age ?? null,
          partnerGender: partner?.gender ?? null,
          relationshipType: partner?.relationshipType ?? null,
          referralCode: `DEMO${randomBytes(4).toString('hex').toUpperCase()}`,
          prefDateTypes: preferences?.dateTypes ?? null,
          prefGenders: preferences?.genderPreferences ?? null,
          prefAgeMin: preferences?.ageRange.min ?? null,
          prefAgeMax: preferences?.ageRange.max ?? null,
          prefDistanceKm: preferences?.distance ?? null,
          prefAccountTypes: preferences?.accountTypes ?? null,
          isDemo: true,
          createdAt,
        },
        photoCount: i % 3 === 0 ? 2 : 1,
        hue: (i * 47) % 360,
        ledger,
      });
      i += 1;
    }
  }
  return planned;
}

/**
 * Adds about three dozen clearly fictional, verified members with generated photos and a score
 * ledger, so a newcomer's first start shows a living app. Adds nothing (and returns 0) when the
 * database already has members. Returns how many were added.
 */
export async function addDemoMembers({ db, photoStorage, clock }: DemoDeps): Promise<number> {
  if (!(await hasNoMembers(db))) return 0;
  const now = clock.now();
  const planned = planDemoMembers(now);

  const files: { memberIndex: number; key: string; createdAt: Date }[] = [];
  const removeFiles = () => Promise.all(files.map((file) => photoStorage.delete(file.key).catch(() => {})));
  try {
    for (const [index, member] of planned.entries()) {
      for (let variant = 0; variant < member.photoCount; variant += 1) {
        const key = `${randomUUID()}.webp`;
        await photoStorage.put(key, await renderPortrait(initialsOf(member.row.name), member.hue, variant));
        files.push({ memberIndex: index, key, createdAt: new Date(member.row.emailVerifiedAt!.getTime() + (variant + 1) * 60_000) });
      }
    }
    const added = await db.transaction(async (tx) => {
      if (!(await hasNoMembers(tx))) return 0;
      const inserted = await insertMembers(tx, planned.map((member) => member.row));
      await insertPhotos(
        tx,
        files.map((file) => ({
          userId: inserted[file.memberIndex]!.id,
          storageKey: file.key,
          width: PHOTO_SIZE,
          height: PHOTO_SIZE,
          createdAt: file.createdAt,
        })),
      );
      await insertSlots(tx, planned.flatMap((member, index) => member.slots.map((slot) => ({ ...slot, hostId: inserted[index]!.id }))));
      for (const [index, member] of planned.entries()) {
        for (const { entry, at } of member.ledger) {
          await recordScoreEvent(tx, { userId: inserted[index]!.id, ...entry, at });
        }
      }
      return inserted.length;
    });
    if (added === 0) await removeFiles();
    return added;
  } catch (error) {
    await removeFiles();
    throw error;
  }
}
