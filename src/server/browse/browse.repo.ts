import { and, asc, desc, eq, gte, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountType, Gender } from '#shared/domain/account.ts';
import type { GenderPreference } from '#shared/domain/profile.ts';
import { users } from '../auth/auth.tables.ts';
import { EARTH_RADIUS_KM } from '../geo/geo.service.ts';
import type { Tx } from '../platform/db/client.ts';

type UserRow = typeof users.$inferSelect;
/** [longitude, latitude] */
export type Coordinates = readonly [number, number];

/** What other members' preferences are checked against. */
export type Viewer = {
  id: string;
  age: number;
  accountType: AccountType;
  /** How genderPreferences name the viewer; null when they cannot (a non-binary or other individual). */
  category: GenderPreference | null;
  home: Coordinates | null;
};

export type BrowseFilters = {
  minScore?: number;
  accountType: AccountType | 'all';
  minAge?: number;
  maxAge?: number;
  /** Lower-case; a member matches when they share at least one. */
  interests?: string[];
  gender: Gender | 'all';
  maxDistance?: number;
};

export type BrowseSort = 'distance' | 'score' | 'newest' | 'age';

export type PageRequest = {
  viewer: Viewer;
  /** Where distances are measured from; null when unknown (then every distance is null). */
  origin: Coordinates | null;
  filters: BrowseFilters;
  sortBy: BrowseSort;
  offset: number;
  limit: number;
};

export type Found = { user: UserRow; distance: number | null };

const BOX_MARGIN_DEGREES = 1e-6;

const position = sql`point(${users.longitude}, ${users.latitude})`;
const pointOf = ([lon, lat]: Coordinates) => sql`point(${lon}::float8, ${lat}::float8)`;

/**
 * Great-circle (haversine) kilometres from a member's home to a point, the gazetteer's distanceKm
 * in SQL; null when the member's place is unknown (least() would turn a null into 1).
 */
function kmFrom([lon, lat]: Coordinates): SQL<number | null> {
  return sql<number | null>`(case when ${users.longitude} is null or ${users.latitude} is null then null else ${sql.raw(String(2 * EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${users.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${users.latitude})) * power(sin(radians(${users.longitude} - ${lon}::float8) / 2), 2)))) end)`;
}

/**
 * The box (in degrees) holding every point within `radiusKm` of the origin, so the GiST index on
 * point(longitude, latitude) can answer `<@`. A degree of longitude shrinks with cos(latitude);
 * a circle that reaches a pole or crosses the antimeridian takes every longitude.
 * `radiusKm` may be a subquery: the box is computed once per scan.
 */
function boxAround([lon, lat]: Coordinates, radiusKm: SQL): SQL {
  const angle = sql`(${radiusKm} / ${sql.raw(String(EARTH_RADIUS_KM))})`;
  const poleMargin = Math.PI / 2 - Math.abs((lat * Math.PI) / 180);
  const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 1e-9);
  // The margin (about 10 cm) keeps a member exactly on the circle inside the box despite rounding.
  const dLat = sql`(degrees(${angle}) + ${BOX_MARGIN_DEGREES}::float8)`;
  const dLon = sql`(degrees(asin(least(1, sin(least(${angle}, pi() / 2)) / ${cosLat}::float8))) + ${BOX_MARGIN_DEGREES}::float8)`;
  const allLongitudes = sql`(${angle} >= ${poleMargin}::float8 or ${lon}::float8 - ${dLon} < -180 or ${lon}::float8 + ${dLon} > 180)`;
  return sql`box(
    point(case when ${allLongitudes} then -180 else ${lon}::float8 - ${dLon} end, ${lat}::float8 - ${dLat}),
    point(case when ${allLongitudes} then 180 else ${lon}::float8 + ${dLon} end, ${lat}::float8 + ${dLat}))`;
}

/** Within `radiusKm` of the origin: the index finds the box, then the exact distance decides. */
function within(origin: Coordinates, radiusKm: SQL): SQL {
  return sql`(${position} <@ ${boxAround(origin, radiusKm)} and ${kmFrom(origin)} <= ${radiusKm})`;
}

/**
 * Who the viewer may see at all: never a banned, unverified or inactive member, and never one
 * whose saved preferences (null = none saved) leave the viewer out.
 */
function visibleTo(viewer: Viewer): SQL {
  return and(
    isNotNull(users.emailVerifiedAt),
    eq(users.isBanned, false),
    eq(users.accountStatus, 'active'),
    viewer.category === null ? undefined : or(isNull(users.prefGenders), sql`${viewer.category}::text = any(${users.prefGenders})`),
    or(isNull(users.prefAgeMin), lte(users.prefAgeMin, viewer.age)),
    or(isNull(users.prefAgeMax), gte(users.prefAgeMax, viewer.age)),
    or(isNull(users.prefAccountTypes), sql`${viewer.accountType}::text = any(${users.prefAccountTypes})`),
    // A distance that cannot be measured cannot be shown to respect the preference.
    or(isNull(users.prefDistanceKm), viewer.home ? sql`${kmFrom(viewer.home)} <= ${users.prefDistanceKm}` : sql`false`),
  )!;
}

function matching(filters: BrowseFilters): SQL | undefined {
  const interests = filters.interests?.length ? filters.interests : null;
  return and(
    filters.minScore === undefined ? undefined : gte(users.score, filters.minScore),
    filters.accountType === 'all' ? undefined : eq(users.accountType, filters.accountType),
    filters.minAge === undefined ? undefined : gte(users.age, filters.minAge),
    filters.maxAge === undefined ? undefined : lte(users.age, filters.maxAge),
    filters.gender === 'all' ? undefined : eq(users.gender, filters.gender),
    interests ? sql`exists (select 1 from unnest(${users.interests}) as interest where lower(interest) in ${interests})` : undefined,
  );
}

/** The nearest-first walk looks at no more members than this before falling back to the whole circle. */
const walkLength = (wanted: number) => Math.max(1000, wanted * 20);
/** More than half the earth's circumference: a circle that holds every place. */
const EVERYWHERE_KM = Math.PI * EARTH_RADIUS_KM + 1;

/**
 * One page of members the viewer may see, in the asked order, with the distance from the origin.
 *
 * Nearest-first pages avoid measuring every member. A first pass walks the GiST index in nearest
 * order (in degrees: close to, but not exactly, kilometres) until `offset + limit` members match
 * or `walkLength` were looked at. When enough matched, the farthest of them, in real kilometres,
 * bounds the page: every member on it is at most that far. Otherwise the bound is maxDistance (or
 * the whole earth). The second pass then measures only the members in that circle, through the
 * index again (a box around the circle, then the exact distance), and sorts them exactly.
 */
export function pageQuery(db: Tx, request: PageRequest) {
  const { viewer, origin, filters, sortBy, offset, limit } = request;
  const candidates = and(ne(users.id, viewer.id), visibleTo(viewer), matching(filters));
  const maxDistance = origin && filters.maxDistance !== undefined ? within(origin, sql`${filters.maxDistance}::float8`) : undefined;
  const distance = sql<number | null>`${origin ? kmFrom(origin) : sql`null::float8`}`.as('distance');
  const columns = { user: users, distance };

  if (sortBy !== 'distance' || !origin) {
    const order = {
      distance: [asc(users.id)],
      score: [desc(users.score), asc(users.id)],
      newest: [desc(users.createdAt), asc(users.id)],
      age: [asc(users.age), asc(users.id)],
    }[sortBy];
    return db.select(columns).from(users).where(and(candidates, maxDistance)).orderBy(...order).limit(limit).offset(offset);
  }

  const wanted = offset + limit;
  const walk = db
    .select({ km: kmFrom(origin).as('km'), matches: sql<boolean>`coalesce(${and(candidates, maxDistance)}, false)`.as('matches') })
    .from(users)
    .orderBy(sql`${position} <-> ${pointOf(origin)}`)
    .limit(walkLength(wanted))
    .as('walk');
  const nearest = db.select({ km: walk.km }).from(walk).where(sql`${walk.matches}`).limit(wanted).as('nearest');
  const reach = db.$with('reach').as(
    db
      .select({
        radius: sql<number>`case when count(*) >= ${wanted} then max(${nearest.km}) else ${filters.maxDistance ?? EVERYWHERE_KM}::float8 end`.as('radius'),
        // Members without a known place come after everyone with one: only a walk that ran out can reach them.
        unplacedToo: (filters.maxDistance === undefined ? sql<boolean>`count(*) < ${wanted}` : sql<boolean>`false`).as('unplaced_too'),
      })
      .from(nearest),
  );
  const bounds = db.$with('bounds').as(
    db.select({ radius: reach.radius, unplacedToo: reach.unplacedToo, area: sql`${boxAround(origin, sql`${reach.radius}`)}`.as('area') }).from(reach),
  );
  const placed = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        candidates,
        sql`${position} <@ (select ${bounds.area} from ${bounds})`,
        sql`${kmFrom(origin)} <= (select ${bounds.radius} from ${bounds})`,
      ),
    );
  const unplaced = db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`(select ${bounds.unplacedToo} from ${bounds})`, sql`${position} is null`, candidates));
  const page = placed.unionAll(unplaced).as('page');
  return db
    .with(reach, bounds)
    .select(columns)
    .from(users)
    .innerJoin(page, eq(page.id, users.id))
    .orderBy(sql`distance asc nulls last`, asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function findPage(db: Tx, request: PageRequest): Promise<Found[]> {
  return pageQuery(db, request);
}

export async function findUser(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** One member, if the viewer may see them, with the distance between the two homes. */
export async function findVisibleMember(db: Tx, viewer: Viewer, id: string): Promise<Found | undefined> {
  const distance = viewer.home ? kmFrom(viewer.home) : sql<null>`null::float8`;
  const [found] = await db
    .select({ user: users, distance: sql<number | null>`${distance}`.as('distance') })
    .from(users)
    .where(and(eq(users.id, id), visibleTo(viewer)))
    .limit(1);
  return found;
}
