import type { PROFILE_FIELDS_FOR_BOOKING } from '../api/bookings.ts';

export type MissingField = (typeof PROFILE_FIELDS_FOR_BOOKING)[number];

/** The parts of a member that booking needs (core-journey §5); the server and the form read the same. */
export type BookingProfile = {
  accountType: 'individual' | 'couple';
  name: string;
  age: number | null;
  photoCount: number;
  interestCount: number;
  bio: string;
  partnerName: string | null;
  partnerAge: number | null;
  relationshipType: string | null;
};

/** What a member must still fill in before booking, in the spec's order and names. */
export function missingForBooking(profile: BookingProfile): MissingField[] {
  const missing: MissingField[] = [];
  if (!profile.name.trim()) missing.push('name');
  if (!profile.age) missing.push('age');
  if (profile.photoCount < 1) missing.push('photos');
  if (profile.interestCount < 1) missing.push('interests');
  if (!profile.bio.trim()) missing.push('bio');
  if (profile.accountType === 'couple') {
    if (!profile.partnerName?.trim()) missing.push('partner_name');
    if (!profile.partnerAge) missing.push('partner_age');
    if (!profile.relationshipType) missing.push('relationship_type');
  }
  return missing;
}
