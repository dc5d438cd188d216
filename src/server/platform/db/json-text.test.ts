import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldsTogether, jsonFillerOf, jsonObjectOf, jsonTemplateOf, jsonValue } from './json-text.ts';

const pglite = new PGlite();
const db = drizzle(pglite);
// Starting PGlite (its WebAssembly) can take seconds on a busy machine: not part of any test's time.
beforeAll(() => pglite.waitReady, 60_000);
afterAll(() => pglite.close());

/** What PostgreSQL writes of each text. */
async function written(texts: SQL<string>[]): Promise<string[]> {
  const columns = Object.fromEntries(texts.map((text, i) => [`c${i}`, text]));
  const [row] = await db.select(columns).from(sql`(select 1) as one`);
  return texts.map((_, i) => row![`c${i}`] as string);
}

const Card = z.object({
  id: z.string(),
  name: z.string(),
  mine: z.array(z.string()),
  km: z.number().nullable(),
  count: z.number(),
  slots: z.array(z.string()),
  tail: z.object({ b: z.string(), a: z.boolean() }),
});

describe('JSON written by PostgreSQL from a schema', () => {
  it("writes the schema's fields in its order, with the caller's holes filled after, as JSON.stringify does", async () => {
    const slots = new FieldsTogether(['count', 'slots'], sql`'"count":2,"slots":["a","b"]'`);
    const sources = {
      // Given out of order: the schema decides the order.
      tail: jsonObjectOf(Card.shape.tail, { a: sql`'true'`, b: jsonValue(sql`'quote " and \\ back'::text`) }),
      name: jsonValue(sql`'Ann'::text`),
      id: jsonValue(sql`'m1'::text`),
      count: slots,
      slots,
    };
    const texts = jsonTemplateOf(Card, ['mine', 'km'], sources);
    // The labels between the two holes are constant: only two texts are PostgreSQL's to write.
    expect(texts).toHaveLength(2);
    const card = jsonFillerOf(Card, ['mine', 'km'])(await written(texts), { mine: '["x"]', km: 'null' });
    expect(card).toBe(JSON.stringify({ id: 'm1', name: 'Ann', mine: ['x'], km: null, count: 2, slots: ['a', 'b'], tail: { b: 'quote " and \\ back', a: true } }));
    expect(Card.parse(JSON.parse(card))).toBeTruthy();
  });

  it('refuses fields written together that are not consecutive in the schema, in its order', () => {
    const together = new FieldsTogether(['slots', 'count'], sql`''`);
    expect(() =>
      jsonTemplateOf(Card, ['mine', 'km'], { id: sql`''`, name: sql`''`, count: together, slots: together, tail: sql`''` }),
    ).toThrow('slots, count are not consecutive fields of the schema in that order');
  });

  it('writes an object with no holes as one text', async () => {
    const [text] = await written([jsonObjectOf(Card.shape.tail, { b: jsonValue(sql`null::text`), a: sql`'false'` })]);
    expect(text).toBe('{"b":null,"a":false}');
  });
});
