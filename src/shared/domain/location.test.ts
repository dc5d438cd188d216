import { describe, expect, it } from 'vitest';
import { parseTypedCity } from './location.ts';

describe('parseTypedCity', () => {
  it('takes the first part as the city and the last as the country', () => {
    expect(parseTypedCity('Vancouver, BC, Canada')).toEqual({ city: 'Vancouver', country: 'Canada' });
  });
  it('has no country with one part', () => {
    expect(parseTypedCity('  Toronto ')).toEqual({ city: 'Toronto', country: '' });
  });
  it('is nothing when blank', () => {
    expect(parseTypedCity('  , ,')).toBeNull();
  });
});
