import { and, asc, desc, eq, is, isNull, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountType, Gender } from '#shared/domain/account.ts';
import type { GenderPreference } from '#shared/domain/profile.ts';
import { discoverableSql, users } from '../auth/auth.read.ts';
import { EARTH_RADIUS_KM, distanceKmSql } from '../geo/geo.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { photosJsonTextOf } from '../profiles/photos.read.ts';
import { isoText, jsonArrayOf, jsonFields, jsonObject, jsonScalar, jsonUuid, jsonValue } from '../platform/db/json-text.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { availabilitySlots } from '../availability/availability.read.ts';
import { bookings, memberDateStats } from '../bookings/bookings.read.ts';
import { toDateStats, type DateStats } from '../bookings/bookings.read.ts';
import { summaryColumns } from '../profiles/profiles.read.ts';

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
  /** The calendar month whose dates the cards count (none counted without it). */
  month?: { start: Date; end: Date };
  /** Each card's free times, read with the page (none without it). */
  cardSlots?: CardSlots;
};

/**
 * JSON fields over a card's member id and the instant `now` (availability's, passed in:
 * availability builds on browse), computed with the page: `availabilityCount` and `availability`.
 */
export type CardSlots = { now: Date; fields: (memberId: SQL, now: SQL) => SQL<string> };

export type Found = { user: UserRow; distance: number | null };

/** What a card shows of a member (never their e-mail, password hash, preferences…). */
export const cardColumns = summaryColumns(users);
/**
 * A card as the page statement writes it (decision 62): `head`, the JSON text of its fields
 * up to `availability`, left open; the member's distance (the service writes what it makes of it);
 * and the JSON text of `recentDateActivity`.
 */
export type FoundCard = { head: string; distance: number | null; activity: string };

const INTERESTS_KEY = ',"interests":';
const AFTER_INTERESTS = ',"photos":';
/**
 * The JSON text of the member's interests, read out of a card's head rather than written twice.
 * The first `,"interests":` is the field itself and the first `,"photos":` after it ends the array:
 * a JSON string holds no bare quote, so neither text can occur inside a name, bio or interest.
 */
export function interestsTextOf(head: string): string {
  const start = head.indexOf(INTERESTS_KEY) + INTERESTS_KEY.length;
  return head.slice(start, head.indexOf(AFTER_INTERESTS, start));
}

/**
 * The statement answers each card as one text column, its parts separated by a control character
 * (JSON text never holds one unescaped): one value for the driver and Drizzle to read, not four.
 */
const PART = '\x01';


const BOX_MARGIN_DEGREES = 1e-6;
/** The nearest-first walk looks at no more members than this before falling back to the whole circle. */
const walkLength = (wanted: number) => Math.max(1000, wanted * 20);
/** More than half the earth's circumference: a circle that holds every place. */
const EVERYWHERE_KM = Math.PI * EARTH_RADIUS_KM + 1;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** What the visibility rules read of the viewer. */
const viewerValues = (viewer: Viewer) => ({
  viewerId: viewer.id,
  viewerAge: viewer.age,
  viewerAccountType: viewer.accountType,
  viewerCategory: viewer.category,
  homeLon: viewer.home?.[0],
  homeLat: viewer.home?.[1],
});

/** Every value a page statement reads. */
export function pageValues({ viewer, origin, filters, offset, limit, month, cardSlots }: PageRequest) {
  const wanted = offset + limit;
  // The viewer's values come last: an object literal that starts with a spread and then adds this
  // many properties took V8 about 25 µs to build.
  return {
    originLon: origin?.[0],
    originLat: origin?.[1],
    originCosLat: origin ? Math.max(Math.cos(radians(origin[1])), 1e-9) : undefined,
    /** The angle (radians) at which a circle around the origin reaches a pole. */
    originPoleMargin: origin ? Math.PI / 2 - Math.abs(radians(origin[1])) : undefined,
    minScore: filters.minScore,
    accountType: filters.accountType,
    minAge: filters.minAge,
    maxAge: filters.maxAge,
    gender: filters.gender,
    interests: filters.interests,
    maxDistance: filters.maxDistance,
    fallbackKm: filters.maxDistance ?? EVERYWHERE_KM,
    wanted,
    walk: walkLength(wanted),
    offset,
    limit,
    monthStart: month?.start.toISOString() ?? null,
    monthEnd: month?.end.toISOString() ?? null,
    now: cardSlots?.now.toISOString() ?? null,
    ...viewerValues(viewer),
  };
}
type PageValues = ReturnType<typeof pageValues>;

/**
 * How a statement gets its values: as placeholders of a prepared statement (the SQL is built once
 * per shape), or inline as parameters.
 */
type Bind = <K extends keyof PageValues>(name: K) => Placeholder<K> | PageValues[K];
const placeholders: Bind = (name) => sql.placeholder(name);
const inline =
  (values: Partial<PageValues>): Bind =>
  (name) => {
    const value = values[name];
    // An array must stay one parameter (drizzle spreads arrays into lists).
    return (Array.isArray(value) ? sql.param(value) : value) as PageValues[typeof name];
  };

const position = sql`point(${users.longitude}, ${users.latitude})`;

type Point = { lon: unknown; lat: unknown };
const originPoint = (bind: Bind): Point => ({ lon: bind('originLon'), lat: bind('originLat') });
const homePoint = (bind: Bind): Point => ({ lon: bind('homeLon'), lat: bind('homeLat') });

/** Great-circle kilometres from a member's home to a point; null when the member's place is unknown. */
function kmFrom(point: Point): SQL<number | null> {
  return distanceKmSql({ lon: users.longitude, lat: users.latitude }, point);
}

/**
 * The box (in degrees) holding every point within `radiusKm` of the origin, so the GiST index on
 * point(longitude, latitude) can answer `<@`. A degree of longitude shrinks with cos(latitude);
 * a circle that reaches a pole or crosses the antimeridian takes every longitude.
 * `radiusKm` may be a subquery: the box is computed once per scan.
 */
function boxAround(bind: Bind, radiusKm: SQL): SQL {
  const { lon, lat } = originPoint(bind);
  const angle = sql`(${radiusKm} / ${sql.raw(String(EARTH_RADIUS_KM))})`;
  // The margin (about 10 cm) keeps a member exactly on the circle inside the box despite rounding.
  const dLat = sql`(degrees(${angle}) + ${sql.raw(String(BOX_MARGIN_DEGREES))})`;
  const dLon = sql`(degrees(asin(least(1, sin(least(${angle}, pi() / 2)) / ${bind('originCosLat')}::float8))) + ${sql.raw(String(BOX_MARGIN_DEGREES))})`;
  const allLongitudes = sql`(${angle} >= ${bind('originPoleMargin')}::float8 or ${lon}::float8 - ${dLon} < -180 or ${lon}::float8 + ${dLon} > 180)`;
  return sql`box(
    point(case when ${allLongitudes} then -180 else ${lon}::float8 - ${dLon} end, ${lat}::float8 - ${dLat}),
    point(case when ${allLongitudes} then 180 else ${lon}::float8 + ${dLon} end, ${lat}::float8 + ${dLat}))`;
}

/** Within `radiusKm` of the origin: the index finds the box, then the exact distance decides. */
function within(bind: Bind, radiusKm: SQL): SQL {
  return sql`(${position} <@ ${boxAround(bind, radiusKm)} and ${kmFrom(originPoint(bind))} <= ${radiusKm})`;
}

/**
 * Who the viewer may see at all: never a banned, unverified or inactive member, and never one
 * whose saved preferences (null = none saved) leave the viewer out.
 */
function visibleTo(viewer: Viewer, bind: Bind): SQL {
  return and(
    // Written as constants (not parameters) so the planner can use the partial browse indexes.
    discoverableSql,
    viewer.category === null ? undefined : or(isNull(users.prefGenders), sql`${bind('viewerCategory')}::text = any(${users.prefGenders})`),
    or(isNull(users.prefAgeMin), sql`${users.prefAgeMin} <= ${bind('viewerAge')}::int`),
    or(isNull(users.prefAgeMax), sql`${users.prefAgeMax} >= ${bind('viewerAge')}::int`),
    or(isNull(users.prefAccountTypes), sql`${bind('viewerAccountType')}::text = any(${users.prefAccountTypes})`),
    // A distance that cannot be measured cannot be shown to respect the preference.
    or(isNull(users.prefDistanceKm), viewer.home ? sql`${kmFrom(homePoint(bind))} <= ${users.prefDistanceKm}` : sql`false`),
  )!;
}

function matching(filters: BrowseFilters, sortBy: BrowseSort, bind: Bind): SQL | undefined {
  // Ordered by age, the age index gives both the order and the range. Otherwise `+ 0` keeps the
  // range away from that index: a generic plan (see db/client.ts) cannot tell how wide the range
  // is, and would read most of the index beside the position box or instead of the score index.
  const age = sortBy === 'age' ? sql`${users.age}` : sql`(${users.age} + 0)`;
  return and(
    filters.minScore === undefined ? undefined : sql`${users.score} >= ${bind('minScore')}::int`,
    filters.accountType === 'all' ? undefined : sql`${users.accountType} = ${bind('accountType')}::text`,
    filters.minAge === undefined ? undefined : sql`${age} >= ${bind('minAge')}::int`,
    filters.maxAge === undefined ? undefined : sql`${age} <= ${bind('maxAge')}::int`,
    filters.gender === 'all' ? undefined : sql`${users.gender} = ${bind('gender')}::text`,
    filters.interests?.length
      ? sql`exists (select 1 from unnest(${users.interests}) as interest where lower(interest) = any(${bind('interests')}::text[]))`
      : undefined,
  );
}

/** What lists of other things held by members (their free slots) filter those members by. */
export type HostFilters = Pick<BrowseFilters, 'minScore' | 'accountType' | 'maxDistance'>;
export type HostConditions = { where: SQL; distance: SQL<number | null> };

/**
 * The members a list beside browse (free slots) may show the viewer: never the viewer, and the
 * same visibility, filters and distance rule as /users/browse; with each one's distance from the origin.
 */
export function hostConditions(viewer: Viewer, origin: Coordinates | null, hostFilters: HostFilters): HostConditions {
  const filters: BrowseFilters = { ...hostFilters, gender: 'all' };
  const bind = inline(pageValues({ viewer, origin, filters, sortBy: 'score', offset: 0, limit: 1 }));
  const where = and(
    sql`${users.id} <> ${bind('viewerId')}::uuid`,
    visibleTo(viewer, bind),
    matching(filters, 'score', bind),
    origin && filters.maxDistance !== undefined ? within(bind, sql`${bind('maxDistance')}::float8`) : undefined,
  )!;
  return { where, distance: origin ? kmFrom(originPoint(bind)) : sql<null>`null::float8` };
}

/**
 * Whom browse may ever show the viewer (never the viewer themself), as a condition over the users
 * table for a prepared statement: its viewer values are placeholders (`values` fills them, named as
 * `viewerValues` names them) and `shape` tells which of its forms it is (part of the statement's name).
 */
export type ViewerCondition = { where: SQL; shape: string; values: ReturnType<typeof viewerValues> };
export function visibleToViewer(viewer: Viewer): ViewerCondition {
  return {
    where: and(sql`${users.id} <> ${placeholders('viewerId')}::uuid`, visibleTo(viewer, placeholders))!,
    shape: `${Number(viewer.category !== null)}${Number(viewer.home !== null)}`,
    values: viewerValues(viewer),
  };
}

/** Which statement a request needs: what is filtered, and how it is ordered. */
function pageShape({ viewer, origin, filters, sortBy, cardSlots }: PageRequest): string {
  const flags = [
    cardSlots !== undefined,
    origin !== null,
    filters.maxDistance !== undefined,
    filters.minScore !== undefined,
    filters.accountType !== 'all',
    filters.minAge !== undefined,
    filters.maxAge !== undefined,
    filters.gender !== 'all',
    Boolean(filters.interests?.length),
    viewer.category !== null,
    viewer.home !== null,
  ];
  return `${sortBy}_${flags.map(Number).join('')}`;
}

/**
 * One page of members the viewer may see, in the asked order, with the distance from the origin.
 *
 * Nearest-first pages avoid measuring every member. A first pass walks the GiST index in nearest
 * order (in degrees: close to, but not exactly, kilometres) until `offset + limit` members match
 * or `walkLength` were looked at. When enough matched, the farthest of them, in real kilometres,
 * bounds the page: every member on it is at most that far. Otherwise the bound is maxDistance (or
 * the whole earth). The second pass then measures only the members in that circle, through the
 * index again (a box around the circle, then the exact distance), and sorts them exactly.
 *
 * The request decides the statement's shape; its values come through `bind`.
 */
export function pageQuery(db: Tx, request: PageRequest, bind: Bind = inline(pageValues(request))) {
  const { origin, filters, sortBy } = request;
  const candidates = and(sql`${users.id} <> ${bind('viewerId')}::uuid`, visibleTo(request.viewer, bind), matching(filters, sortBy, bind));
  const maxDistance = origin && filters.maxDistance !== undefined ? within(bind, sql`${bind('maxDistance')}::float8`) : undefined;
  // Each card, with its photos, date facts and free times, written as JSON by PostgreSQL with the
  // page rather than in other queries (it computes them after the page's limit, once per card).
  const card = (user: CardColumns, table: string, km: SQL) => {
    const id = sql`${sql.identifier(table)}.${sql.identifier('id')}`;
    const parts = [
      cardHead(user, id, bind('viewerId'), request.cardSlots?.fields(id, sql`${bind('now')}`) ?? NO_SLOTS),
      // float8's text is the shortest that reads back as the same number.
      sql`coalesce((${km})::text, '')`,
      recentActivityText(id, bind('monthStart'), bind('monthEnd')),
    ];
    return { card: sql<string>`${sql.join(parts, sql` || chr(1) || `)}`.as('card') };
  };
  const columns = card(cardColumns, 'users', origin ? kmFrom(originPoint(bind)) : sql`null::float8`);

  if (sortBy !== 'distance' || !origin) {
    const order = {
      distance: [asc(users.id)],
      score: [desc(users.score), asc(users.id)],
      newest: [desc(users.createdAt), asc(users.id)],
      age: [asc(users.age), asc(users.id)],
    }[sortBy];
    return db
      .select(columns)
      .from(users)
      .where(and(candidates, maxDistance))
      .orderBy(...order)
      .limit(bind('limit'))
      .offset(bind('offset'));
  }

  const walk = db
    .select({ km: kmFrom(originPoint(bind)).as('km'), matches: sql<boolean>`coalesce(${and(candidates, maxDistance)}, false)`.as('matches') })
    .from(users)
    .orderBy(sql`${position} <-> point(${originPoint(bind).lon}::float8, ${originPoint(bind).lat}::float8)`)
    .limit(bind('walk'))
    .as('walk');
  const nearest = db.select({ km: walk.km }).from(walk).where(sql`${walk.matches}`).limit(bind('wanted')).as('nearest');
  const reach = db.$with('reach').as(
    db
      .select({
        radius: sql<number>`case when count(*) >= ${bind('wanted')}::int then max(${nearest.km}) else ${bind('fallbackKm')}::float8 end`.as('radius'),
        // Members without a known place come after everyone with one: only a walk that ran out (with
        // no distance limit) reaches them.
        unplacedToo: sql<boolean>`count(*) < ${bind('wanted')}::int`.as('unplaced_too'),
      })
      .from(nearest),
  );
  const bounds = db.$with('bounds').as(
    db
      .select({ radius: reach.radius, unplacedToo: reach.unplacedToo, area: sql`${boxAround(bind, sql`${reach.radius}`)}`.as('area') })
      .from(reach),
  );
  // The page's rows carry what a card shows, so the members found are not read again by id.
  const found = { ...cardColumns, distance: kmFrom(originPoint(bind)).as('distance') };
  const placed = db
    .select(found)
    .from(users)
    .where(
      and(
        candidates,
        sql`${position} <@ (select ${bounds.area} from ${bounds})`,
        sql`${kmFrom(originPoint(bind))} <= (select ${bounds.radius} from ${bounds})`,
      ),
    );
  const unplaced = db
    .select(found)
    .from(users)
    .where(and(sql`(select ${bounds.unplacedToo} from ${bounds})`, sql`${position} is null`, candidates));
  const page = (filters.maxDistance === undefined ? placed.unionAll(unplaced) : placed).as('page');
  // A subquery's columns are read through its alias (a proxy: one by one, by name).
  const user = Object.fromEntries(Object.keys(cardColumns).map((key) => [key, page[key as keyof typeof cardColumns]])) as {
    [K in keyof typeof cardColumns]: (typeof page)[K];
  };
  return db
    .with(reach, bounds)
    .select(card(user, 'page', sql`${page.distance}`))
    .from(page)
    .orderBy(sql`${page.distance} asc nulls last`, asc(page.id))
    .limit(bind('limit'))
    .offset(bind('offset'));
}

type PageStatement = { execute(values: PageValues): Promise<string[]> };
/** A database handle's page statements, by shape. */
const statementsOf = preparedPerDb(() => new Map<string, PageStatement>());

/**
 * The statement with one parameter per value: Drizzle makes each use of a placeholder a parameter
 * of its own (a page used 90, each converted and sent on every execution, and parsed by
 * PostgreSQL). The first use of a value decides its type, as PostgreSQL reads the text in order.
 */
function oneParameterPerValue(query: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const placeholders = new Map<string, number>();
  const values = new Map<unknown, number>();
  const params: unknown[] = [];
  const numberOf = query.params.map((param) => {
    const [seen, key] = is(param, Placeholder) ? [placeholders, param.name as string] : [values, param];
    let n = seen.get(key as never);
    if (n === undefined) {
      n = params.push(param);
      seen.set(key as never, n);
    }
    return n;
  });
  return { sql: query.sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${numberOf[Number(n) - 1]}`), params };
}

/**
 * Each shape of page is built and prepared once (per database handle); PostgreSQL then parses
 * and plans a named statement once per connection rather than on every request. Its rows are
 * read as they come (one text column), without Drizzle's mapping.
 */
export async function findPage(db: Tx, request: PageRequest): Promise<FoundCard[]> {
  const prepared = statementsOf(db);
  const name = `browse_${pageShape(request)}`;
  let statement = prepared.get(name);
  if (!statement) {
    const query = oneParameterPerValue(pageQuery(db, request, placeholders).toSQL());
    statement = db._.session.prepareQuery(query, undefined, name, true, (rows) => rows.map((row) => row[0] as string)) as unknown as PageStatement;
    prepared.set(name, statement);
  }
  const cards = await statement.execute(pageValues(request));
  return cards.map((card) => {
    const [head, distance, activity] = card.split(PART) as [string, string, string];
    return { head, distance: distance === '' ? null : Number(distance), activity };
  });
}

export async function findUser(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const viewerColumns = {
  id: users.id,
  age: users.age,
  gender: users.gender,
  accountType: users.accountType,
  interests: users.interests,
  city: users.city,
  country: users.country,
  longitude: users.longitude,
  latitude: users.latitude,
};
export type ViewerRow = Pick<UserRow, keyof typeof viewerColumns>;

/** What browsing needs to know of the viewer (every request reads it: no more than that). */
export async function findViewer(db: Tx, id: string): Promise<ViewerRow | undefined> {
  const [row] = await db.select(viewerColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** One member, if the viewer may see them, with the distance between the two homes. */
export async function findVisibleMember(db: Tx, viewer: Viewer, id: string): Promise<Found | undefined> {
  const bind = inline(viewerValues(viewer));
  const distance = viewer.home ? kmFrom(homePoint(bind)) : sql<null>`null::float8`;
  const [found] = await db
    .select({ user: users, distance: sql<number | null>`${distance}`.as('distance') })
    .from(users)
    .where(and(eq(users.id, id), visibleTo(viewer, bind)))
    .limit(1);
  return found;
}

const ACTIVE = sql.raw(`('pending', 'confirmed')`);
const DATED = sql.raw(`('confirmed', 'completed')`);
const FEEDBACK_SHOWN = 5;

const NO_SLOTS = sql<string>`'"availabilityCount":0,"availability":[]'`;

type CardColumns = { [K in keyof typeof cardColumns]: AnyPgColumn };

/**
 * What a card shows of a member, as `toMemberSummary` and the browse service wrote it (the fields
 * of BrowseCardSchema in its order, up to `availability`), as JSON text without its closing brace.
 */
function cardHead(u: CardColumns, member: SQL, viewerId: unknown, slotFields: SQL<string>): SQL<string> {
  // coupleInfoOf: a couple with every partner field set (an empty text or a zero counts as unset).
  const couple = sql`${u.accountType} = 'couple' and coalesce(${u.partnerName}, '') <> '' and coalesce(${u.partnerAge}, 0) <> 0
    and coalesce(${u.partnerGender}, '') <> '' and coalesce(${u.relationshipType}, '') <> ''`;
  const fields = jsonFields({
    _id: jsonUuid(u.id),
    accountType: jsonValue(u.accountType),
    profile: jsonObject({
      name: jsonValue(u.name),
      age: jsonScalar(u.age),
      gender: jsonValue(u.gender),
      bio: jsonValue(u.bio),
      interests: jsonValue(u.interests),
      photos: photosJsonTextOf(member),
      location: jsonObject({ city: jsonValue(u.city), country: jsonValue(u.country) }),
    }),
    coupleInfo: sql`case when ${couple} then ${jsonObject({
      partnerName: jsonValue(u.partnerName),
      partnerAge: jsonScalar(u.partnerAge),
      partnerGender: jsonValue(u.partnerGender),
      relationshipType: jsonValue(u.relationshipType),
    })} else 'null' end`,
    reliabilityScore: jsonObject({ current: jsonScalar(u.score), stats: dateStatsText(member) }),
    verificationTier: jsonValue(u.verificationTier),
    isBiometricVerified: jsonScalar(u.isBiometricVerified),
    isPhotoVerified: jsonScalar(u.isPhotoVerified),
    carTier: jsonValue(u.carTier),
    createdAt: jsonValue(isoText(u.createdAt)),
    bookingStatus: bookingStatusText(member, viewerId),
  });
  return sql<string>`${fields} || ',' || ${slotFields}`;
}

/** A member's reliability stats (bookings.read `toDateStats`) as JSON text; zeros before their first finished date. */
function dateStatsText(member: SQL): SQL<string> {
  const s = memberDateStats;
  return sql<string>`coalesce((select ${jsonObject({
    totalDates: jsonScalar(s.totalDates),
    // Math.round of the percent attended: floor(x + 0.5).
    onTimeRate: sql`case when ${s.finished} = 0 then 'null' else floor((100 * (${s.finished} - ${s.noShows}))::float8 / ${s.finished} + 0.5)::int::text end`,
    noShows: jsonScalar(s.noShows),
  })} from ${s} where ${s.userId} = ${member}), '${sql.raw(JSON.stringify(toDateStats({ total_dates: 0, no_shows: 0, finished: 0 })))}')`;
}

/** The viewer's latest pending or confirmed booking with the member, as JSON text (`null` without one). */
function bookingStatusText(member: SQL, viewerId: unknown): SQL<string> {
  const viewer = sql`${viewerId}::uuid`;
  const active = sql`(${bookings.guestId} = ${viewer} or ${bookings.hostId} = ${viewer}) and ${bookings.status} in ${ACTIVE}`;
  const other = sql`case when ${bookings.guestId} = ${viewer} then ${bookings.hostId} else ${bookings.guestId} end`;
  // The members the viewer has an active booking with are read once per statement (PostgreSQL
  // hashes an uncorrelated IN), so most cards (none) cost a probe rather than a scan of bookings.
  return sql<string>`(case when ${member} in (select ${other} from ${bookings} where ${active}) then (select ${jsonObject({
    status: jsonValue(bookings.status),
    isInitiator: sql`(${bookings.guestId} = ${viewer})::text`,
  })} from ${bookings} where ${active} and ${other} = ${member} order by ${bookings.createdAt} desc limit 1) else 'null' end)`;
}

/**
 * The member's recent dates as JSON text: their confirmed or completed dates in [monthStart,
 * monthEnd), the day of the latest (its host's calendar day, 'YYYY-MM-DD', as every date's time is
 * the host's), and the latest reviews they received.
 */
function recentActivityText(member: SQL, monthStart: unknown, monthEnd: unknown): SQL<string> {
  const datedAs = (side: typeof bookings.hostId | typeof bookings.guestId) =>
    sql`select ${bookings.startsAt} as starts_at, ${availabilitySlots.date} as day from ${bookings}
      join ${availabilitySlots} on ${availabilitySlots.id} = ${bookings.slotId} where ${side} = ${member} and ${bookings.status} in ${DATED}`;
  const review = sql.identifier('r');
  const feedback = jsonArrayOf(
    jsonObject({
      rating: sql`((${review}->>'rating')::int)::text`,
      comment: jsonValue(sql`${review}->>'comment'`),
      createdAt: jsonValue(sql`${review}->>'createdAt'`),
    }),
    sql`from (select r from (
        select ${bookings.guestReview} as r from ${bookings} where ${bookings.hostId} = ${member} and ${bookings.guestReview} is not null
        union all
        select ${bookings.hostReview} from ${bookings} where ${bookings.guestId} = ${member} and ${bookings.hostReview} is not null
      ) received order by r->>'createdAt' desc limit ${sql.raw(String(FEEDBACK_SHOWN))}) latest`,
    sql`${review}->>'createdAt' desc`,
  );
  // One read of the member's dates (as host and as guest) gives both the month's count and the latest.
  const activity = sql<string>`(select ${jsonObject({
    thisMonth: sql`(count(*) filter (where dated.starts_at >= ${monthStart}::timestamptz and dated.starts_at < ${monthEnd}::timestamptz))::text`,
    lastConfirmedDate: jsonValue(sql`to_char((array_agg(dated.day order by dated.starts_at desc))[1], 'YYYY-MM-DD')`),
    feedback,
  })} from (${datedAs(bookings.hostId)} union all ${datedAs(bookings.guestId)}) dated)`;
  // A member who never had a booking (most cards) has none of it: two index probes instead.
  const none = JSON.stringify({ thisMonth: 0, lastConfirmedDate: null, feedback: [] });
  return sql<string>`(case when exists (select 1 from ${bookings} where ${bookings.hostId} = ${member})
      or exists (select 1 from ${bookings} where ${bookings.guestId} = ${member}) then ${activity} else '${sql.raw(none)}' end)`;
}

export type DateFacts = {
  stats: DateStats;
  bookingStatus: { status: string; isInitiator: boolean } | null;
  recentDateActivity: { thisMonth: number; lastConfirmedDate: string | null; feedback: { rating: number; comment: string; createdAt: string }[] };
};

/** A member page's date facts: the same texts as a browse card's, read for one member. */
export async function dateFactsOf(db: Tx, viewerId: string, memberId: string, month: { start: Date; end: Date }): Promise<DateFacts> {
  const member = sql`${memberId}::uuid`;
  const [row] = await db
    .select({
      stats: dateStatsText(member),
      bookingStatus: bookingStatusText(member, viewerId),
      activity: recentActivityText(member, month.start.toISOString(), month.end.toISOString()),
    })
    .from(sql`(select 1) as one`);
  return { stats: JSON.parse(row!.stats), bookingStatus: JSON.parse(row!.bookingStatus), recentDateActivity: JSON.parse(row!.activity) };
}
