import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The database as repos see it. No relational schema is attached: queries use the query builder
 * (`db.select`, `db.insert`, …), so the driver needs no list of tables and platform code imports
 * no feature's tables (drizzle-kit finds them through `*.tables.ts`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A database handle or an open transaction: repo functions take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
