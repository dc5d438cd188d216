import { describe, expect, it } from 'vitest';
import { resetProblem } from './reset-password-page.tsx';

describe('reset form checks', () => {
  it('need a token', () => expect(resetProblem(undefined, 'long enough', 'long enough')).toBe('Invalid reset token'));
  it('need 8 characters', () => expect(resetProblem('t', 'short', 'short')).toBe('Password must be at least 8 characters long'));
  it('need a matching confirmation', () => expect(resetProblem('t', 'long enough', 'long enougH')).toBe('Passwords do not match'));
  it('pass when all is well', () => expect(resetProblem('t', 'long enough', 'long enough')).toBeNull());
});
