import type { z } from 'zod';

/** The one error shape every API answer uses: `{ error, fields? }`. (Types only: the client's first download carries no schema library.) */
export type FieldError = { field: string; message: string };
export type ApiErrorBody = { error: string; fields?: FieldError[] };

/** Thrown by services (and by the client's transport) to carry a status and the error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly fields?: FieldError[];

  constructor(status: number, message: string, fields?: FieldError[]) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.fields = fields;
  }

  toBody(): ApiErrorBody {
    return this.fields?.length ? { error: this.message, fields: this.fields } : { error: this.message };
  }
}

/** Turns zod issues into the `fields` list, one entry per field path. */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '(body)';
    if (seen.has(field)) continue;
    seen.add(field);
    fields.push({ field, message: issue.message });
  }
  return fields;
}
