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

describe('missingForBooking, each part alone', () => {
  const cases: [Partial<BookingProfile>, string][] = [
    [{ name: '' }, 'name'],
    [{ age: null }, 'age'],
    [{ photoCount: 0 }, 'photos'],
    [{ interestCount: 0 }, 'interests'],
    [{ bio: '' }, 'bio'],
  ];
  it.each(cases)('%o is missing %s', (change, field) => {
    expect(missingForBooking({ ...complete, ...change })).toEqual([field]);
  });
  it('asks a couple only for what is missing of the partner', () => {
    const couple: BookingProfile = { ...complete, accountType: 'couple', partnerName: 'Bo', partnerAge: 31, relationshipType: 'dating' };
    expect(missingForBooking({ ...couple, partnerName: '  ' })).toEqual(['partner_name']);
    expect(missingForBooking({ ...couple, partnerAge: null })).toEqual(['partner_age']);
    expect(missingForBooking({ ...couple, relationshipType: null })).toEqual(['relationship_type']);
  });
  it('ignores partner fields of an individual', () => {
    expect(missingForBooking({ ...complete, partnerName: '' })).toEqual([]);
  });
});
