import { z } from 'zod';

export { restaurantsPaths } from './restaurants.paths.ts';

/** The upload's multipart field (account-and-admin §7). */
export const BANNER_IMAGE_FIELD = 'image';
export const BANNER_TEXT_MAX = 100;
export const RESTAURANT_NAME_MAX = 100;
export const BANNER_LINK_MAX = 2000;
/** Banner images up to this size are accepted; the form's 2 MB is a hint only (account-and-admin §5). */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored banner images are named like this (never a member's photo). */
export const BANNER_KEY = /^banner-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
/** At most this many banners are offered to a member at once. */
export const BANNERS_SHOWN_MAX = 12;

export const RESTAURANT_ERRORS = {
  notFound: 'Restaurant not found',
  imageUnknown: 'Upload the banner image first',
  noImage: 'Please choose an image',
  linkInvalid: 'Please enter a valid URL starting with http:// or https://',
} as const;

/**
 * A real web address: http or https, a host name with a dot (or localhost) and an optional port,
 * then any path, query or fragment; no spaces and no user name or password in it.
 */
const HTTP_URL = /^https?:\/\/(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|(\d{1,3}\.){3}\d{1,3})(:\d{1,5})?([/?#][^\s]*)?$/i;
export const isHttpUrl = (value: string) => HTTP_URL.test(value);

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const BannerImageSchema = z.object({
  url: z.string().max(500).optional(),
  filename: z.string({ error: RESTAURANT_ERRORS.imageUnknown }).regex(BANNER_KEY, RESTAURANT_ERRORS.imageUnknown),
});

/** POST /admin/restaurants and PUT /admin/restaurants/{id}: the form's rules (account-and-admin §5). */
export const RestaurantBodySchema = z.object({
  name: required('Restaurant name', RESTAURANT_NAME_MAX),
  /** As the banner's: omitted, active on create and unchanged on update (the toggle sets both). */
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  address: z.object(
    {
      street: required('Street', 200),
      city: required('City', 100),
      province: required('Province', 50),
      postalCode: required('Postal code', 20),
    },
    { error: 'Address is required' },
  ),
  banner: z.object(
    {
      text: required('Banner text', BANNER_TEXT_MAX),
      link: required('Banner link', BANNER_LINK_MAX).refine(isHttpUrl, RESTAURANT_ERRORS.linkInvalid),
      image: BannerImageSchema.nullable().default(null),
      /** Omitted: active on create, unchanged on update (the form never sends it; the toggle sets it). */
      isActive: z.boolean({ error: 'Banner active must be true or false' }).optional(),
    },
    { error: 'Banner is required' },
  ),
});
export type RestaurantBody = z.input<typeof RestaurantBodySchema>;
export type RestaurantInput = z.output<typeof RestaurantBodySchema>;

export const RestaurantSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  address: z.object({ street: z.string(), city: z.string(), province: z.string(), postalCode: z.string() }),
  banner: z.object({
    text: z.string(),
    link: z.string(),
    image: z.object({ url: z.string(), filename: z.string() }).nullable(),
    isActive: z.boolean(),
  }),
  stats: z.object({ views: z.number(), clicks: z.number() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Restaurant = z.infer<typeof RestaurantSchema>;

/** Shown Active only when both the restaurant and its banner are (account-and-admin §4). */
export const isShownActive = (restaurant: Pick<Restaurant, 'isActive' | 'banner'>) => restaurant.isActive && restaurant.banner.isActive;

export const RestaurantsResponseSchema = z.object({ restaurants: z.array(RestaurantSchema) });
export const RestaurantResponseSchema = z.object({ restaurant: RestaurantSchema });
export const RestaurantDeleteResponseSchema = z.object({ success: z.literal(true) });
export const BannerUploadResponseSchema = z.object({ url: z.string(), filename: z.string() });
export type BannerUpload = z.infer<typeof BannerUploadResponseSchema>;

/** What a member is shown: an advertisement for a venue. */
export const BannerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: RestaurantSchema.shape.address,
  text: z.string(),
  link: z.string(),
  image: z.object({ url: z.string() }).nullable(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannersResponseSchema = z.object({ banners: z.array(BannerSchema) });
export const BannerCountResponseSchema = z.object({ success: z.literal(true) });
