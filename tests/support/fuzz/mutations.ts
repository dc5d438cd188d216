import fc from 'fast-check';
import { arbitraryOf, asObject, branchesOf, isForbidden, mergeAllOf, typesOf, type JsonSchema, type SchemaObject } from './json-schema.ts';
import type { Operation, Parameter } from './operations.ts';

/**
 * The mutated half of the fuzzer: values chosen by the schema of the field they replace (a string
 * one past its maximum length, an integer 0.5, an object where an array goes, a date 2026-02-30, a
 * uuid that exists nowhere…), missing required fields, unknown extra ones, and bodies that are not
 * what the call reads at all (malformed JSON, another content type, over the size limit).
 */

export type Pointer = (string | number)[];
export type Where = 'path' | 'query' | 'body';

export type Mutation =
  | { kind: 'set'; where: Where; pointer: Pointer; value: unknown; why: string }
  | { kind: 'delete'; where: Where; pointer: Pointer; why: string }
  | { kind: 'add-key'; where: Where; pointer: Pointer; key: string; value: unknown; why: string }
  /** The body as raw text with this content type (null: none sent). */
  | { kind: 'raw-body'; text: string; contentType: string | null; why: string }
  | { kind: 'no-body'; why: string };

type Edge = { value: unknown; why: string };
const edge = (value: unknown, why: string): Edge => ({ value, why });

const LONG_10K = 'a'.repeat(10_000);
const LONG_100K = 'z'.repeat(100_000);
/** A version-4 uuid no record has. */
export const NOWHERE_UUID = '3f1c2b9e-8d7a-4e6f-9a1b-2c3d4e5f6a7b';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};
const DEEP = nested(3000);

const TEXT_EDGES: Edge[] = [
  edge('', 'empty string'),
  edge(' ', 'a space'),
  edge('\u0000', 'NUL (U+0000)'),
  edge('a\u0000b', 'NUL inside text'),
  edge('\u0001', 'control U+0001'),
  edge('\u001f', 'control U+001F'),
  edge('\u007f', 'DEL U+007F'),
  edge('\ud800', 'lone high surrogate'),
  edge('\udc00', 'lone low surrogate'),
  edge('a\ud800b', 'lone surrogate inside text'),
  edge('\ufeff', 'byte-order mark'),
  edge('\u2028\u2029', 'line/paragraph separators'),
  edge('\u202eabc', 'right-to-left override'),
  edge('😀👍🏽', 'emoji'),
  edge('e\u0301\u0301\u0301', 'combining marks'),
  edge("' OR '1'='1' --", 'SQL quote'),
  edge('<script>alert(1)</script>', 'HTML'),
  edge('../../../../etc/passwd', 'path traversal'),
  edge('%00', 'percent-encoded NUL, literally'),
  edge('%', 'lone percent sign'),
  edge('\\', 'backslash'),
  edge('null', 'the word null'),
  edge(LONG_10K, '10 000 characters'),
  edge(LONG_100K, '100 000 characters'),
];

const WRONG_FOR_TEXT: Edge[] = [
  edge(0, 'a number instead of a string'),
  edge(-1, 'a negative number instead of a string'),
  edge(1e308, 'a huge number instead of a string'),
  edge(true, 'a boolean instead of a string'),
  edge(null, 'null instead of a string'),
  edge({}, 'an object instead of a string'),
  edge([], 'an array instead of a string'),
  edge(['a'], 'an array of a string instead of a string'),
];

const ID_EDGES: Edge[] = [
  edge('not-a-uuid', 'malformed id'),
  edge(NOWHERE_UUID, 'a uuid that exists nowhere'),
  edge('00000000-0000-0000-0000-000000000000', 'the nil uuid'),
  edge(NOWHERE_UUID.toUpperCase(), 'upper-case uuid'),
  edge(`${NOWHERE_UUID} `, 'uuid with a trailing space'),
  edge(`${NOWHERE_UUID}0`, 'uuid one digit too long'),
  edge(NOWHERE_UUID.replaceAll('-', ''), 'uuid without dashes'),
  edge(`{${NOWHERE_UUID}}`, 'uuid in braces'),
  edge('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'uuid-shaped, not hex'),
  edge('../', '../'),
  edge('..%2F..%2F', 'encoded ../ (literally)'),
  edge('%00', '%00 (literally)'),
  edge('1', 'a number-like id'),
  edge('-1', 'a negative number-like id'),
  edge('1e5', 'an exponent-like id'),
  edge('a'.repeat(101), 'an id of 101 characters'),
];

const DATE_EDGES: Edge[] = ['2026-02-30', '2026-02-29', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '0000-01-01', '9999-12-31', '2026-2-3', '26-01-01', '2026-11-23T00:00:00Z', '2026/11/23', ' 2026-11-23', '+02026-11-23', '１２３４-０１-０１'].map(
  (value) => edge(value, `malformed or edge date ${JSON.stringify(value)}`),
);

const TIME_EDGES: Edge[] = ['24:00', '24:01', '23:60', '-1:00', '7:30', '00:00', '23:59', '12:00:00', '1200', 'noon', '99:99', '24:00:00'].map((value) =>
  edge(value, `malformed or edge time ${JSON.stringify(value)}`),
);

const EMAIL_EDGES: Edge[] = ['plainaddress', 'a@', '@b.co', 'a@b', 'A@EXAMPLE.COM', ' a@b.co ', 'a@b.co\n', 'a..b@c.co', `${'a'.repeat(250)}@b.co`, 'a@[127.0.0.1]', '"quoted"@b.co', 'ü@exämple.com'].map((value) =>
  edge(value, `edge e-mail ${JSON.stringify(value)}`),
);

const NUMBER_TEXT_EDGES: Edge[] = ['NaN', 'Infinity', '-Infinity', '1e3', '12abc', '', ' 1', '0x10', '1_000', '٣', '1,5'].map((value) => edge(value, `the text ${JSON.stringify(value)} for a number`));

const WRONG_FOR_NUMBER: Edge[] = [
  edge(true, 'a boolean instead of a number'),
  edge(null, 'null instead of a number'),
  edge([], 'an array instead of a number'),
  edge([1], 'an array of a number instead of a number'),
  edge({}, 'an object instead of a number'),
];

const BOOLEAN_EDGES: Edge[] = [
  edge('true', 'the text "true" for a boolean'),
  edge('false', 'the text "false" for a boolean'),
  edge('TRUE', 'the text "TRUE"'),
  edge('yes', 'the text "yes"'),
  edge(1, 'the number 1 for a boolean'),
  edge(0, 'the number 0 for a boolean'),
  edge('', 'empty string for a boolean'),
  edge(null, 'null instead of a boolean'),
  edge([], 'an array instead of a boolean'),
  edge({}, 'an object instead of a boolean'),
];

const NULL_EDGES: Edge[] = [edge(0, '0 instead of null'), edge('', 'empty string instead of null'), edge('null', 'the text "null"'), edge(false, 'false instead of null'), edge({}, 'an object instead of null'), edge([], 'an array instead of null')];

const WRONG_FOR_ARRAY: Edge[] = [
  edge({}, 'an object instead of an array'),
  edge({ 0: 'a' }, 'an array-like object instead of an array'),
  edge('a', 'a string instead of an array'),
  edge(0, 'a number instead of an array'),
  edge(null, 'null instead of an array'),
  edge(true, 'a boolean instead of an array'),
  edge([null], 'an array of null'),
  edge([[]], 'an array of an array'),
  edge([{}], 'an array of an empty object'),
  edge(Array.from({ length: 10_000 }, () => 'a'), '10 000 items'),
  edge(DEEP, '3000 nested arrays'),
];

const WRONG_FOR_OBJECT: Edge[] = [
  edge([], 'an array instead of an object'),
  edge([{}], 'an array of an object instead of an object'),
  edge('a', 'a string instead of an object'),
  edge(0, 'a number instead of an object'),
  edge(null, 'null instead of an object'),
  edge(true, 'a boolean instead of an object'),
  edge({}, 'an empty object'),
  edge(DEEP, '3000 nested arrays instead of an object'),
];

const EXTRA_KEYS: { key: string; value: unknown; why: string }[] = [
  { key: 'unknownField', value: 'x', why: 'an unknown extra field' },
  { key: 'unknownObject', value: { a: [1, { b: null }] }, why: 'an unknown extra object' },
  { key: '__proto__', value: { isAdmin: true }, why: 'a __proto__ key' },
  { key: 'constructor', value: { prototype: { isAdmin: true } }, why: 'a constructor key' },
  { key: 'isAdmin', value: true, why: 'an extra isAdmin field' },
  { key: '_id', value: NOWHERE_UUID, why: 'an extra _id field' },
  { key: '', value: 'x', why: 'an empty key' },
  { key: '\u0000', value: 'x', why: 'a NUL key' },
  { key: 'k'.repeat(10_000), value: 1, why: 'a 10 000-character key' },
];

/** Whole bodies that are not what any JSON call reads. */
const RAW_BODIES: { text: string; contentType: string | null; why: string }[] = [
  { text: '{"a":', contentType: 'application/json', why: 'malformed JSON' },
  { text: '', contentType: 'application/json', why: 'an empty JSON body' },
  { text: 'null', contentType: 'application/json', why: 'the JSON body null' },
  { text: '"text"', contentType: 'application/json', why: 'a JSON string body' },
  { text: '1e999', contentType: 'application/json', why: 'a JSON number out of range' },
  { text: '[]', contentType: 'application/json', why: 'a JSON array body' },
  { text: '\ufeff{}', contentType: 'application/json', why: 'a byte-order mark before the JSON' },
  { text: '{"a":1,"a":2}', contentType: 'application/json', why: 'duplicate keys' },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json', why: 'a __proto__ key' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json', why: 'a constructor.prototype key' },
  { text: '{"a":"\\u0000"}', contentType: 'application/json', why: 'an escaped NUL' },
  { text: '{"a":"\\ud800"}', contentType: 'application/json', why: 'an escaped lone surrogate' },
  { text: `{"a":"${'b'.repeat(70_000)}"}`, contentType: 'application/json', why: 'a JSON body over 64 KB' },
  { text: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json', why: '5000 nested arrays' },
  { text: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), contentType: 'application/json', why: '3000 nested objects' },
  { text: '{}', contentType: 'text/plain', why: 'JSON sent as text/plain' },
  { text: '{}', contentType: 'application/json; charset=latin1', why: 'JSON with an unusual charset' },
  { text: '{}', contentType: 'application/jsonx', why: 'a near-JSON content type' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', why: 'a form body' },
  { text: '<a/>', contentType: 'application/xml', why: 'an XML body' },
  { text: '--zzz\r\n', contentType: 'multipart/form-data', why: 'multipart without a boundary' },
  { text: 'garbage', contentType: 'multipart/form-data; boundary=zzz', why: 'a broken multipart body' },
  { text: '{}', contentType: '', why: 'an empty content type' },
];

const isIdName = (name: string | undefined) => !!name && (/^(id|_id|file)$/i.test(name) || /Id$/.test(name));
const UUID_SOURCE = '[0-9a-fA-F]{8}-';
const looksLikeId = (schema: SchemaObject, name: string | undefined) => schema.format === 'uuid' || isIdName(name) || (schema.pattern ?? '').includes(UUID_SOURCE);
const looksLikeDate = (schema: SchemaObject, name: string | undefined) =>
  schema.format === 'date' || schema.format === 'date-time' || /date$/i.test(name ?? '') || /\\d\{4\}-/.test(schema.pattern ?? '') || (schema.pattern ?? '').includes('-02-29');
const looksLikeTime = (schema: SchemaObject, name: string | undefined) => (/time$/i.test(name ?? '') && !/date/i.test(name ?? '')) || (schema.pattern ?? '').includes(':[0-5]');
const looksLikeEmail = (schema: SchemaObject, name: string | undefined) => schema.format === 'email' || /email$/i.test(name ?? '');

function sampleOf(schema: JsonSchema): unknown {
  return fc.sample(arbitraryOf(schema), { numRuns: 1, seed: 7 })[0];
}

function stringEdges(schema: SchemaObject, name: string | undefined): Edge[] {
  const edges: Edge[] = [];
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  if (min > 0) edges.push(edge('a'.repeat(min - 1), `${min - 1} characters (one under minLength)`), edge('a'.repeat(min), `exactly minLength (${min})`));
  if (max !== undefined) {
    edges.push(edge('m'.repeat(max), `exactly maxLength (${max})`), edge('m'.repeat(max + 1), `maxLength + 1 (${max + 1})`));
    edges.push(edge('😀'.repeat(Math.ceil(max / 2)), `${Math.ceil(max / 2)} emoji (${2 * Math.ceil(max / 2)} UTF-16 units)`));
    edges.push(edge('é'.repeat(max), `exactly maxLength of a 2-byte character`));
  }
  if (looksLikeId(schema, name)) edges.push(...ID_EDGES);
  if (looksLikeDate(schema, name)) edges.push(...DATE_EDGES);
  if (looksLikeTime(schema, name)) edges.push(...TIME_EDGES);
  if (looksLikeEmail(schema, name)) edges.push(...EMAIL_EDGES);
  edges.push(...TEXT_EDGES, ...WRONG_FOR_TEXT);
  return edges;
}

function numberEdges(schema: SchemaObject, integer: boolean): Edge[] {
  const edges: Edge[] = [];
  const { minimum: min, maximum: max } = schema;
  const step = integer ? 1 : 1e-6;
  if (min !== undefined) edges.push(edge(min - step, `minimum − ${step} (${min - step})`), edge(min, `exactly minimum (${min})`));
  if (max !== undefined) edges.push(edge(max, `exactly maximum (${max})`), edge(max + step, `maximum + ${step} (${max + step})`));
  if (typeof schema.exclusiveMinimum === 'number') edges.push(edge(schema.exclusiveMinimum, 'exactly exclusiveMinimum'));
  if (typeof schema.exclusiveMaximum === 'number') edges.push(edge(schema.exclusiveMaximum, 'exactly exclusiveMaximum'));
  edges.push(
    edge(0, 'zero'),
    edge(-1, 'minus one'),
    edge(1, 'one'),
    edge(-0, 'negative zero'),
    edge(1e308, '1e308'),
    edge(-1e308, '-1e308'),
    edge(2 ** 53 + 1, '2^53 + 1'),
    edge(-(2 ** 53 + 1), '-(2^53 + 1)'),
    edge(2 ** 31, '2^31'),
    edge(5e-324, 'the smallest double'),
  );
  if (integer) edges.push(edge(0.5, '0.5 for an integer'), edge(-0.5, '-0.5 for an integer'), edge((max ?? 10) - 0.5, 'a fraction under the maximum'));
  edges.push(...NUMBER_TEXT_EDGES, ...WRONG_FOR_NUMBER);
  return edges;
}

function enumEdges(values: unknown[]): Edge[] {
  const first = values[0];
  const candidates: Edge[] = [edge('', 'empty string for an enum'), edge('not-one-of-them', 'a value outside the enum'), edge(null, 'null for an enum'), edge(0, 'a number for an enum'), edge(values, 'the whole enum as an array')];
  if (typeof first === 'string') {
    candidates.push(edge(first.toUpperCase(), 'an enum value upper-cased'), edge(` ${first}`, 'an enum value with a leading space'), edge(`${first}\u0000`, 'an enum value with a NUL'));
  }
  if (typeof first === 'boolean') candidates.push(edge(!first, 'the other boolean'), edge(String(first), 'the enum boolean as text'));
  return candidates.filter((candidate) => !values.some((value) => JSON.stringify(value) === JSON.stringify(candidate.value)));
}

function arrayEdges(schema: SchemaObject): Edge[] {
  const edges: Edge[] = [];
  const min = schema.minItems ?? 0;
  const max = schema.maxItems;
  const item = schema.items === false || schema.items === undefined ? (schema.prefixItems?.[0] ?? true) : schema.items;
  const sample = sampleOf(item) ?? 'a';
  edges.push(edge([], min > 0 ? `an empty array (minItems ${min})` : 'an empty array'));
  if (max !== undefined) {
    edges.push(edge(Array.from({ length: max }, () => sample), `exactly maxItems (${max})`));
    edges.push(edge(Array.from({ length: max + 1 }, () => sample), `maxItems + 1 (${max + 1})`));
  }
  edges.push(...WRONG_FOR_ARRAY);
  return edges;
}

export function edgesOf(schema: SchemaObject, name: string | undefined): Edge[] {
  if (isForbidden(schema)) return [edge(1, 'a field that must be left out (1)'), edge('x', 'a field that must be left out ("x")'), edge(null, 'a field that must be left out (null)')];
  if (schema.enum || 'const' in schema) return enumEdges(schema.enum ?? [schema.const]);
  const branches = branchesOf(schema);
  if (branches) return branches.flatMap((branch) => edgesOf(branch, name));
  const types = typesOf(schema);
  if (types.length === 0) return [...WRONG_FOR_OBJECT, ...TEXT_EDGES.slice(0, 4)];
  const edges = types.flatMap((type): Edge[] => {
    switch (type) {
      case 'string':
        return stringEdges(schema, name);
      case 'integer':
        return numberEdges(schema, true);
      case 'number':
        return numberEdges(schema, false);
      case 'boolean':
        return BOOLEAN_EDGES;
      case 'null':
        return NULL_EDGES;
      case 'array':
        return arrayEdges(schema);
      case 'object':
        return WRONG_FOR_OBJECT;
      default:
        return [];
    }
  });
  const seen = new Set<string>();
  return edges.filter((candidate) => {
    const key = `${typeof candidate.value}:${JSON.stringify(candidate.value)?.slice(0, 200)}:${Array.isArray(candidate.value) ? candidate.value.length : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type Site = { pointer: Pointer; schema: SchemaObject; required: boolean; name: string | undefined };

/** Every place in a body schema a mutation can hit: the body itself, each property, the first item of each array. */
export function sitesOf(input: JsonSchema, pointer: Pointer = [], required = true, name?: string, depth = 0, sites: Site[] = []): Site[] {
  if (depth > 8) return sites;
  const schema = mergeAllOf(asObject(input));
  sites.push({ pointer, schema, required, name });
  if (isForbidden(schema)) return sites;
  const branches = branchesOf(schema);
  if (branches) {
    for (const branch of branches) childSites(branch, pointer, name, depth, sites);
    return sites;
  }
  childSites(schema, pointer, name, depth, sites);
  return sites;
}

function childSites(schema: SchemaObject, pointer: Pointer, name: string | undefined, depth: number, sites: Site[]) {
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) sitesOf(property, [...pointer, key], required.has(key), key, depth + 1, sites);
  (schema.prefixItems ?? []).forEach((item, i) => sitesOf(item, [...pointer, i], true, name, depth + 1, sites));
  if (schema.items && typeof schema.items === 'object') sitesOf(schema.items, [...pointer, schema.prefixItems?.length ?? 0], false, name, depth + 1, sites);
}

const isObjectSchema = (schema: SchemaObject) => typesOf(schema).includes('object') || (branchesOf(schema)?.some((b) => typesOf(b).includes('object')) ?? false);

/** Longest path or query value sent: a URL stays under Node's header limit (16 KB), so the app, not the HTTP parser, answers. */
const URL_TEXT_MAX = 12_000;

/** Path parameters: '' and dot segments would make the client reach another route, so they are left out. */
const reachesTheRoute = (candidate: Edge) => !['', '.', '..'].includes(String(candidate.value));

function siteMutations(where: Where, site: Site): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  let edges = edgesOf(site.schema, site.name);
  if (where === 'path') edges = edges.filter(reachesTheRoute);
  // Past Node's 16 KB header limit the HTTP parser answers 431 before the app sees the request.
  if (where !== 'body') edges = edges.filter((candidate) => (JSON.stringify(candidate.value) ?? '').length <= URL_TEXT_MAX);
  if (edges.length > 0) out.push(fc.constantFrom(...edges).map((e): Mutation => ({ kind: 'set', where, pointer: site.pointer, value: e.value, why: e.why })));
  if (site.required && site.pointer.length > 0 && where !== 'path' && typeof site.pointer.at(-1) === 'string') {
    out.push(fc.constant<Mutation>({ kind: 'delete', where, pointer: site.pointer, why: `required ${where === 'query' ? 'parameter' : 'field'} left out` }));
  }
  if (where === 'body' && isObjectSchema(site.schema)) {
    out.push(fc.constantFrom(...EXTRA_KEYS).map((extra): Mutation => ({ kind: 'add-key', where, pointer: site.pointer, key: extra.key, value: extra.value, why: extra.why })));
  }
  return out;
}

function parameterSite(parameter: Parameter): Site {
  return { pointer: [parameter.name], schema: parameter.schema, required: parameter.required, name: parameter.name };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The mutations an operation's request can get, chosen by the schema of what they replace. */
export function mutationsOf(operation: Operation): fc.Arbitrary<Mutation> | null {
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const parameter of operation.pathParams) options.push(...siteMutations('path', parameterSite(parameter)));
  for (const parameter of operation.queryParams) {
    options.push(...siteMutations('query', parameterSite(parameter)));
    options.push(fc.constant<Mutation>({ kind: 'set', where: 'query', pointer: [parameter.name], value: ['1', 'x'], why: 'a parameter given twice' }));
  }
  options.push(
    fc.constantFrom(
      { key: 'unknownParam', value: '1' },
      { key: '__proto__', value: 'x' },
      { key: 'constructor', value: 'x' },
      { key: 'q[]', value: 'x' },
      { key: 'a'.repeat(5000), value: 'x' },
    ).map((extra): Mutation => ({ kind: 'add-key', where: 'query', pointer: [], key: extra.key, value: extra.value, why: 'an unknown query parameter' })),
  );
  const body = operation.body;
  if (body?.kind === 'json') {
    const seen = new Set<string>();
    for (const site of sitesOf(body.schema)) {
      const key = JSON.stringify(site.pointer) + JSON.stringify(typesOf(site.schema)) + (site.schema.enum ? 'enum' : '');
      if (seen.has(key)) continue;
      seen.add(key);
      options.push(...siteMutations('body', site));
    }
    if (body.required) options.push(fc.constant<Mutation>({ kind: 'no-body', why: 'the required body left out' }));
  }
  if (body?.kind === 'multipart') options.push(fc.constant<Mutation>({ kind: 'no-body', why: 'no upload at all' }));
  if (BODY_METHODS.has(operation.method)) {
    options.push(fc.constantFrom(...RAW_BODIES).map((raw): Mutation => ({ kind: 'raw-body', ...raw })));
    if (!body) options.push(fc.constant<Mutation>({ kind: 'set', where: 'body', pointer: [], value: { unexpected: true }, why: 'a JSON body for a call that takes none' }));
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

/** Sets a key on a plain object, `__proto__` included, as an own property (what JSON.parse would make). */
export function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The container at `pointer` (creating the objects an absent optional parent would be), or null when something that is not one is in the way. */
function containerAt(root: unknown, pointer: Pointer): unknown {
  let node = root;
  for (const key of pointer) {
    if (node === null || typeof node !== 'object') return null;
    const record = node as Record<string | number, unknown>;
    if (Array.isArray(node) && typeof key === 'number') {
      const index = Math.min(key, node.length);
      if (node[index] === undefined) node[index] = {};
      node = node[index];
      continue;
    }
    if (record[key] === undefined) defineKey(record as Record<string, unknown>, String(key), typeof key === 'number' ? [] : {});
    node = record[key];
  }
  return node;
}

/** Applies a set / delete / add-key mutation to a (freshly copied) value; the new root. */
export function mutateValue(root: unknown, mutation: Extract<Mutation, { pointer: Pointer }>): unknown {
  const { pointer } = mutation;
  if (mutation.kind === 'add-key') {
    const target = containerAt(root, pointer);
    if (target && typeof target === 'object' && !Array.isArray(target)) defineKey(target as Record<string, unknown>, mutation.key, mutation.value);
    return root;
  }
  if (pointer.length === 0) return mutation.kind === 'set' ? mutation.value : undefined;
  const parent = containerAt(root, pointer.slice(0, -1));
  const last = pointer.at(-1)!;
  if (parent === null || typeof parent !== 'object') return root;
  if (Array.isArray(parent) && typeof last === 'number') {
    const index = Math.min(last, parent.length);
    if (mutation.kind === 'set') parent[index] = mutation.value;
    else parent.splice(index, 1);
    return root;
  }
  if (mutation.kind === 'set') defineKey(parent as Record<string, unknown>, String(last), mutation.value);
  else delete (parent as Record<string, unknown>)[String(last)];
  return root;
}
