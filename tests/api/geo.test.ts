import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { START, startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('geocoding on our own server', () => {
  it('reverse: a point in downtown Vancouver is Vancouver, Canada (no session needed)', async () => {
    const answer = await t.call('GET', '/geo/reverse?lat=49.2827&lon=-123.1207');
    expect(answer.status).toBe(200);
    expect(answer.body.place).toMatchObject({ city: 'Vancouver', country: 'Canada', countryCode: 'CA' });
  });

  it('reverse: the open ocean is no city', async () => {
    const answer = await t.call('GET', '/geo/reverse?lat=0&lon=-140');
    expect(answer.body).toEqual({ place: null });
  });

  it('reverse: refuses coordinates out of range with the field at fault', async () => {
    const answer = await t.call('GET', '/geo/reverse?lat=123&lon=abc');
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['lat', 'lon']);
  });

  it('search: prefixes rank exact names and big cities first; a country narrows', async () => {
    const toronto = await t.call('GET', '/geo/search?q=toron');
    expect(toronto.body.places[0]).toMatchObject({ city: 'Toronto', country: 'Canada' });
    const paris = await t.call('GET', '/geo/search?q=Paris,%20France');
    expect(paris.body.places[0]).toMatchObject({ city: 'Paris', countryCode: 'FR' });
    const montreal = await t.call('GET', '/geo/search?q=montreal');
    expect(montreal.body.places[0]).toMatchObject({ city: 'Montréal', country: 'Canada' });
  });

  it('search: needs two letters', async () => {
    expect((await t.call('GET', '/geo/search?q=a')).status).toBe(400);
  });
});

describe("a zone's clock by the server's rules (GET /api/geo/time-zone)", () => {
  it('gives the offset and label in force now, the tzdb release, and when they next change', async () => {
    const vancouver = await t.call('GET', '/geo/time-zone?zone=America/Vancouver');
    expect(vancouver.status).toBe(200);
    expect(vancouver.body).toEqual({
      timeZone: 'America/Vancouver',
      tzdb: TZDB_VERSION,
      at: START.toISOString(),
      offsetMinutes: -420,
      utcOffset: '-07:00',
      zoneLabel: 'MST',
      // British Columbia no longer changes its clocks.
      validUntil: null,
    });
    const toronto = await t.call('GET', '/geo/time-zone?zone=America/Toronto');
    expect(toronto.body).toMatchObject({ offsetMinutes: -300, utcOffset: '-05:00', zoneLabel: 'EST', validUntil: '2027-03-14T07:00:00.000Z' });
    expect((await t.call('GET', '/geo/time-zone?zone=Asia/Kathmandu')).body).toMatchObject({ utcOffset: '+05:45', zoneLabel: 'UTC+5:45' });
  });

  it('refuses a zone the tzdb does not know, with the field at fault', async () => {
    for (const zone of ['Mars/Olympus', 'america/vancouver', '', 'x'.repeat(65)]) {
      const answer = await t.call('GET', `/geo/time-zone?zone=${encodeURIComponent(zone)}`);
      expect(answer.status, zone).toBe(400);
      expect(answer.body.fields[0].field).toBe('zone');
    }
    expect((await t.call('GET', '/geo/time-zone')).body.fields[0].field).toBe('zone');
  });
});
