export * from '../../auth/auth.tables.ts';
export * from '../../likes/likes.tables.ts';
export * from '../../notifications/notifications.tables.ts';
export * from '../../nudges/nudges.tables.ts';
export * from '../../profiles/profiles.tables.ts';
export * from '../../score/score.tables.ts';
export * from '../rate-limit.tables.ts';
