import { describe, expect, it } from 'vitest';
import { missingForBooking, type BookingProfile } from './booking-profile.ts';

const complete: BookingProfile = {
  accountType: 'individual',
  name: 'Ada',
  age: 30,
  photoCount: 1,
  interestCount: 2,
  bio: 'Hello',
  partnerName: null,
  partnerAge: null,
  relationshipType: null,
};

describe('missingForBooking', () => {
  it('asks nothing of a complete individual', () => {
    expect(missingForBooking(complete)).toEqual([]);
  });
  it('names every missing part in the spec order', () => {
    expect(missingForBooking({ ...complete, name: ' ', photoCount: 0, interestCount: 0, bio: '  ' })).toEqual(['name', 'photos', 'interests', 'bio']);
  });
  it('asks couples for their partner too', () => {
    expect(missingForBooking({ ...complete, accountType: 'couple' })).toEqual(['partner_name', 'partner_age', 'relationship_type']);
    expect(missingForBooking({ ...complete, accountType: 'couple', partnerName: 'Bo', partnerAge: 31, relationshipType: 'dating' })).toEqual([]);
  });
});
