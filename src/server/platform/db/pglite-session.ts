import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { Query, TablesRelationalConfig } from 'drizzle-orm';
import type { WithCacheConfig } from 'drizzle-orm/cache/core/types';
import { PgDialect, type PgPreparedQuery, type PgTransactionConfig, type PreparedQueryConfig, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { PgliteDatabase, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type { Db } from './db-types.ts';

const { serialize } = protocol;

/** What Drizzle's PGlite queries call on their client. */
type QueryClient = { query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> };

let lastStatement = 0;

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}

/**
 * Runs statements as named statements of one PGlite instance, parsed and planned once: what
 * `pglite.query` does (Parse, Bind, Describe, Execute, Sync, under the same locks, results parsed
 * the same way) except that Parse happens only the first time a text is seen. A named statement
 * outlives transactions, and PostgreSQL re-plans it itself when a table it reads changes.
 */
function namedStatements(pglite: PGlite) {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let generic = false;

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    await pglite._checkReady(); // not yet started, or closed meanwhile
    if (!generic) {
      // As on PostgreSQL (openPostgres): a named statement keeps its generic plan rather than being
      // planned again for its values (browse's page cost 2.9 ms of CPU instead of 1.3).
      await pglite.execProtocolStream(serialize.query('set plan_cache_mode = force_generic_plan'), { syncToFs: false });
      generic = true;
    }
    let statement = statements.get(text);
    if (!statement) {
      // Unique in the process: two Drizzle handles over one PGlite must not reuse each other's names.
      const name = `rendezvous_${(lastStatement += 1)}`;
      const described = await pglite.execProtocolStream(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      statements.set(text, statement);
    }
    const { paramTypes } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]!] ?? pglite.serializers[paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await pglite.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute(), serialize.sync()]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  }

  return {
    /** A client for statements run outside a transaction: waits for any open one, as `pglite.query` does. */
    outside: {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        pglite._runExclusiveTransaction(() =>
          pglite._runExclusiveQuery(async () => {
            const result = await run<T>(text, params, options);
            await pglite.syncToFs();
            return result;
          }),
        ),
    } satisfies QueryClient,
    /** A client for statements of the open transaction (which holds the transaction lock). */
    inside: {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        pglite._runExclusiveQuery(() => run<T>(text, params, options)),
    } satisfies QueryClient,
  };
}

type Named = ReturnType<typeof namedStatements>;

/**
 * Drizzle's PGlite session, except that a query prepared with a name (`.prepare(name)`, as
 * `preparedPerDb`'s statements are) runs as a named statement: Drizzle's PGlite driver otherwise
 * parses and plans every statement on every call. Drizzle still builds the SQL and maps the rows.
 */
class NamedPgliteSession extends PgliteSession<Record<string, never>, TablesRelationalConfig> {
  private readonly pgDialect: PgDialect;
  private readonly named: Named;
  private readonly inTransaction: boolean;

  constructor(client: PGlite | Transaction, pgDialect: PgDialect, named: Named, inTransaction: boolean) {
    super(client, pgDialect, undefined);
    this.pgDialect = pgDialect;
    this.named = named;
    this.inTransaction = inTransaction;
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T['execute'],
    queryMetadata?: { type: 'select' | 'update' | 'delete' | 'insert'; tables: string[] },
    cacheConfig?: WithCacheConfig,
  ): PgPreparedQuery<T> {
    const prepared = super.prepareQuery<T>(query, fields, name, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig);
    if (name) (prepared as unknown as { client: QueryClient }).client = this.inTransaction ? this.named.inside : this.named.outside;
    return prepared;
  }

  override async transaction<T>(transaction: (tx: PgliteTransaction<Record<string, never>, TablesRelationalConfig>) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    return (this as unknown as { client: PGlite }).client.transaction(async (client) => {
      const session = new NamedPgliteSession(client, this.pgDialect, this.named, true);
      const tx = new PgliteTransaction<Record<string, never>, TablesRelationalConfig>(this.pgDialect, session, undefined);
      if (config) await tx.setTransaction(config);
      return transaction(tx);
    });
  }
}

/** A Drizzle database over `pglite` whose named prepared queries are prepared in PGlite too. */
export function drizzlePgliteNamed(pglite: PGlite): Db {
  const dialect = new PgDialect();
  const session = new NamedPgliteSession(pglite, dialect, namedStatements(pglite), false);
  // As Drizzle's own `drizzle(pglite)` builds it, `$client` included.
  return Object.assign(new PgliteDatabase(dialect, session, undefined), { $client: pglite }) as unknown as Db;
}
