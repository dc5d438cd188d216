import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { SchemaObject } from './json-schema.ts';
import type { Operation } from './operations.ts';

/** An answer as the fuzzer read it off the wire. */
export type Answer = {
  /** 0: no answer at all (the connection failed or timed out: `error` says how). */
  status: number;
  contentType: string | null;
  bytes: Uint8Array;
  text: string;
  /** The parsed body when it is JSON text, else undefined. */
  json: unknown;
  error?: string;
  ms: number;
};

export type ProblemKind = 'no-answer' | 'server-error' | 'undocumented-status' | 'content-type' | 'schema' | 'accepted-invalid';
export type Problem = {
  kind: ProblemKind;
  /** What makes two failures the same finding (the runner looks for other findings past it). */
  signature: string;
  message: string;
};

const UNDOCUMENTED = /^Undocumented answer: (\d{3}) from /;

const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** First bytes each served file type starts with. */
function looksLike(mediaType: string, bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  switch (mediaType) {
    case 'image/webp':
      return bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'image/png':
      return bytes.length > 8 && bytes[0] === 0x89 && ascii(1, 4) === 'PNG';
    case 'image/jpeg':
      return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8;
    default:
      return bytes.length > 0;
  }
}

const validDate = (text: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

function newAjv(options: { coerceTypes?: boolean } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, ...options });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date', validDate);
  ajv.addFormat('date-time', (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text)));
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('uri', (text: string) => URL.canParse(text));
  ajv.addFormat('url', (text: string) => URL.canParse(text));
  return ajv;
}

/** A request as it reaches the server, for the request check: path values and query strings decoded, the body as text or a value. */
export type WireRequest = {
  pathParams: Record<string, string>;
  query: Record<string, string | string[]>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string | null } | { kind: 'multipart' };
};

/**
 * Why the document says a request is not valid (its parameters' and body's schemas, the JSON
 * content type), or null when it is. The `--strict` check: such a request must not get a 2xx.
 * Multipart uploads are not judged (their parts have no schema to hold them to).
 */
export function createRequestValidator() {
  const ajv = newAjv();
  const coercing = newAjv({ coerceTypes: true });
  const validators = new WeakMap<object, ValidateFunction>();
  const compiled = (instance: typeof ajv, schema: object) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = instance.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  const querySchemas = new WeakMap<Operation, object>();
  const explain = (validate: ValidateFunction) => {
    const first = validate.errors?.[0];
    return `${first?.instancePath || '(root)'} ${first?.message ?? 'is not valid'}`;
  };

  return function invalidity(operation: Operation, request: WireRequest): string | null {
    for (const parameter of operation.pathParams) {
      const holder = { value: request.pathParams[parameter.name] };
      const validate = compiled(coercing, { type: 'object', properties: { value: parameter.schema } });
      if (!validate(holder)) return `path ${parameter.name}: ${explain(validate)}`;
    }
    let querySchema = querySchemas.get(operation);
    if (!querySchema) {
      querySchema = {
        type: 'object',
        properties: Object.fromEntries(operation.queryParams.map((p) => [p.name, p.schema])),
        required: operation.queryParams.filter((p) => p.required).map((p) => p.name),
      };
      querySchemas.set(operation, querySchema);
    }
    const query = compiled(coercing, querySchema);
    if (!query({ ...request.query })) return `query: ${explain(query)}`;
    const body = operation.body;
    if (body?.kind !== 'json') return null;
    let value: unknown;
    switch (request.body.kind) {
      case 'none':
        return body.required ? 'body: the required body is missing' : null;
      case 'multipart':
        return 'body: multipart instead of JSON';
      case 'raw':
        if (mediaTypeOf(request.body.contentType) !== 'application/json') return `body: content type ${JSON.stringify(request.body.contentType)}, not application/json`;
        try {
          value = JSON.parse(request.body.text);
        } catch {
          return 'body: not JSON';
        }
        break;
      case 'json':
        value = request.body.value;
        break;
    }
    const validate = compiled(ajv, body.schema);
    return validate(value) ? null : `body: ${explain(validate)}`;
  };
}

/** The document's answers, checked: status listed, documented content type, body valid against its schema (ajv, JSON Schema 2020-12). */
export function createChecker() {
  const ajv = newAjv();
  const validators = new WeakMap<SchemaObject, ValidateFunction>();
  const validatorOf = (schema: SchemaObject) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };

  function check(operation: Operation, answer: Answer): Problem[] {
    if (answer.status === 0) return [{ kind: 'no-answer', signature: `no-answer ${answer.error?.split(':')[0]}`, message: `no answer: ${answer.error}` }];
    const body = answer.json as { error?: unknown; answer?: unknown } | undefined;
    const undocumented = answer.status === 500 && typeof body?.error === 'string' ? UNDOCUMENTED.exec(body.error) : null;
    if (undocumented && Number(undocumented[1]) >= 500) {
      const inner = String(body?.answer);
      let error = inner;
      try {
        error = String((JSON.parse(inner) as { error?: unknown }).error ?? inner);
      } catch {
        /* not JSON: the text itself */
      }
      return [
        {
          kind: 'server-error',
          signature: `server-error ${undocumented[1]} ${error.slice(0, 80)}`,
          message: `server error ${undocumented[1]} (a crash, not a documented answer): ${error.slice(0, 300)}`,
        },
      ];
    }
    if (undocumented) {
      return [
        {
          kind: 'undocumented-status',
          signature: `undocumented ${undocumented[1]}`,
          message: `the server answered ${undocumented[1]}, which the document does not list for ${operation.name} (the test app's answer check turned it into a 500); its answer was ${String(body?.answer).slice(0, 300)}`,
        },
      ];
    }
    const documented = operation.responses.get(answer.status);
    const problems: Problem[] = [];
    if (answer.status >= 500 && (answer.status === 500 || !documented)) {
      const error = typeof body?.error === 'string' ? body.error : answer.text.slice(0, 120);
      problems.push({ kind: 'server-error', signature: `server-error ${answer.status} ${error.slice(0, 80)}`, message: `server error ${answer.status}: ${error}` });
      return problems;
    }
    if (!documented) {
      const listed = [...operation.responses.keys()].join(', ');
      return [{ kind: 'undocumented-status', signature: `undocumented ${answer.status}`, message: `status ${answer.status} is not one the document lists for ${operation.name} (${listed})` }];
    }
    if (documented.size === 0) return problems;
    const mediaType = mediaTypeOf(answer.contentType);
    if (!documented.has(mediaType)) {
      problems.push({
        kind: 'content-type',
        signature: `content-type ${answer.status} ${mediaType || '(none)'}`,
        message: `content type ${JSON.stringify(answer.contentType)}; the document says ${[...documented.keys()].join(' or ')} for ${answer.status}`,
      });
      return problems;
    }
    const schema = documented.get(mediaType);
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
      if (answer.json === undefined) {
        problems.push({ kind: 'schema', signature: `schema ${answer.status} not-json`, message: `the body is not JSON: ${answer.text.slice(0, 200)}` });
      } else if (schema) {
        const validate = validatorOf(schema);
        if (!validate(answer.json)) {
          const errors = (validate.errors ?? []).slice(0, 3);
          const first = errors[0];
          const where = (first?.instancePath ?? '').replace(/\/\d+(?=\/|$)/g, '/*');
          problems.push({
            kind: 'schema',
            signature: `schema ${answer.status} ${where} ${first?.keyword}`,
            message: `the body does not match the document's schema for ${answer.status}: ${errors.map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`).join('; ')}`,
          });
        }
      }
    } else if (!looksLike(mediaType, answer.bytes)) {
      problems.push({ kind: 'schema', signature: `file ${answer.status} ${mediaType}`, message: `the body (${answer.bytes.length} bytes) is not a ${mediaType} file` });
    }
    return problems;
  }

  return { check };
}
