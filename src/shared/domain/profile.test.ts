import { describe, expect, it } from 'vitest';
import { displayName } from './profile.ts';

describe('display names', () => {
  it('name a member by their own name', () => {
    expect(displayName({ profile: { name: 'Robin' }, coupleInfo: null })).toBe('Robin');
  });

  it("name a couple 'name & partnerName'", () => {
    expect(displayName({ profile: { name: 'Sam' }, coupleInfo: { partnerName: 'Alex' } })).toBe('Sam & Alex');
  });
});
