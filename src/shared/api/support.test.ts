import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, NAME_MAX } from '../domain/account.ts';
import { CONTACT_LIMITS, ContactBodySchema } from './support.ts';

describe('the contact schema', () => {
  // Written out in support.ts (importing them moved schema code into the landing page's chunk).
  it('caps name and e-mail as registration does', () => {
    expect([CONTACT_LIMITS.name, CONTACT_LIMITS.email]).toEqual([NAME_MAX, EMAIL_MAX]);
  });

  it("trims, and turns an empty subject into 'Contact Form Inquiry'", () => {
    expect(ContactBodySchema.parse({ name: ' A ', email: ' a@b.co ', subject: '  ', message: ' 0123456789 ' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      subject: 'Contact Form Inquiry',
      message: '0123456789',
    });
  });
});
