import { useState } from 'react';
import type { z } from 'zod';
import { HttpError, fieldErrorsFromZod } from '#shared/http-error.ts';

export type FieldErrors = Record<string, string>;

/**
 * Field errors for a form, from the shared zod schema on the client and from the server's
 * `fields` list: both use the same dotted names ('location.city').
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Validates with the schema; on failure shows the messages and returns null. */
  function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
    const result = schema.safeParse(value);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(toMap(fieldErrorsFromZod(result.error)));
    return null;
  }
  return {
    errors,
    clear: () => setErrors({}),
    clearField: (field: string) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _removed, ...rest } = current;
        return rest;
      }),
    validate,
    /**
     * `validate` with a schema loaded at the first check, so a page shows its form without zod and
     * the feature's schemas (evaluating them was the longest task of /profile's start on a phone). A
     * schema that cannot load (offline before the app's files are kept) leaves the check to the
     * server, whose field errors the form shows the same way.
     */
    async validateLoaded<S extends z.ZodType>(load: () => Promise<S>, value: unknown): Promise<z.output<S> | null> {
      const schema = await load().catch(() => null);
      return schema ? validate(schema, value) : (value as z.output<S>);
    },
    /** Shows a server answer's field errors; returns true when there were any. */
    fromServer(error: unknown): boolean {
      if (!(error instanceof HttpError) || !error.fields?.length) return false;
      setErrors(toMap(error.fields));
      return true;
    },
  };
}

/** For a form's onFocus: starts loading its schema (`validateLoaded`) while the member types. */
export function preloadCheck(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

function toMap(fields: { field: string; message: string }[]): FieldErrors {
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
}

/** The message a failed call shows: the server's text, or the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.message ? error.message : fallback;
}

/**
 * A form's submission: field errors, a busy flag (no second press), and the failure text. `run`
 * does the whole success path; a failure shows the server's field errors, or its text (else the
 * fallback). Resolves true on success.
 */
export function useFormSubmit() {
  const fields = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>, fallback: string): Promise<boolean> {
    setFailure(null);
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      if (!fields.fromServer(error)) setFailure(messageOf(error, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { fields, busy, failure, run };
}
