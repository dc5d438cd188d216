import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATE_ERRORS, PositionFailure, REGISTRATION_LOCATION_ERRORS, currentPosition } from './device-position.ts';

/** The browser's geolocation, answering every request the way `answer` says (jsdom has none). */
function deviceAnswers(answer: { coords: [number, number] } | { code: number }) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed: PositionErrorCallback, _options?: PositionOptions) => {
    if ('coords' in answer) found({ coords: { longitude: answer.coords[0], latitude: answer.coords[1] } } as GeolocationPosition);
    else failed({ code: answer.code, message: '' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

const failureOf = (texts?: typeof LOCATE_ERRORS | typeof REGISTRATION_LOCATION_ERRORS) =>
  currentPosition(texts).then(
    () => null,
    (error: unknown) => (error instanceof PositionFailure ? error.message : error),
  );

describe('the device position', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('is [longitude, latitude], asked with the spec settings: 10 s, high accuracy, a fix up to 5 minutes old', async () => {
    const asked = deviceAnswers({ coords: [-123.1207, 49.2827] });
    await expect(currentPosition(LOCATE_ERRORS)).resolves.toEqual([-123.1207, 49.2827]);
    expect(asked.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
  });

  it.each([
    [1, 'Location access denied. Please enable location permissions.'],
    [2, 'Location unavailable. Please check your connection.'],
    [3, 'Location request timed out. Please try again.'],
    [4, 'Failed to detect location. Please enter manually.'],
  ])('on browse and the profile, failure code %i reads %j', async (code, text) => {
    deviceAnswers({ code });
    expect(await failureOf(LOCATE_ERRORS)).toBe(text);
  });

  it.each([
    [1, 'Location access denied. Please enter your city manually.'],
    [2, 'Location information unavailable. Please enter manually.'],
    [3, 'Location request timed out. Please enter manually.'],
  ])('on registration, failure code %i reads %j', async (code, text) => {
    deviceAnswers({ code });
    expect(await failureOf()).toBe(text);
  });

  it('without geolocation in the browser, says so in either place', async () => {
    expect('geolocation' in navigator).toBe(false);
    expect(await failureOf(LOCATE_ERRORS)).toBe('Geolocation is not supported by your browser');
    expect(await failureOf()).toBe('Geolocation is not supported by your browser');
  });
});
