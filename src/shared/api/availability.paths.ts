export const availabilityPaths = {
  create: '/availability/create',
  slot: (slotId: string) => `/availability/${encodeURIComponent(slotId)}`,
  myCalendar: '/availability/my-calendar',
  browse: '/availability/browse',
} as const;

export const SLOT_SORT_VALUES = ['date', 'score', 'distance'] as const;
export type SlotSort = (typeof SLOT_SORT_VALUES)[number];
