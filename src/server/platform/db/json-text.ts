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

/**
 * JSON text of the array of `element` (JSON text) over the rows of `from`, in `orderBy`; `[]` with
 * none. `some`, when given, is a cheaper condition true whenever `from` has rows: without them, the
 * ordered aggregate (a sort each time) is not run at all.
 */
export function jsonArrayOf(element: SQL, from: SQL, orderBy: SQL, some?: SQL): SQL<string> {
  const array = sql<string>`coalesce((select '[' || string_agg(${element}, ',' order by ${orderBy}) || ']' ${from}), '[]')`;
  return some ? sql<string>`(case when ${some} then ${array} else '[]' end)` : array;
}

/**
 * Several consecutive fields of a template written by one SQL field list (`"a":…,"b":…`), such as
 * two values of one subquery: the same object is given for each of its keys, in their order.
 */
export class FieldsTogether {
  readonly keys: readonly string[];
  readonly list: SQL<string>;

  constructor(keys: readonly string[], list: SQL<string>) {
    this.keys = keys;
    this.list = list;
  }
}

/**
 * An object of a zod schema as JSON text, its fields in the schema's order: PostgreSQL writes every
 * field but the `holes`, which the caller writes once the statement has answered. The compiler
 * asks for a source for every other key of the schema, so a field added to the schema is written
 * in its place, from one list. The texts returned are what PostgreSQL writes, one per run of fields
 * between holes (select each as a column); `jsonFillerOf` writes the whole object from them.
 */
export function jsonTemplateOf<Shape extends Record<string, unknown>, H extends keyof Shape & string>(
  schema: { shape: Shape },
  holes: readonly H[],
  sources: { [K in Exclude<keyof Shape, H>]: SQL | FieldsTogether },
): SQL<string>[] {
  return runsOf(Object.keys(schema.shape), holes, sources as Record<string, SQL | FieldsTogether>)
    .filter((run) => run.some((piece) => typeof piece !== 'string'))
    .map((run) => sql<string>`(${sql.join(run.map((piece) => (typeof piece === 'string' ? literal(piece) : (piece as SQL))), sql` || `)})`);
}

/** The object's JSON text from its template's texts (in order) and each hole's JSON text. */
export function jsonFillerOf<Shape extends Record<string, unknown>, H extends keyof Shape & string>(
  schema: { shape: Shape },
  holes: readonly H[],
): (written: readonly string[], holeTexts: Record<H, string>) => string {
  const keys = Object.keys(schema.shape);
  // Which runs are constant text (the labels between two holes) does not depend on the sources.
  const runs = runsOf(keys, holes, null).map((run) => (run.some((piece) => typeof piece !== 'string') ? null : run.join('')));
  const holeOrder = keys.filter((key): key is H => (holes as readonly string[]).includes(key));
  return (written, holeTexts) => {
    let next = 0;
    return runs.map((run, i) => (run ?? written[next++]!) + (i < holeOrder.length ? holeTexts[holeOrder[i]!] : '')).join('');
  };
}

const SOURCE = Symbol('a source');

/** The object's pieces, split at each hole: constant texts (braces, labels) and sources. */
function runsOf(keys: string[], holes: readonly string[], sources: Record<string, SQL | FieldsTogether> | null): (string | SQL | typeof SOURCE)[][] {
  const runs: (string | SQL | typeof SOURCE)[][] = [['{']];
  keys.forEach((key, index) => {
    const run = runs[runs.length - 1]!;
    const label = `${index === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (holes.includes(key)) {
      run.push(label);
      runs.push([]);
      return;
    }
    const source = sources ? sources[key]! : SOURCE;
    if (!(source instanceof FieldsTogether)) return void run.push(label, source);
    const at = source.keys.indexOf(key);
    if (at < 0 || keys.slice(index - at, index - at + source.keys.length).join() !== source.keys.join()) {
      throw new Error(`${source.keys.join(', ')} are not consecutive fields of the schema in that order`);
    }
    if (at === 0) run.push(index === 0 ? '' : ',', source.list);
  });
  runs[runs.length - 1]!.push('}');
  return runs;
}

/** An object of a zod schema as JSON text, its fields in the schema's order (a source for each key). */
export function jsonObjectOf<Shape extends Record<string, unknown>>(schema: { shape: Shape }, fields: { [K in keyof Shape]: SQL | FieldsTogether }): SQL<string> {
  return jsonTemplateOf<Shape, never>(schema, [], fields)[0]!;
}
