import { photoUrl } from '#shared/api/profiles.ts';
import {
  BANNER_IMAGE_FIELD,
  BANNER_IMAGE_MAX_BYTES,
  BANNERS_SHOWN_MAX,
  RESTAURANT_ERRORS,
  type Banner,
  type BannerUpload,
  type Restaurant,
  type RestaurantInput,
} from '#shared/api/restaurants.ts';
import type { AdminAction } from '#shared/api/admin.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { consume, type Limit } from '../platform/rate-limit.ts';
import { insertAudit } from './admin.repo.ts';
import * as repo from './restaurants.repo.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** Banner images are stored as `banner-<uuid>.webp` (BANNER_KEY), never like a member's photo. */
export const BANNER_PREFIX = 'banner-';
/** A member's banner views and clicks, all banners together. */
export const BANNER_COUNT_LIMIT: Limit = { max: 120, windowMs: 60_000 };

/** The banner images: stored through the photos pipeline (type from the bytes, re-encoded, no metadata). */
export type BannerImages = {
  store(filename: string, bytes: Buffer): Promise<string>;
  remove(keys: string[]): Promise<void>;
};

export type UploadedImage = { filename: string; bytes: Buffer; truncated: boolean } | null;

const notFound = () => new HttpError(404, RESTAURANT_ERRORS.notFound);
const MAX_MB = BANNER_IMAGE_MAX_BYTES / (1024 * 1024);
/** How long an uploaded banner image may wait for the save that names it before its file goes. */
export const UNCLAIMED_UPLOAD_KEPT_MS = DAY_MS;

export function toRestaurant(row: repo.RestaurantRow): Restaurant {
  return {
    _id: row.id,
    name: row.name,
    isActive: row.isActive,
    address: { street: row.street, city: row.city, province: row.province, postalCode: row.postalCode },
    banner: {
      text: row.bannerText,
      link: row.bannerLink,
      image: row.bannerImageKey ? { url: photoUrl(row.bannerImageKey), filename: row.bannerImageKey } : null,
      isActive: row.bannerActive,
    },
    stats: { views: row.views, clicks: row.clicks },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createRestaurantsService(deps: { db: Db; clock: Clock; images: BannerImages }) {
  const { db, clock, images } = deps;

  /** One admin change to a restaurant and its audit entry, committed together. */
  async function audited<T>(admin: Member, run: (tx: Tx, now: Date) => Promise<{ result: T; action: AdminAction; row: repo.RestaurantRow }>): Promise<T> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const { result, action, row } = await run(tx, now);
      await insertAudit(tx, {
        adminId: admin.id,
        adminEmail: admin.email,
        action,
        targetKind: 'restaurant',
        targetId: row.id,
        targetEmail: null,
        targetName: row.name,
        reason: null,
        createdAt: now,
      });
      return result;
    });
  }

  /**
   * A named image must be a banner uploaded here: one still waiting for its save (claimed now), the
   * image this restaurant already shows, or one another restaurant shows (an admin may reuse one).
   */
  async function claimImage(tx: Tx, input: RestaurantInput, restaurantId: string, shownBefore: string | null) {
    const key = input.banner.image?.filename;
    if (!key || key === shownBefore || (await repo.claimUpload(tx, key)) || (await repo.imageUsers(tx, key, restaurantId)) > 0) return;
    throw new HttpError(400, RESTAURANT_ERRORS.imageUnknown, [{ field: 'banner.image.filename', message: RESTAURANT_ERRORS.imageUnknown }]);
  }

  /** Removes image files no restaurant shows any more, once their change has committed. */
  async function dropImages(keys: (string | null)[], exceptId: string) {
    const unused: string[] = [];
    for (const key of keys) if (key && (await repo.imageUsers(db, key, exceptId)) === 0) unused.push(key);
    await images.remove(unused);
  }

  return {
    async list(): Promise<Restaurant[]> {
      return (await repo.listRestaurants(db)).map(toRestaurant);
    },

    async create(admin: Member, input: RestaurantInput): Promise<Restaurant> {
      return audited(admin, async (tx, now) => {
        const row = await repo.insertRestaurant(tx, input, now);
        await claimImage(tx, input, row.id, null);
        return { result: toRestaurant(row), action: 'restaurant_create', row };
      });
    },

    async update(admin: Member, id: string, input: RestaurantInput): Promise<Restaurant> {
      if (!isUuid(id)) throw notFound();
      let replaced: string | null = null;
      const restaurant = await audited(admin, async (tx, now) => {
        const before = await repo.lockRestaurant(tx, id);
        if (!before) throw notFound();
        await claimImage(tx, input, before.id, before.bannerImageKey);
        const row = await repo.updateRestaurant(tx, before.id, input, now);
        if (before.bannerImageKey && before.bannerImageKey !== row.bannerImageKey) replaced = before.bannerImageKey;
        return { result: toRestaurant(row), action: 'restaurant_update', row };
      });
      await dropImages([replaced], id);
      return restaurant;
    },

    /** Deactivates a restaurant shown Active; otherwise activates it and its banner. */
    async toggle(admin: Member, id: string): Promise<Restaurant> {
      if (!isUuid(id)) throw notFound();
      return audited(admin, async (tx, now) => {
        const before = await repo.lockRestaurant(tx, id);
        if (!before) throw notFound();
        const activate = !(before.isActive && before.bannerActive);
        const row = await repo.setActive(tx, before.id, activate, now);
        return { result: toRestaurant(row), action: activate ? 'restaurant_activate' : 'restaurant_deactivate', row };
      });
    },

    /** Deletes a restaurant; its banner image file goes once committed (unless another restaurant shows it). */
    async remove(admin: Member, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const key = await audited(admin, async (tx) => {
        const before = await repo.lockRestaurant(tx, id);
        if (!before) throw notFound();
        await repo.deleteRestaurant(tx, before.id);
        return { result: before.bannerImageKey, action: 'restaurant_delete', row: before };
      });
      await dropImages([key], id);
    },

    /** POST /upload/restaurant-banner: one image, checked and re-encoded; answers where it is. */
    async upload(file: UploadedImage): Promise<BannerUpload> {
      if (!file) throw new HttpError(400, RESTAURANT_ERRORS.noImage, [{ field: BANNER_IMAGE_FIELD, message: RESTAURANT_ERRORS.noImage }]);
      if (file.truncated || file.bytes.length > BANNER_IMAGE_MAX_BYTES) {
        const message = `The image is larger than ${MAX_MB} MB`;
        throw new HttpError(413, message, [{ field: BANNER_IMAGE_FIELD, message }]);
      }
      const key = await images.store(file.filename, file.bytes);
      try {
        await repo.insertUpload(db, key, clock.now());
      } catch (error) {
        await images.remove([key]);
        throw error;
      }
      return { url: photoUrl(key), filename: key };
    },

    /** Part of the prune job: the files of uploads no save claimed within a day go. */
    async sweepUnclaimedUploads(now: Date): Promise<number> {
      const keys = await repo.dropUploadsBefore(db, new Date(now.getTime() - UNCLAIMED_UPLOAD_KEPT_MS));
      await images.remove(keys);
      return keys.length;
    },

    /** Of these stored files, the ones a restaurant shows or an upload waits with (the orphan sweep keeps them). */
    imagesInUse: (keys: string[]): Promise<string[]> => repo.imageKeysIn(db, keys),

    /** GET /banners: active restaurants with active banners. */
    async banners(): Promise<Banner[]> {
      const rows = await repo.activeBanners(db, BANNERS_SHOWN_MAX);
      return rows.map((row) => {
        const { address, banner } = toRestaurant(row);
        return { _id: row.id, name: row.name, address, text: banner.text, link: banner.link, image: banner.image ? { url: banner.image.url } : null };
      });
    },

    /** A member saw or followed a banner: counted when it is on show (404 otherwise), within the member's limit. */
    async count(memberId: string, id: string, event: 'view' | 'click'): Promise<void> {
      if (!isUuid(id)) throw notFound();
      await db.transaction(async (tx) => {
        await consume(tx, `banner:${memberId}`, BANNER_COUNT_LIMIT, clock.now());
        if (!(await repo.countBanner(tx, id, event))) throw notFound();
      });
    },
  };
}

export type RestaurantsService = ReturnType<typeof createRestaurantsService>;
