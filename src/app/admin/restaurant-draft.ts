import type { Restaurant, RestaurantInput } from '#shared/api/restaurants.ts';

/** The image: kept as it is, removed, or replaced by a new file (uploaded first when saving). */
export type ImageChoice = { kind: 'keep'; url: string; filename: string } | { kind: 'none' } | { kind: 'new'; file: File; previewUrl: string };

/** What the restaurant form holds while the admin types. */
export type RestaurantDraft = { name: string; street: string; city: string; province: string; postalCode: string; text: string; link: string };

/** The form's fields for a restaurant being edited, or blank for a new one. */
export const draftOf = (restaurant: Restaurant | null): RestaurantDraft => ({
  name: restaurant?.name ?? '',
  street: restaurant?.address.street ?? '',
  city: restaurant?.address.city ?? '',
  province: restaurant?.address.province ?? '',
  postalCode: restaurant?.address.postalCode ?? '',
  text: restaurant?.banner.text ?? '',
  link: restaurant?.banner.link ?? '',
});

/** The banner image a restaurant starts with: its own, kept, or none. */
export const imageOf = (restaurant: Restaurant | null): ImageChoice => (restaurant?.banner.image ? { kind: 'keep', ...restaurant.banner.image } : { kind: 'none' });

/** The request body for the draft with this picture, before the shared schema checks it. */
export const restaurantBodyOf = (draft: RestaurantDraft, picture: RestaurantInput['banner']['image']) => ({
  name: draft.name,
  address: { street: draft.street, city: draft.city, province: draft.province, postalCode: draft.postalCode },
  banner: { text: draft.text, link: draft.link.trim(), image: picture },
});

/** The picture the preview shows: the kept one, the chosen file, or none. */
export const previewUrlOf = (image: ImageChoice) => (image.kind === 'keep' ? image.url : image.kind === 'new' ? image.previewUrl : null);
