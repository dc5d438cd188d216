/** Profile limits and defaults (account-and-admin §3, §5, §9). */
export const BIO_MAX = 500;
export const INTEREST_MAX_LENGTH = 40;
export const INTERESTS_MAX = 20;
export const SUGGESTIONS_SHOWN = 15;

export const DATE_TYPES = ['coffee', 'lunch', 'dinner', 'drinks', 'activity'] as const;
export type DateType = (typeof DATE_TYPES)[number];
export const DATE_TYPE_LABELS: Record<DateType, string> = {
  coffee: 'Coffee',
  lunch: 'Lunch',
  dinner: 'Dinner',
  drinks: 'Drinks',
  activity: 'Activity',
};

/** Who a member wants to meet: a man, a woman, or a couple. */
export const GENDER_PREFERENCES = ['male', 'female', 'couple'] as const;
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];

/** Age choices on forms run 18 to 80; the distance slider 5 to 100 km in steps of 5. */
export const PREF_AGE_MIN = 18;
export const PREF_AGE_MAX = 80;
export const DISTANCE_MIN_KM = 5;
export const DISTANCE_MAX_KM = 100;
export const DISTANCE_STEP_KM = 5;

export const DEFAULT_PREFERENCES = {
  dateTypes: ['coffee', 'lunch', 'dinner'] as DateType[],
  genderPreferences: ['female'] as GenderPreference[],
  ageRange: { min: 18, max: 65 },
  distance: 25,
  accountTypes: ['individual'] as ('individual' | 'couple')[],
};

/** The 22 interests the profile screen suggests (up to 15 of those not yet chosen). */
export const INTEREST_OPTIONS = [
  'Coffee',
  'Hiking',
  'Travel',
  'Cooking',
  'Live music',
  'Movies',
  'Reading',
  'Yoga',
  'Wine tasting',
  'Art galleries',
  'Photography',
  'Dancing',
  'Fitness',
  'Board games',
  'Theatre',
  'Cycling',
  'Foodie',
  'Museums',
  'Running',
  'Skiing',
  'Beaches',
  'Craft beer',
] as const;

export function interestSuggestions(chosen: readonly string[]): string[] {
  const taken = new Set(chosen.map((interest) => interest.toLowerCase()));
  return INTEREST_OPTIONS.filter((option) => !taken.has(option.toLowerCase())).slice(0, SUGGESTIONS_SHOWN);
}

/** Notification settings (account-and-admin §3): all on except the profile-viewed e-mail. */
export const EMAIL_NOTIFICATION_KEYS = ['newBooking', 'bookingConfirmed', 'bookingCancelled', 'bookingReminder', 'nudgeReceived', 'profileViewed', 'systemUpdates'] as const;
export const PUSH_NOTIFICATION_KEYS = ['newBooking', 'bookingConfirmed', 'bookingCancelled', 'nudgeReceived', 'messages'] as const;

export const DEFAULT_NOTIFICATION_SETTINGS = {
  email: {
    newBooking: true,
    bookingConfirmed: true,
    bookingCancelled: true,
    bookingReminder: true,
    nudgeReceived: true,
    profileViewed: false,
    systemUpdates: true,
  },
  push: { newBooking: true, bookingConfirmed: true, bookingCancelled: true, nudgeReceived: true, messages: true },
};
export type NotificationSettings = typeof DEFAULT_NOTIFICATION_SETTINGS;

/** Photos (account-and-admin §5, §9). */
export const PHOTOS_MAX = 5;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Tried in order until a photo fits in PHOTO_MAX_BYTES. */
export const COMPRESSION_LADDER = [
  { maxWidth: 800, quality: 0.6 },
  { maxWidth: 600, quality: 0.4 },
  { maxWidth: 400, quality: 0.3 },
] as const;

/** How a member is named on every screen: couples as 'name & partnerName'. */
export function displayName(member: { profile: { name: string }; coupleInfo: { partnerName: string } | null }): string {
  return member.coupleInfo ? `${member.profile.name} & ${member.coupleInfo.partnerName}` : member.profile.name;
}
