export const browsePaths = { users: '/users/browse' } as const;

export const BROWSE_SORT_VALUES = ['distance', 'score', 'newest', 'age'] as const;
export type BrowseSort = (typeof BROWSE_SORT_VALUES)[number];
