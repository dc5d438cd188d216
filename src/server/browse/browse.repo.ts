import { and, asc, desc, eq, isNull, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AccountType, Gender } from '#shared/domain/account.ts';
import type { GenderPreference } from '#shared/domain/profile.ts';
import { discoverableSql, users } from '../auth/auth.read.ts';
import { notBlockedWith } from '../blocks/blocks.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { jsonValue } from '../platform/db/json-text.ts';
import { oneParameterPerValue, preparedPerShape } from '../platform/db/prepared.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { columnsOf } from '../platform/db/subquery.ts';
import {
  NO_SLOTS,
  bookingStatusText,
  cardColumns,
  cardTemplate,
  type CardColumns,
  type FoundCard,
} from './browse-card.ts';

export { writeCard, type FoundCard } from './browse-card.ts';
import { formatOf, keeping, keepingWritten, keptCardOf } from './card-cache.ts';
import { EVERYWHERE_KM, boxAround, homePoint, kmFrom, nearestFirst, originPoint, radians, walkLength, within } from './distance-search.ts';

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
export type CardSlots = {
  now: Date;
  fields: (memberId: SQL, now: SQL) => SQL<string>;
  /** When the member's first free time from `now` starts (null without one): the fields hold until then. */
  firstStart: (memberId: SQL, now: SQL) => SQL<string | null>;
};




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
export function pageValues({ viewer, origin, filters, offset, limit, month, cardSlots }: PageRequest, cardFormat: string | null = null) {
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
    /** The kept cards' format that a prepared page statement reads (none inline: every card is written). */
    cardFormat,
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

/**
 * Who the viewer may see at all: never a banned, unverified or inactive member, never one with a
 * block between the two (either way), and never one whose saved preferences (null = none saved)
 * leave the viewer out.
 */
function visibleTo(viewer: Viewer, bind: Bind): SQL {
  return and(
    // Written as constants (not parameters) so the planner can use the partial browse indexes.
    discoverableSql,
    notBlockedWith(users.id, bind('viewerId')),
    viewer.category === null ? undefined : or(isNull(users.prefGenders), sql`${bind('viewerCategory')}::text = any(${users.prefGenders})`),
    or(isNull(users.prefAgeMin), sql`${users.prefAgeMin} <= ${bind('viewerAge')}::int`),
    or(isNull(users.prefAgeMax), sql`${users.prefAgeMax} >= ${bind('viewerAge')}::int`),
    or(isNull(users.prefAccountTypes), sql`${bind('viewerAccountType')}::text = any(${users.prefAccountTypes})`),
    // A distance that cannot be measured cannot be shown to respect the preference.
    or(isNull(users.prefDistanceKm), viewer.home ? sql`${kmFrom(homePoint(bind))} <= ${users.prefDistanceKm}` : sql`false`),
  )!;
}

/**
 * The age and score bounds, which the position index holds beside each place (migration 0022): a
 * nearest-first walk and its box skip the members outside them without reading their rows.
 */
function indexedBounds(filters: BrowseFilters, bind: Bind): SQL | undefined {
  return and(
    filters.minScore === undefined ? undefined : sql`${users.score} >= ${bind('minScore')}::int`,
    filters.minAge === undefined ? undefined : sql`${users.age} >= ${bind('minAge')}::int`,
    filters.maxAge === undefined ? undefined : sql`${users.age} <= ${bind('maxAge')}::int`,
  );
}

function matching(filters: BrowseFilters, sortBy: BrowseSort, bind: Bind, nearestFirst: boolean): SQL | undefined {
  // Ordered by age, the age index gives both the order and the range; nearest first, the position
  // index holds the range (indexedBounds). Otherwise `+ 0` keeps the range away from the age index:
  // a generic plan (see db/client.ts) cannot tell how wide the range is, and would read most of
  // the index beside the position box or instead of the score index.
  const age = sortBy === 'age' || nearestFirst ? sql`${users.age}` : sql`(${users.age} + 0)`;
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
export type HostSql = {
  where: SQL;
  distance: SQL<number | null>;
  /** Whether a point (a host's home kept elsewhere) is in the distance box around the origin: a cheap first test; none without a distance limit. */
  inBox?: (longitude: SQL, latitude: SQL) => SQL;
};
/** `sql('inline')` has the values as parameters; `sql('placeholders')` is for a statement prepared once per `shape` and executed with `values`. */
export type HostConditions = { shape: string; values: PageValues; sql(form: 'inline' | 'placeholders'): HostSql };

/**
 * The members a list beside browse (free slots) may show the viewer: never the viewer, and the
 * same visibility, filters and distance rule as /users/browse; with each one's distance from the origin.
 */
export function hostConditions(viewer: Viewer, origin: Coordinates | null, hostFilters: HostFilters): HostConditions {
  const filters: BrowseFilters = { ...hostFilters, gender: 'all' };
  const request: PageRequest = { viewer, origin, filters, sortBy: 'score', offset: 0, limit: 1 };
  const values = pageValues(request);
  return {
    shape: pageShape(request),
    values,
    sql(form) {
      const bind = form === 'inline' ? inline(values) : placeholders;
      const radius = origin && filters.maxDistance !== undefined ? sql`${bind('maxDistance')}::float8` : undefined;
      return {
        where: and(
          sql`${users.id} <> ${bind('viewerId')}::uuid`,
          visibleTo(viewer, bind),
          matching(filters, 'score', bind, false),
          radius && within(bind, radius),
        )!,
        distance: origin ? kmFrom(originPoint(bind)) : sql<null>`null::float8`,
        // A subquery: the box is computed once, not once per point.
        inBox: radius && ((longitude, latitude) => sql`point(${longitude}, ${latitude}) <@ (select ${boxAround(bind, radius)})`),
      };
    },
  };
}

/**
 * Whom browse may ever show the viewer (never the viewer themself), as a condition over the users
 * table for a prepared statement: its viewer values are placeholders (`values` fills them, named as
 * `viewerValues` names them) and `shape` tells which of its forms it is (part of the statement's name).
 */
/** Which form of the visibility rule a viewer needs (whether their category and home are known). */
const viewerShape = (viewer: Viewer) => `${Number(viewer.category !== null)}${Number(viewer.home !== null)}`;
export type ViewerCondition = { where: SQL; shape: string; values: ReturnType<typeof viewerValues> };
export function visibleToViewer(viewer: Viewer): ViewerCondition {
  return {
    where: and(sql`${users.id} <> ${placeholders('viewerId')}::uuid`, visibleTo(viewer, placeholders))!,
    shape: viewerShape(viewer),
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
 * One page of members the viewer may see, in the asked order, with the distance from the origin
 * (nearest first through distance-search.ts `nearestFirst`). The request decides the statement's
 * shape; its values come through `bind`.
 */
export function pageQuery(db: Tx, request: PageRequest, bind: Bind = inline(pageValues(request))) {
  const { origin, filters, sortBy } = request;
  const nearest = sortBy === 'distance' && origin !== null;
  const candidates = and(sql`${users.id} <> ${bind('viewerId')}::uuid`, matching(filters, sortBy, bind, nearest), visibleTo(request.viewer, bind));
  const cards = pageCards(db, request, bind);

  if (!nearest) {
    const maxDistance = origin && filters.maxDistance !== undefined ? within(bind, sql`${bind('maxDistance')}::float8`) : undefined;
    const order = (c: CardColumns) =>
      ({
        distance: [asc(c.id)],
        score: [desc(c.score), asc(c.id)],
        newest: [desc(c.createdAt), asc(c.id)],
        age: [asc(c.age), asc(c.id)],
      })[sortBy];
    // The page's rows are chosen first and only they are written as cards (not the skipped ones).
    const page = db
      .select({ ...cardColumns, distance: sql<number | null>`${origin ? kmFrom(originPoint(bind)) : sql`null::float8`}`.as('distance') })
      .from(users)
      .where(and(candidates, maxDistance))
      .orderBy(...order(cardColumns))
      .limit(bind('limit'))
      .offset(bind('offset'))
      .as('page');
    const row = columnsOf(page, cardColumns as CardColumns);
    const kept = cards.keptOf(row.id);
    return db
      .select(cards.columns(row, kept, sql`${page.distance}`, order(row)))
      .from(page)
      .leftJoinLateral(kept, sql`true`)
      .orderBy(...order(row));
  }

  return nearestFirst(db, bind, {
    candidates,
    inIndex: indexedBounds(filters, bind),
    maxKm: filters.maxDistance === undefined ? undefined : sql`${bind('maxDistance')}::float8`,
    unplacedToo: filters.maxDistance === undefined,
    cards,
  });
}

/**
 * How a page's rows become cards: each member's kept card when it is still true (card-cache.ts),
 * else the card written by PostgreSQL with the page (its photos, date facts and free times, once
 * per card after the page's limit), and in both cases the viewer's booking with them.
 */
function pageCards(db: Tx, request: PageRequest, bind: Bind) {
  const template = (user: CardColumns, id: SQL) =>
    cardTemplate(user, id, request.cardSlots?.fields(id, sql`${bind('now')}`) ?? NO_SLOTS, bind('monthStart'), bind('monthEnd'));
  // Until when a written card holds: its first free time's start, or the month's end.
  const validUntil = (id: SQL) =>
    request.cardSlots ? sql`least(${bind('monthEnd')}::timestamptz, ${request.cardSlots.firstStart(id, sql`${bind('now')}`)})` : sql`null::timestamptz`;
  return {
    keptOf: (id: CardColumns['id']) => keptCardOf(db, sql`${id}`, sql`${bind('cardFormat')}::text`, sql`${bind('now')}`),
    /** A page row's columns: the card's texts, then ANSWERED, then what keeping it needs (its member, until when it holds, its place). */
    columns(user: CardColumns, kept: ReturnType<typeof keptCardOf>, km: SQL, order: SQL[]) {
      const id = sql`${user.id}`;
      return {
        ...Object.fromEntries(template(user, id).map((part, i) => [`part${i}`, sql<string>`coalesce(${kept.parts}[${sql.raw(String(i + 1))}], ${part})`.as(`part${i}`)])),
        bookingStatus: bookingStatusText(id, bind('viewerId')).as('booking_status'),
        interests: jsonValue(user.interests).as('interests'),
        distance: sql<number | null>`${km}`.as('distance'),
        memberId: sql<string>`${id}`.as('member_id'),
        validUntil: sql<Date | null>`case when ${kept.parts} is null then ${validUntil(id)} end`.as('valid_until'),
        ord: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('ord'),
      };
    },
    /** The card format's digest: the template and its lifetime over a stand-in member (the same for every shape of page). */
    format: () => formatOf(...template(cardColumns as CardColumns, sql`member`), validUntil(sql`member`)),
    /** A member's card as the page writes it (over the users table), and until when it holds. */
    written: (user: CardColumns) => ({ parts: template(user, sql`${user.id}`), validUntil: validUntil(sql`${user.id}`) }),
  };
}

/**
 * Keeps the card of every member browse may show anyone, `batch` members a statement, as an
 * evening of browsing would have (the busy-evening benchmark starts from it). Answers how many.
 */
type CardsAt = Required<Pick<PageRequest, 'month' | 'cardSlots'>>;

/** A request that writes cards outside a page (of the viewer, only what sees the member, and `at`, are read). */
const cardsFor = (viewer: Viewer, at: CardsAt): PageRequest => ({
  viewer,
  origin: null,
  filters: { accountType: 'all', gender: 'all' },
  sortBy: 'score',
  offset: 0,
  limit: 1,
  ...at,
});

export async function keepEveryCard(db: Tx, at: CardsAt, batch = 5000): Promise<number> {
  const request = cardsFor({ id: '00000000-0000-0000-0000-000000000000', age: 0, accountType: 'individual', category: null, home: null }, at);
  const values = pageValues(request);
  const format = pageCards(db, request, placeholders).format();
  const { parts, validUntil } = pageCards(db, request, inline(values)).written(cardColumns as CardColumns);
  const visible = and(discoverableSql, sql`${users.id} > ${sql.placeholder('after')}::uuid`);
  const lastOfBatch = db
    .select({ last: sql<string | null>`max(${sql.identifier('id')}::text)` })
    .from(db.select({ id: users.id }).from(users).where(visible).orderBy(users.id).limit(batch).as('batch'))
    .prepare('browse_keep_every_card_batch');
  let kept = 0;
  for (let after = request.viewer.id; ; ) {
    const [{ last } = { last: null }] = await lastOfBatch.execute({ after });
    if (last === null) return kept;
    const written = sql`select ${users.id} as member_id, array[${sql.join(parts, sql`, `)}] as parts, ${validUntil} as valid_until
      from ${users} where ${discoverableSql} and ${users.id} > ${after}::uuid and ${users.id} <= ${last}::uuid`;
    const rows = rowsOf(await db.execute(sql`${keeping(written, { format: sql`${format}`, now: sql`${values.now}` })} returning 1`));
    kept += rows.length;
    after = last;
  }
}

/** A card row: what FoundCard holds, then the columns a statement answers past ANSWERED (`more`, in order). */
type CardRow = FoundCard & { more: unknown[] };
type CardStatement = { format: string; execute(values: Record<string, unknown>): Promise<CardRow[]> };
/** A database handle's statements that answer cards (a page of each shape, a member page's card), by name. */
const cardStatement = preparedPerShape<CardStatement>();

/** What a page statement answers after each card's texts, in order (`toFoundCard` reads them by position). */
const ANSWERED = ['booking_status', 'interests', 'distance'];

/**
 * Each shape of page is built and prepared once (per database handle); PostgreSQL then parses
 * and plans a named statement once per connection rather than on every request. With free times
 * on the cards (the service's pages), the statement also keeps the cards it wrote (card-cache.ts).
 */
export async function findPage(db: Tx, request: PageRequest): Promise<FoundCard[]> {
  const name = `browse_${pageShape(request)}`;
  const statement = cardStatement(db, name, () => {
    const cards = pageCards(db, request, placeholders);
    const page = pageQuery(db, request, placeholders).getSQL();
    return preparedCards(db, name, cards, page, request.cardSlots !== undefined);
  });
  return statement.execute(pageValues(request, statement.format));
}

/**
 * A statement answering cards (`statement`'s rows, with `cards`' columns), prepared under `name`;
 * with `keep` it also keeps the cards it wrote (card-cache.ts). Its rows are read as they come (by
 * position), without Drizzle's mapping.
 */
function preparedCards(db: Tx, name: string, cards: ReturnType<typeof pageCards>, statement: SQL, keep: boolean, answered = ANSWERED): CardStatement {
  const parts = cards.written(cardColumns as CardColumns).parts.length;
  const keeping = keep ? keepingWritten(statement, parts, answered, { format: sql`${placeholders('cardFormat')}`, now: sql`${placeholders('now')}` }) : statement;
  const query = oneParameterPerValue(new PgDialect().sqlToQuery(keeping));
  const prepared = db._.session.prepareQuery(query, undefined, name, true, (rows) => rows.map((row) => toFoundCard(row, parts)));
  return { format: cards.format(), execute: (values) => prepared.execute(values) as Promise<CardRow[]> };
}

/** A page row, read by position (array mode): the template's texts, then ANSWERED's, then any more. */
function toFoundCard(row: unknown[], parts: number): CardRow {
  return {
    parts: row.slice(0, parts) as string[],
    bookingStatus: row[parts] as string,
    interests: row[parts + 1] as string,
    distance: row[parts + 2] as number | null,
    more: row.slice(parts + ANSWERED.length),
  };
}

/** The member's saved preferences as auth's columns, as JSON text (a member page shows them; auth's preferencesOf reads them). */
const preferencesText = sql<string>`json_build_object('prefDateTypes', ${users.prefDateTypes}, 'prefGenders', ${users.prefGenders}, 'prefAgeMin', ${users.prefAgeMin},
  'prefAgeMax', ${users.prefAgeMax}, 'prefDistanceKm', ${users.prefDistanceKm}, 'prefAccountTypes', ${users.prefAccountTypes})::text`;

/**
 * A member's page in one statement: the member, if the viewer may see them (or is them), with
 * their browse card kept or written (and then kept) by the same template and card cache as a
 * page's, the viewer's booking with them, the distance between the two homes and the member's
 * preferences. Prepared per shape of viewer. Undefined when not found.
 */
export async function findMemberCard(db: Tx, viewer: Viewer, memberId: string, at: CardsAt): Promise<(FoundCard & { preferences: string }) | undefined> {
  const request = cardsFor(viewer, at);
  const name = `browse_member_card_${viewerShape(viewer)}`;
  const statement = cardStatement(db, name, () => {
    const cards = pageCards(db, request, placeholders);
    const kept = cards.keptOf(users.id);
    const distance = viewer.home ? kmFrom(homePoint(placeholders)) : sql<null>`null::float8`;
    const card = db
      .select({ ...cards.columns(cardColumns as CardColumns, kept, distance, [asc(users.id)]), preferences: preferencesText.as('preferences') })
      .from(users)
      .leftJoinLateral(kept, sql`true`)
      .where(and(eq(users.id, sql`${sql.placeholder('memberId')}::uuid`), or(eq(users.id, sql`${placeholders('viewerId')}::uuid`), visibleTo(viewer, placeholders))));
    return preparedCards(db, name, cards, card.getSQL(), true, [...ANSWERED, 'preferences']);
  });
  const [found] = await statement.execute({ ...pageValues(request, statement.format), memberId });
  return found && { ...found, preferences: found.more[0] as string };
}
