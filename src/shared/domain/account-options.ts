/**
 * The account's choice lists as plain values, with no schema library: the sign-up page renders
 * them before zod has loaded (it loads with the form's first use). `account.ts` builds its z.enums
 * from these lists.
 */
export const ACCOUNT_TYPE_VALUES = ['individual', 'couple'] as const;
export const GENDER_VALUES = ['male', 'female', 'non-binary', 'other'] as const;
export const RELATIONSHIP_TYPE_VALUES = ['dating', 'engaged', 'married', 'other'] as const;

export type AccountType = (typeof ACCOUNT_TYPE_VALUES)[number];
export type Gender = (typeof GENDER_VALUES)[number];
export type RelationshipType = (typeof RELATIONSHIP_TYPE_VALUES)[number];

export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  other: 'Other',
};
