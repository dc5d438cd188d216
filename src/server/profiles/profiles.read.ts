import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MemberRow } from '../auth/auth.read.ts';

/** The columns a member summary (and a browse card) reads, from `users` or an alias of it. */
export function summaryColumns<T extends Record<SummaryColumn, AnyPgColumn>>(u: T): { [K in SummaryColumn]: T[K] } {
  return {
    id: u.id,
    accountType: u.accountType,
    name: u.name,
    age: u.age,
    gender: u.gender,
    bio: u.bio,
    interests: u.interests,
    city: u.city,
    country: u.country,
    partnerName: u.partnerName,
    partnerAge: u.partnerAge,
    partnerGender: u.partnerGender,
    relationshipType: u.relationshipType,
    score: u.score,
    verificationTier: u.verificationTier,
    isBiometricVerified: u.isBiometricVerified,
    isPhotoVerified: u.isPhotoVerified,
    carTier: u.carTier,
    createdAt: u.createdAt,
  };
}
type SummaryColumn =
  | 'id' | 'accountType' | 'name' | 'age' | 'gender' | 'bio' | 'interests' | 'city' | 'country' | 'partnerName' | 'partnerAge'
  | 'partnerGender' | 'relationshipType' | 'score' | 'verificationTier' | 'isBiometricVerified' | 'isPhotoVerified' | 'carTier' | 'createdAt';
export type SummaryRow = Pick<MemberRow, SummaryColumn>;
