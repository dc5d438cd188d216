/** Restaurant banners (account-and-admin §2, §3, §5, §7): the admin's calls and the members' banners. */
export const restaurantsPaths = {
  list: '/admin/restaurants',
  one: (id: string) => `/admin/restaurants/${encodeURIComponent(id)}`,
  toggle: (id: string) => `/admin/restaurants/${encodeURIComponent(id)}/toggle-status`,
  upload: '/upload/restaurant-banner',
  /** Members: the active banners, and counting their views and clicks. */
  banners: '/banners',
  bannerView: (id: string) => `/banners/${encodeURIComponent(id)}/view`,
  bannerClick: (id: string) => `/banners/${encodeURIComponent(id)}/click`,
} as const;
