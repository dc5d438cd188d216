import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * JSON written by PostgreSQL as text, byte for byte as `JSON.stringify` writes the same value
 * (decision 62): no spaces, keys in the order given, strings escaped by `to_json` (the same
 * escapes), numbers as PostgreSQL prints them (integers; a float8 in its shortest exact form).
 * An answer built from these is sent as it is, so what it holds must be checked by tests against
 * the route's response schema.
 */

/** A value as JSON text; SQL null is `null`. */
export const jsonValue = (value: SQLWrapper): SQL<string> => sql<string>`coalesce(to_json(${value})::text, 'null')`;

/** A number or boolean that is never null: its text is its JSON (no `to_json` call). */
export const jsonScalar = (value: SQLWrapper): SQL<string> => sql<string>`(${value})::text`;

/** A uuid that is never null: its text never needs escaping (no `to_json` call). */
export const jsonUuid = (value: SQLWrapper): SQL<string> => sql<string>`('"' || ${value}::text || '"')`;

/** A timestamptz as `Date.prototype.toISOString` writes it (UTC, milliseconds). */
export const isoText = (value: SQLWrapper): SQL<string> => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A quoted constant for SQL text (keys and fixed texts written here, never a member's). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * Fields of an object as JSON text (`"a":1,"b":2`, no braces), to write inside one. Each value
 * must already be JSON text (`jsonValue`, or another of these).
 */
export function jsonFieldList(fields: Record<string, SQL>): SQL<string> {
  const parts = Object.entries(fields).map(([key, value], i) => sql`${literal(`${i === 0 ? '' : ','}${JSON.stringify(key)}:`)} || ${value}`);
  return sql<string>`(${sql.join(parts, sql` || `)})`;
}

/** An object's opening brace and fields, to be followed by more fields (`jsonObject` closes it). */
export const jsonFields = (fields: Record<string, SQL>): SQL<string> => sql<string>`('{' || ${jsonFieldList(fields)})`;

export const jsonObject = (fields: Record<string, SQL>): SQL<string> => sql<string>`(${jsonFields(fields)} || '}')`;

/**
 * JSON text of the array of `element` (JSON text) over the rows of `from`, in `orderBy`; `[]` with
 * none. `some`, when given, is a cheaper condition true whenever `from` has rows: without them, the
 * ordered aggregate (a sort each time) is not run at all.
 */
export function jsonArrayOf(element: SQL, from: SQL, orderBy: SQL, some?: SQL): SQL<string> {
  const array = sql<string>`coalesce((select '[' || string_agg(${element}, ',' order by ${orderBy}) || ']' ${from}), '[]')`;
  return some ? sql<string>`(case when ${some} then ${array} else '[]' end)` : array;
}
