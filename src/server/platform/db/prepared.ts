import type { Tx } from './client.ts';

/**
 * A hot query built once per database handle and then only executed: Drizzle skips assembling
 * the SQL text, and PostgreSQL (through a named statement per connection, or per PGlite instance:
 * `pglite-session.ts`) skips parsing and planning it again. `build` must always produce the same
 * SQL, with `sql.placeholder` values, and prepare it with a name.
 */
export function preparedPerDb<P>(build: (db: Tx) => P): (db: Tx) => P {
  const byDb = new WeakMap<Tx, P>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
