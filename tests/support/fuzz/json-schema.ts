import fc from 'fast-check';

/**
 * JSON Schema (the 2020-12 subset the OpenAPI document's zod schemas produce) → fast-check
 * arbitraries of values the schema accepts. The fuzzer's "valid" half: mutations.ts spoils them.
 */

export type JsonSchema = boolean | SchemaObject;
export type SchemaObject = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  default?: unknown;
  contentMediaType?: string;
  [keyword: string]: unknown;
};

/** Where a value sits: its field name (the nearest property or parameter name) and JSON pointer. */
export type FieldContext = { name: string | undefined; pointer: (string | number)[]; schema: SchemaObject };
/**
 * A plausible generator for a named field, mixed in with the schema's own (an id that exists, an
 * e-mail that looks like one, a date near today). The schema's own generator is always kept.
 */
export type Hint = (field: FieldContext) => fc.Arbitrary<unknown> | undefined;

/** Generated strings stay short: the long ones are the mutations' business. */
const STRING_SPAN = 24;
/** Arrays likewise. */
const ARRAY_SPAN = 4;

export const asObject = (schema: JsonSchema | undefined): SchemaObject => (schema === undefined || schema === true ? {} : schema === false ? { not: {} } : schema);

const isEmpty = (schema: JsonSchema | undefined) => schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0);

/** `false`, or `{ not: {} }`: no value may be there (zod's `z.never()` for a key that must be left out). */
export function isForbidden(schema: JsonSchema | undefined): boolean {
  if (schema === false) return true;
  return typeof schema === 'object' && schema.not !== undefined && isEmpty(schema.not);
}

/** The JSON types a schema allows (its `type`, or what its keywords imply); empty: anything. */
export function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items !== undefined || schema.prefixItems) return ['array'];
  if (schema.pattern || schema.minLength !== undefined || schema.maxLength !== undefined || schema.format) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
}

/** The branches of an anyOf / oneOf, each with its parent's other keywords (a `default` beside an anyOf…). */
export function branchesOf(schema: SchemaObject): SchemaObject[] | null {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return null;
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return branches.map((branch) => ({ ...rest, ...asObject(branch) }));
}

/** allOf folded into one schema: properties and required lists united, other keywords the last one's. */
export function mergeAllOf(schema: SchemaObject): SchemaObject {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  let merged: SchemaObject = rest;
  for (const part of allOf.map(asObject).map(mergeAllOf)) {
    merged = {
      ...merged,
      ...part,
      properties: merged.properties || part.properties ? { ...merged.properties, ...part.properties } : undefined,
      required: merged.required || part.required ? [...new Set([...(merged.required ?? []), ...(part.required ?? [])])] : undefined,
    };
  }
  return merged;
}

const inRange = (value: number, schema: SchemaObject) =>
  (schema.minimum === undefined || value >= schema.minimum) &&
  (schema.maximum === undefined || value <= schema.maximum) &&
  (typeof schema.exclusiveMinimum !== 'number' || value > schema.exclusiveMinimum) &&
  (typeof schema.exclusiveMaximum !== 'number' || value < schema.exclusiveMaximum);

/** A YYYY-MM-DD date a day count away from 2026-11-23 (the test clock's day). */
export const dayFrom = (days: number) => new Date(Date.UTC(2026, 10, 23) + days * 86_400_000).toISOString().slice(0, 10);

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.constantFrom('example.com', 'rendezvous.test')).map(([local, domain]) => `${local.replace(/\.+$/, '')}x@${domain}`);
    case 'date':
      return fc.integer({ min: -400, max: 400 }).map(dayFrom);
    case 'date-time':
      return fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'time':
      return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
    case 'uri':
    case 'url':
      return fc.webUrl({ withQueryParameters: false, withFragments: false });
    default:
      return undefined;
  }
}

function stringArbitrary(schema: SchemaObject): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const fits = (text: string) => text.length >= min && (max === undefined || text.length <= max);
  if (schema.pattern) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      /* a pattern JavaScript cannot read: plain strings */
    }
    if (pattern) {
      const matching = fc.stringMatching(pattern);
      return min > 0 || max !== undefined ? matching.filter(fits) : matching;
    }
  }
  const formatted = schema.format ? formatArbitrary(schema.format) : undefined;
  if (formatted) return min > 0 || max !== undefined ? formatted.filter(fits) : formatted;
  const maxLength = Math.min(max ?? min + STRING_SPAN, min + STRING_SPAN);
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength: min, maxLength }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength }) },
    )
    .filter(fits);
}

function numberArbitrary(schema: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let min = schema.minimum ?? exclusiveMin;
  let max = schema.maximum ?? exclusiveMax;
  if (exclusiveMin !== undefined && min !== undefined) min = Math.max(min, exclusiveMin);
  if (exclusiveMax !== undefined && max !== undefined) max = Math.min(max, exclusiveMax);
  // Draft-4 style booleans beside minimum / maximum.
  const minOpen = exclusiveMin !== undefined ? min === exclusiveMin : schema.exclusiveMinimum === true;
  const maxOpen = exclusiveMax !== undefined ? max === exclusiveMax : schema.exclusiveMaximum === true;
  if (integer) {
    const low = Math.max(Number.MIN_SAFE_INTEGER, min === undefined ? -(2 ** 31) : Math.ceil(minOpen && Number.isInteger(min) ? min + 1 : min));
    const high = Math.min(Number.MAX_SAFE_INTEGER, max === undefined ? 2 ** 31 - 1 : Math.floor(maxOpen && Number.isInteger(max) ? max - 1 : max));
    return fc.integer({ min: low, max: high });
  }
  const low = min ?? -1e9;
  const high = max ?? 1e9;
  const doubles = fc.double({ min: low, max: high, minExcluded: minOpen, maxExcluded: maxOpen, noNaN: true, noDefaultInfinity: true });
  const whole = fc.integer({ min: Math.ceil(Math.max(low, -(2 ** 31))), max: Math.floor(Math.min(high, 2 ** 31 - 1)) });
  return Math.ceil(low) <= Math.floor(high) ? fc.oneof(doubles, whole.filter((n) => inRange(n, schema))) : doubles;
}

export type ArbitraryOptions = { hint?: Hint; name?: string; pointer?: (string | number)[] };

/** Values `schema` accepts (as far as the keywords above go). */
export function arbitraryOf(input: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const pointer = options.pointer ?? [];
  if (input === false) return fc.constant(undefined);
  const schema = mergeAllOf(asObject(input));
  const own = ownArbitrary(schema, options, pointer);
  const hinted = options.hint?.({ name: options.name, pointer, schema });
  return hinted ? fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: own }) : own;
}

function ownArbitrary(schema: SchemaObject, options: ArbitraryOptions, pointer: (string | number)[]): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = branchesOf(schema);
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryOf(branch, { ...options, pointer })));
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (types.length > 1) return fc.oneof(...types.map((type) => ownArbitrary({ ...schema, type }, options, pointer)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, options, pointer);
    case 'object':
      return objectArbitrary(schema, options, pointer);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function arrayArbitrary(schema: SchemaObject, options: ArbitraryOptions, pointer: (string | number)[]): fc.Arbitrary<unknown[]> {
  const min = schema.minItems ?? 0;
  const max = Math.min(schema.maxItems ?? min + ARRAY_SPAN, min + ARRAY_SPAN);
  const prefix = (schema.prefixItems ?? []).map((item, i) => arbitraryOf(item, { ...options, pointer: [...pointer, i] }));
  const rest = schema.items === false ? null : arbitraryOf(schema.items ?? true, { ...options, pointer: [...pointer, prefix.length] });
  const unique = schema.uniqueItems ? { selector: (v: unknown) => JSON.stringify(v) } : null;
  if (prefix.length === 0) {
    if (!rest) return fc.constant([]);
    return unique ? fc.uniqueArray(rest, { minLength: min, maxLength: max, ...unique }) : fc.array(rest, { minLength: min, maxLength: max });
  }
  const tail = rest ? fc.array(rest, { minLength: Math.max(0, min - prefix.length), maxLength: Math.max(0, max - prefix.length) }) : fc.constant([]);
  return fc.tuple(fc.tuple(...prefix), tail).map(([head, more]) => [...head, ...more]);
}

function objectArbitrary(schema: SchemaObject, options: ArbitraryOptions, pointer: (string | number)[]): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (isForbidden(property)) continue;
    model[key] = arbitraryOf(property, { ...options, name: key, pointer: [...pointer, key] });
  }
  for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1 });
  const requiredKeys = Object.keys(model).filter((key) => required.has(key));
  const record = fc.record(model, { requiredKeys });
  const extra = schema.additionalProperties;
  if (Object.keys(model).length === 0 && extra !== undefined && extra !== false) {
    const values = arbitraryOf(extra, { ...options, pointer: [...pointer, '*'] });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 });
  }
  return record;
}
