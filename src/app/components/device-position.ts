/** Geolocation settings from the spec: 10 s timeout, high accuracy, a cached fix up to 5 minutes old. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export const REGISTRATION_LOCATION_ERRORS = {
  unsupported: 'Geolocation is not supported by your browser',
  denied: 'Location access denied. Please enter your city manually.',
  unavailable: 'Location information unavailable. Please enter manually.',
  timeout: 'Location request timed out. Please enter manually.',
  unknownCity: 'Could not determine your city. Please enter manually.',
} as const;

/** The texts browse (Auto-Locate) and the profile screen show (core-journey §8, account-and-admin §8). */
export const LOCATE_ERRORS = {
  unsupported: 'Geolocation is not supported by your browser',
  denied: 'Location access denied. Please enable location permissions.',
  unavailable: 'Location unavailable. Please check your connection.',
  timeout: 'Location request timed out. Please try again.',
  unknownCity: 'Failed to detect location. Please enter manually.',
} as const;

export type LocationErrorTexts = typeof REGISTRATION_LOCATION_ERRORS | typeof LOCATE_ERRORS;

export class PositionFailure extends Error {}

/** The device position as [longitude, latitude], or a PositionFailure with the widget's text. */
export function currentPosition(texts: LocationErrorTexts = REGISTRATION_LOCATION_ERRORS): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new PositionFailure(texts.unsupported));
    navigator.geolocation.getCurrentPosition(
      (position) => resolve([position.coords.longitude, position.coords.latitude]),
      (error) => {
        const text = error.code === 1 ? texts.denied : error.code === 3 ? texts.timeout : error.code === 2 ? texts.unavailable : texts.unknownCity;
        reject(new PositionFailure(text));
      },
      POSITION_OPTIONS,
    );
  });
}
