import { describe, expect, it } from 'vitest';
import { createPasswords } from './password.ts';

describe('password hashes', () => {
  it('are made at the standard cost unless a test asks for the fast one, and each names its own cost', async () => {
    expect((await createPasswords().hash('a long enough secret')).split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect((await createPasswords('fast').hash('a long enough secret')).split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
  });

  it('check out whatever cost made them, and only for the password they were made from', async () => {
    const [standard, fast] = [createPasswords('standard'), createPasswords('fast')];
    const madeStandard = await standard.hash('a long enough secret');
    const madeFast = await fast.hash('a long enough secret');
    expect(await fast.verify('a long enough secret', madeStandard)).toBe(true);
    expect(await standard.verify('a long enough secret', madeFast)).toBe(true);
    expect(await standard.verify('a long enough secreT', madeStandard)).toBe(false);
    expect(await standard.verify('a long enough secret', 'bcrypt$1$2$3$4$5')).toBe(false);
    expect(await standard.verify('a long enough secret', await standard.decoyHash())).toBe(false);
  });
});
