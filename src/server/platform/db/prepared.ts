import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';
import { rowsOf } from './rows.ts';

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

/**
 * Statements of one query in several shapes (which filters it has, say), each built and prepared
 * once per database handle under its name: `statementOf(db, name, build)`.
 */
export function preparedPerShape<S>(): (db: Tx, name: string, build: () => S) => S {
  const byDb = preparedPerDb(() => new Map<string, S>());
  return (db, name, build) => {
    const statements = byDb(db);
    let statement = statements.get(name);
    if (!statement) {
      statement = build();
      statements.set(name, statement);
    }
    return statement;
  };
}

/**
 * The statement with one parameter per value: Drizzle makes each use of a placeholder a parameter
 * of its own (browse's page used 90, each converted and sent on every execution, and parsed by
 * PostgreSQL). The first use of a value decides its type, as PostgreSQL reads the text in order.
 */
export function oneParameterPerValue(query: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const placeholders = new Map<string, number>();
  const values = new Map<unknown, number>();
  const params: unknown[] = [];
  const numberOf = query.params.map((param) => {
    const [seen, key] = is(param, Placeholder) ? [placeholders, param.name as string] : [values, param];
    let n = seen.get(key as never);
    if (n === undefined) {
      n = params.push(param);
      seen.set(key as never, n);
    }
    return n;
  });
  return { sql: query.sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${numberOf[Number(n) - 1]}`), params };
}

/**
 * A hot statement written in SQL rather than with the query builder, prepared as `preparedPerDb`'s
 * are: its values are `sql.placeholder`s, each sent once however often the text uses it.
 * `execute(values)` answers its rows, as objects by column name.
 */
export function preparedSql<Row>(name: string, statement: () => SQL) {
  let query: { sql: string; params: unknown[] } | undefined;
  return preparedPerDb((db) => {
    query ??= oneParameterPerValue(new PgDialect().sqlToQuery(statement()));
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return { execute: async (values: Record<string, unknown>) => rowsOf<Row>(await prepared.execute(values)) };
  });
}
