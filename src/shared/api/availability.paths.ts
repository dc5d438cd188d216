import { pathWithId } from './path-with-id.ts';

export const availabilityPaths = {
  create: '/availability/create',
  slot: pathWithId('/availability'),
  myCalendar: '/availability/my-calendar',
  browse: '/availability/browse',
} as const;

export const SLOT_SORT_VALUES = ['date', 'score', 'distance'] as const;
export type SlotSort = (typeof SLOT_SORT_VALUES)[number];
