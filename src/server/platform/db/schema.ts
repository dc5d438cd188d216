export * from '../../auth/auth.tables.ts';
export * from '../rate-limit.tables.ts';
