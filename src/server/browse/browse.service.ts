import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AvailabilityBrowseQuerySchema, AvailabilityBrowseResponse } from '#shared/api/availability.ts';
import type { BrowseCard, BrowseQuerySchema, BrowseResponse } from '#shared/api/browse.ts';
import type { Place } from '#shared/api/geo.ts';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { parseTypedCity } from '#shared/domain/location.ts';
import { slotBookingState } from '#shared/domain/slot-booking.ts';
import { HttpError } from '#shared/http-error.ts';
import type { MemberFacts } from '../auth/auth.read.ts';
import { preferencesOf } from '../auth/auth.service.ts';
import { bookableSlotsPage, firstOpenSlotStartOf, openSlotsFieldsOf, openSlotsOf, toPublicSlot } from '../availability/availability.service.ts';
import { latestBookingOf, requestsAmong, requestsToHosts, toDateStats } from '../bookings/bookings.read.ts';
import { CITY_NOT_FOUND, resolveLocation } from '../geo/geo.service.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { toPhoto } from '../profiles/photos.read.ts';
import { PROFILE_NOT_FOUND, toMemberSummary } from '../profiles/profiles.service.ts';
import * as repo from './browse.repo.ts';
/** For the hourly prune job. */
export { pruneCardChanges } from './card-cache.ts';

type BrowseQuery = z.output<typeof BrowseQuerySchema>;
type AvailableSlotsQuery = z.output<typeof AvailabilityBrowseQuerySchema>;

export const LOCATION_NEEDED = 'Set a location to filter by distance';

/** Typed cities already looked up (a gazetteer search scans every city). */
const PLACES_KEPT = 500;

const homeOf = (row: MemberFacts): repo.Coordinates | null =>
  row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null;

/** How others' genderPreferences (male, female, couple) name this member; a non-binary or other individual cannot be named. */
export function viewerOf(row: MemberFacts): repo.Viewer {
  const category = row.accountType === 'couple' ? 'couple' : row.gender === 'male' || row.gender === 'female' ? row.gender : null;
  return { id: row.id, age: row.age, accountType: row.accountType, category, home: homeOf(row) };
}

/** The candidate's own spellings of the interests both share, compared without case. */
export function mutualInterests(theirs: readonly string[], mine: readonly string[]): string[] {
  const own = new Set(mine.map((interest) => interest.toLowerCase()));
  return theirs.filter((interest) => own.has(interest.toLowerCase()));
}

export const roundKm = (km: number | null) => (km === null ? null : Math.round(km * 10) / 10);
/** The UTC calendar month holding `now` (browse reads times in UTC). */
function monthOf(now: Date) {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * A card's JSON text (BrowseCard): the texts PostgreSQL wrote or kept for the member, and the
 * fields comparing them with the viewer. Browse's pages and a member's page both show this card.
 */
function toBrowseCard(card: repo.FoundCard, viewerInterests: readonly string[]): string {
  return repo.writeCard(card.parts, {
    bookingStatus: card.bookingStatus,
    mutualInterests: viewerInterests.length === 0 ? '[]' : JSON.stringify(mutualInterests(JSON.parse(card.interests), viewerInterests)),
    distance: JSON.stringify(roundKm(card.distance)),
  });
}

/** A card shows this many of the member's next free times. */
export const CARD_SLOTS_SHOWN = 3;

/** What a card shows that depends on the time: the month its dates are counted in, and its next free times. */
const cardsAt = (now: Date) => ({
  month: monthOf(now),
  cardSlots: {
    now,
    fields: (id: SQL, at: SQL) => openSlotsFieldsOf(id, at, CARD_SLOTS_SHOWN, { count: 'availabilityCount', slots: 'availability' }),
    firstStart: firstOpenSlotStartOf,
  },
});

/** Keeps every member's browse card as it is at `now`, as an evening of browsing would have (the busy-evening benchmark starts from it). */
export const keepEveryCard = (db: Db, now: Date) => repo.keepEveryCard(db, cardsAt(now));

export function createBrowseService(deps: {
  db: Db;
  clock: Clock;
  /** What browse compares others with of the signed-in member, as the session lookup read or kept it. */
  factsOf: (member: Member) => Promise<MemberFacts>;
}) {
  const { db, factsOf } = deps;
  const places = new Map<string, Place | null>();

  function placeNamed(location: string): Place {
    const key = location.toLowerCase();
    let place = places.get(key);
    if (place === undefined) {
      const typed = parseTypedCity(location);
      place = null;
      if (typed) {
        try {
          place = resolveLocation({ ...typed, coordinates: null });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
      if (places.size >= PLACES_KEPT) places.delete(places.keys().next().value!);
      places.set(key, place);
    }
    if (!place) throw new HttpError(400, CITY_NOT_FOUND, [{ field: 'location', message: CITY_NOT_FOUND }]);
    return place;
  }

  /** Where distances are measured from: the typed city, else the viewer's home. */
  function originOf(me: MemberFacts, location: string | undefined, maxDistance: number | undefined) {
    const place = location ? placeNamed(location) : null;
    const origin = place ? place.coordinates : homeOf(me);
    if (!origin && maxDistance !== undefined) {
      throw new HttpError(400, LOCATION_NEEDED, [{ field: 'location', message: LOCATION_NEEDED }]);
    }
    return { place, origin };
  }

  return {
    /** Whom browse would ever show the viewer (the viewer themself excluded), as SQL over the users table. */
    async visibleTo(viewer: Member): Promise<repo.ViewerCondition> {
      return repo.visibleToViewer(viewerOf(await factsOf(viewer)));
    },

    /**
     * A page of cards as the JSON text of a BrowseResponse (decision 62): PostgreSQL writes (or
     * keeps, decision 85) each card but the fields comparing it with the viewer, and answers the
     * viewer's booking with the member; the mutual interests and distance are written here.
     */
    async browse(viewer: Member, query: BrowseQuery): Promise<string> {
      const me = await factsOf(viewer);
      const { place, origin } = originOf(me, query.location, query.maxDistance);
      const now = deps.clock.now();
      const found = await repo.findPage(db, {
        viewer: viewerOf(me),
        origin,
        filters: {
          minScore: query.minScore,
          accountType: query.accountType,
          minAge: query.minAge,
          maxAge: query.maxAge,
          interests: query.interests,
          gender: query.gender,
          maxDistance: query.maxDistance,
        },
        sortBy: query.sortBy,
        offset: (query.page - 1) * query.limit,
        limit: query.limit + 1,
        ...cardsAt(now),
      });
      const cards = found.slice(0, query.limit).map((card) => toBrowseCard(card, me.interests));
      const pagination: BrowseResponse['pagination'] = { page: query.page, limit: query.limit, hasMore: found.length > query.limit };
      const answerOrigin: BrowseResponse['origin'] = place
        ? { city: place.city, country: place.country }
        : origin
          ? { city: me.city, country: me.country }
          : null;
      return `{"users":[${cards.join(',')}],"pagination":${JSON.stringify(pagination)},"origin":${JSON.stringify(answerOrigin)}}`;
    },

    /** Bookable slots of members the viewer may see in browse, with each host and the viewer's booking with them. */
    async availableSlots(member: Member, query: AvailableSlotsQuery): Promise<AvailabilityBrowseResponse> {
      const me = await factsOf(member);
      const { origin } = originOf(me, query.location, query.maxDistance);
      const rows = await bookableSlotsPage(db, {
        viewerId: me.id,
        hosts: repo.hostConditions(viewerOf(me), origin, query),
        now: deps.clock.now(),
        dateType: query.dateType,
        startDate: query.startDate,
        endDate: query.endDate,
        sortBy: query.sortBy,
        offset: (query.page - 1) * query.limit,
        limit: query.limit + 1,
      });
      return {
        slots: rows.slice(0, query.limit).map((row) => ({
          ...toPublicSlot(row.slot),
          host: toMemberSummary(row.host, row.hostPhotos.map(toPhoto), toDateStats(row.hostStats)),
          distance: roundKm(row.distance),
          bookingStatus: latestBookingOf(row.viewerBookings),
          slotBooking: slotBookingState(row.slot.id, requestsAmong(row.viewerBookings)),
        })),
        pagination: { page: query.page, limit: query.limit, hasMore: rows.length > query.limit },
      };
    },

    /** Another member's page (or one's own). Whoever browse would never show is not found. */
    async member(viewer: Member, memberId: string): Promise<MemberDetail> {
      if (!isUuid(memberId)) throw new HttpError(404, PROFILE_NOT_FOUND);
      const id = memberId.toLowerCase();
      const me = await factsOf(viewer);
      const now = deps.clock.now();
      // One round: the free times and requests are read beside the visibility check, and shown only when it passes.
      const [card, open, requests] = await Promise.all([
        repo.findMemberCard(db, viewerOf(me), id, cardsAt(now)),
        openSlotsOf(db, [id], now, null),
        requestsToHosts(db, me.id, [id]),
      ]);
      if (!card) throw new HttpError(404, PROFILE_NOT_FOUND);
      // The page lists every free time (with the viewer's request for each) where the card has its first few.
      const { availabilityCount: _count, availability: _firstFew, ...shown }: BrowseCard = JSON.parse(toBrowseCard(card, me.interests));
      const mine = requests.get(id) ?? [];
      return {
        ...shown,
        availability: (open.get(id)?.slots ?? []).map((slot) => ({ ...slot, slotBooking: slotBookingState(slot._id, mine) })),
        preferences: preferencesOf(JSON.parse(card.preferences)),
      };
    },
  };
}

export type BrowseService = ReturnType<typeof createBrowseService>;
