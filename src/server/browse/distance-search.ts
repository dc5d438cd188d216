import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.read.ts';
import { EARTH_RADIUS_KM, distanceKmSql } from '../geo/geo.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { columnsOf } from '../platform/db/subquery.ts';
import { cardColumns, type CardColumns } from './browse-card.ts';

/*
 * Browse's distance search: kilometres from a member's home, the box around a circle that the GiST
 * index on point(longitude, latitude) answers, and the nearest-first page (`nearestFirst`).
 */

/** How a page's rows become cards (browse.repo `pageCards`): the card kept for a member, and the row's columns. */
export type PageRowsAsCards = {
  keptOf: (memberId: CardColumns['id']) => KeptCard;
  columns: (row: CardColumns, kept: KeptCard, km: SQL, order: SQL[]) => Record<string, SQL.Aliased>;
};
type KeptCard = SubqueryWithSelection<{ parts: SQL.Aliased<string[]> }, 'kept'>;

/** The values a distance search reads of a statement: the origin's, and the page's bounds. */
export type DistanceValues = {
  originLon: number | undefined;
  originLat: number | undefined;
  originCosLat: number | undefined;
  originPoleMargin: number | undefined;
  homeLon: number | undefined;
  homeLat: number | undefined;
  wanted: number;
  walk: number;
  fallbackKm: number;
  limit: number;
  offset: number;
};
/** A value of the statement: a placeholder of a prepared statement, or the value itself, inline. */
type Bind = <K extends keyof DistanceValues>(name: K) => Placeholder<K> | DistanceValues[K];

const BOX_MARGIN_DEGREES = 1e-6;
/** The nearest-first walk looks at no more members (within the page's age and score bounds) than this before falling back to the whole circle. */
export const walkLength = (wanted: number) => Math.max(1000, wanted * 20);
/** More than half the earth's circumference: a circle that holds every place. */
export const EVERYWHERE_KM = Math.PI * EARTH_RADIUS_KM + 1;
export const radians = (degrees: number) => (degrees * Math.PI) / 180;

export const position = sql`point(${users.longitude}, ${users.latitude})`;

export type Point = { lon: unknown; lat: unknown };
export const originPoint = (bind: Bind): Point => ({ lon: bind('originLon'), lat: bind('originLat') });
export const homePoint = (bind: Bind): Point => ({ lon: bind('homeLon'), lat: bind('homeLat') });

/** Great-circle kilometres from a member's home to a point; null when the member's place is unknown. */
export function kmFrom(point: Point): SQL<number | null> {
  return distanceKmSql({ lon: users.longitude, lat: users.latitude }, point);
}

/**
 * The box (in degrees) holding every point within `radiusKm` of the origin, so the GiST index on
 * point(longitude, latitude) can answer `<@`. A degree of longitude shrinks with cos(latitude);
 * a circle that reaches a pole or crosses the antimeridian takes every longitude.
 * `radiusKm` may be a subquery: the box is computed once per scan.
 */
export function boxAround(bind: Bind, radiusKm: SQL): SQL {
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
export function within(bind: Bind, radiusKm: SQL): SQL {
  return sql`(${position} <@ ${boxAround(bind, radiusKm)} and ${kmFrom(originPoint(bind))} <= ${radiusKm})`;
}

/**
 * A nearest-first page, without measuring every member. A first pass walks the GiST index in
 * nearest order (in degrees: close to, but not exactly, kilometres) until `offset + limit` members
 * match or `walkLength` were looked at; the index itself passes over those outside `inIndex` (the
 * page's age and score bounds, held beside each place). When enough matched, the farthest of them,
 * in real kilometres, bounds the page: every member on it is at most that far. Otherwise the bound
 * is maxDistance (or the whole earth). The second pass then measures only the members in that
 * circle, through the index again (a box around the circle and `inIndex`, then the exact distance),
 * and sorts them exactly; members with no known place come last when `unplacedToo` (no distance limit).
 * `cards` writes each row of the page from a card's columns (read back through the page), what is
 * kept of its card (a lateral subquery) and its distance.
 */
export function nearestFirst(
  db: Tx,
  bind: Bind,
  search: {
    candidates: SQL | undefined;
    /** Conditions (of `candidates`) that the position index answers itself, beside the place. */
    inIndex: SQL | undefined;
    /** The distance limit in kilometres, if any. */
    maxKm: SQL | undefined;
    unplacedToo: boolean;
    cards: PageRowsAsCards;
  },
) {
  const { candidates, inIndex, maxKm } = search;
  // The walk measures each member once (its km column); the box of within() would only repeat the
  // index's work, nearest first.
  const walk = db
    .select({ km: kmFrom(originPoint(bind)).as('km'), matches: sql<boolean>`coalesce(${candidates}, false)`.as('matches') })
    .from(users)
    .where(inIndex)
    .orderBy(sql`${position} <-> point(${originPoint(bind).lon}::float8, ${originPoint(bind).lat}::float8)`)
    .limit(bind('walk'))
    .as('walk');
  const nearest = db
    .select({ km: walk.km })
    .from(walk)
    .where(and(sql`${walk.matches}`, maxKm && sql`${walk.km} <= ${maxKm}`))
    .limit(bind('wanted'))
    .as('nearest');
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
  const inReach = (search.unplacedToo ? placed.unionAll(unplaced) : placed).as('in_reach');
  const order = (from: { distance: unknown; id: unknown }) => [sql`${from.distance} asc nulls last`, sql`${from.id} asc`];
  // The page's rows are chosen first and only they are written as cards: an outer limit and offset
  // would have every skipped row's card written too (page 2 wrote 41 cards).
  const page = db
    .select({ ...columnsOf(inReach, cardColumns as CardColumns), distance: sql<number | null>`${inReach.distance}`.as('distance') })
    .from(inReach)
    .orderBy(...order(inReach))
    .limit(bind('limit'))
    .offset(bind('offset'))
    .as('page');
  const row = columnsOf(page, cardColumns as CardColumns);
  const kept = search.cards.keptOf(row.id);
  return db
    .with(reach, bounds)
    .select(search.cards.columns(row, kept, sql`${page.distance}`, order(page)))
    .from(page)
    .leftJoinLateral(kept, sql`true`)
    .orderBy(...order(page));
}
