/** Where the device keeps a member's session (localStorage), read by the app and by the pages' head script. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** Stored texts that count as no value at all, as the spec says of 'null' and 'undefined'. */
export const MISSING_STORED_VALUES: readonly string[] = ['', 'null', 'undefined'];

export const isMissingStored = (value: string | null): value is null => value === null || MISSING_STORED_VALUES.includes(value);
