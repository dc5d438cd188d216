import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../http-error.ts';
import { LOCATION_REQUIRED, LoginBodySchema, RegisterBodySchema, ResetPasswordBodySchema } from './auth.ts';

const valid = {
  accountType: 'individual',
  email: ' Ann@Example.com ',
  password: '12345678',
  name: 'Ann',
  age: 18,
  gender: 'female',
  location: { city: 'Vancouver', country: 'Canada', coordinates: null },
};

const fields = (result: ReturnType<typeof RegisterBodySchema.safeParse>) =>
  result.success ? [] : fieldErrorsFromZod(result.error).map((f) => f.field).sort();

describe('registration rules', () => {
  it('accepts a complete individual and normalises the address', () => {
    const result = RegisterBodySchema.parse(valid);
    expect(result.email).toBe('ann@example.com');
  });

  it.each([17, 101, 30.5, 'abc'])('refuses age %s', (age) => {
    expect(fields(RegisterBodySchema.safeParse({ ...valid, age }))).toEqual(['age']);
  });

  it('accepts the bounds 18 and 100', () => {
    expect(RegisterBodySchema.safeParse({ ...valid, age: 100 }).success).toBe(true);
  });

  it('wants a password of at least 8 characters', () => {
    expect(fields(RegisterBodySchema.safeParse({ ...valid, password: '1234567' }))).toEqual(['password']);
  });

  it('asks for a location with the spec text when it is missing or blank', () => {
    for (const location of [undefined, { city: '  ' }]) {
      const result = RegisterBodySchema.safeParse({ ...valid, location });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(LOCATION_REQUIRED);
    }
  });

  it('wants the partner fields for a couple, with a partner aged 18 to 100', () => {
    expect(fields(RegisterBodySchema.safeParse({ ...valid, accountType: 'couple' }))).toEqual([
      'partnerAge',
      'partnerGender',
      'partnerName',
      'relationshipType',
    ]);
    const couple = { ...valid, accountType: 'couple', partnerName: 'Sam', partnerAge: 40, partnerGender: 'male', relationshipType: 'dating' };
    expect(RegisterBodySchema.safeParse(couple).success).toBe(true);
    expect(fields(RegisterBodySchema.safeParse({ ...couple, relationshipType: 'situationship' }))).toEqual(['relationshipType']);
  });
});

describe('sign-in and reset rules', () => {
  it('sign-in needs email and password', () => {
    expect(LoginBodySchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
  it('reset needs a token: "Invalid reset token"', () => {
    const result = ResetPasswordBodySchema.safeParse({ token: '', password: 'long enough' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('Invalid reset token');
  });
});
