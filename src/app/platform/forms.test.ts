import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useFieldErrors } from './forms.ts';

const Schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

describe('useFieldErrors().validateLoaded', () => {
  it('checks with the schema once it has loaded: the errors by field, or the parsed value', async () => {
    const { result } = renderHook(() => useFieldErrors());
    let checked: unknown;
    await act(async () => void (checked = await result.current.validateLoaded(async () => Schema, { name: ' ' })));
    expect(checked).toBeNull();
    expect(result.current.errors).toEqual({ name: 'Name is required' });
    await act(async () => void (checked = await result.current.validateLoaded(async () => Schema, { name: ' Sam ' })));
    expect(checked).toEqual({ name: 'Sam' });
    expect(result.current.errors).toEqual({});
  });

  it("leaves the check to the server when the schema cannot load (offline before the app's files are kept)", async () => {
    const { result } = renderHook(() => useFieldErrors());
    let checked: unknown;
    await act(async () => void (checked = await result.current.validateLoaded(() => Promise.reject(new TypeError('Failed to fetch')), { name: ' ' })));
    expect(checked).toEqual({ name: ' ' });
    expect(result.current.errors).toEqual({});
  });
});
