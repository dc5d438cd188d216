import { pathWithId } from './path-with-id.ts';

/** Restaurant banners (account-and-admin §2, §3, §5, §7): the admin's calls and the members' banners. */
export const restaurantsPaths = {
  list: '/admin/restaurants',
  one: pathWithId('/admin/restaurants'),
  toggle: pathWithId('/admin/restaurants', '/toggle-status'),
  upload: '/upload/restaurant-banner',
  /** Members: the active banners, and counting their views and clicks. */
  banners: '/banners',
  bannerView: pathWithId('/banners', '/view'),
  bannerClick: pathWithId('/banners', '/click'),
} as const;
