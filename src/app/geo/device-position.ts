/** Geolocation settings from the spec: 10 s timeout, high accuracy, a cached fix up to 5 minutes old. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 };

export const REGISTRATION_LOCATION_ERRORS = {
  unsupported: 'Geolocation is not supported by your browser',
  denied: 'Location access denied. Please enter your city manually.',
  unavailable: 'Location information unavailable. Please enter manually.',
  timeout: 'Location request timed out. Please enter manually.',
  unknownCity: 'Could not determine your city. Please enter manually.',
} as const;

export class PositionFailure extends Error {}

/** The device position as [longitude, latitude], or a PositionFailure with the widget's text. */
export function currentPosition(): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new PositionFailure(REGISTRATION_LOCATION_ERRORS.unsupported));
    navigator.geolocation.getCurrentPosition(
      (position) => resolve([position.coords.longitude, position.coords.latitude]),
      (error) => {
        const text =
          error.code === 1
            ? REGISTRATION_LOCATION_ERRORS.denied
            : error.code === 3
              ? REGISTRATION_LOCATION_ERRORS.timeout
              : REGISTRATION_LOCATION_ERRORS.unavailable;
        reject(new PositionFailure(text));
      },
      POSITION_OPTIONS,
    );
  });
}
