import { asObject, type JsonSchema, type SchemaObject } from './json-schema.ts';

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
};
type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  description?: string;
};

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: SchemaObject };

export type OperationBody =
  | { kind: 'json'; schema: SchemaObject; required: boolean }
  /** A multipart upload: its file field and how many files it takes. */
  | { kind: 'multipart'; field: string; maxFiles: number };

export type Operation = {
  /** `POST /api/users/{id}/like`: how reports and tests name it. */
  name: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Absent: the call takes no body. */
  body?: OperationBody;
  /** Status → media type → schema (undefined: any body of that type). */
  responses: Map<number, Map<string, SchemaObject | undefined>>;
  /** `security: []`: no session needed. */
  isPublic: boolean;
  /** Its description says 'Admins only.' */
  adminOnly: boolean;
  /** Its only success is 101 Switching Protocols: a WebSocket, whose conversation is not HTTP requests and answers. */
  websocket: boolean;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p): Parameter => ({ name: p.name, in: p.in as 'path' | 'query', required: p.in === 'path' || !!p.required, schema: asObject(p.schema) }));
      const responses = new Map<number, Map<string, SchemaObject | undefined>>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = new Map<string, SchemaObject | undefined>();
        for (const [type, content] of Object.entries(response.content ?? {})) media.set(type, content.schema === undefined ? undefined : asObject(content.schema));
        responses.set(Number(status), media);
      }
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: bodyOf(operation),
        responses,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        adminOnly: /admins only/i.test(operation.description ?? ''),
        websocket: responses.has(101) && ![...responses.keys()].some((status) => status >= 200 && status < 300),
      });
    }
  }
  return operations;
}

function bodyOf(operation: OpenApiOperation): OperationBody | undefined {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const multipart = content['multipart/form-data'];
  if (multipart) {
    const schema = asObject(multipart.schema);
    const [field, property] = Object.entries(schema.properties ?? {})[0] ?? ['file', {}];
    return { kind: 'multipart', field, maxFiles: asObject(property).maxItems ?? 1 };
  }
  const json = content['application/json'];
  if (json) return { kind: 'json', schema: asObject(json.schema), required: operation.requestBody?.required ?? false };
  return undefined;
}
