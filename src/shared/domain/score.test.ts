import { describe, expect, it } from 'vitest';
import { GRADES, ROYAL_LINE, capCount, clampScore, gradeFor, gradeName, gradeRange, nextGrade, royalTitleFor, scoreBand } from './score.ts';

describe('score rules', () => {
  it.each([
    [850, 'excellent'],
    [750, 'excellent'],
    [749, 'good'],
    [650, 'good'],
    [649, 'fair'],
    [550, 'fair'],
    [549, 'poor'],
    [300, 'poor'],
  ])('score %i is graded %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade);
  });

  it('has no grade without a score', () => {
    expect(gradeFor(null)).toBe('unknown');
  });

  it('names each grade, with its range and the next one up, from the one table', () => {
    expect([...GRADES, 'unknown' as const].map(gradeName)).toEqual(['Excellent', 'Good', 'Fair', 'Poor', 'Unknown']);
    expect(GRADES.map(gradeRange)).toEqual([
      { min: 750, max: 850 },
      { min: 650, max: 749 },
      { min: 550, max: 649 },
      { min: 300, max: 549 },
    ]);
    expect(GRADES.map(nextGrade)).toEqual([null, 'excellent', 'good', 'fair']);
  });

  it.each([
    [850, 'green'],
    [750, 'green'],
    [749, 'blue'],
    [650, 'blue'],
    [649, 'yellow'],
    [550, 'yellow'],
    [549, 'red'],
    [300, 'red'],
  ])('score %i is coloured %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });

  it.each([
    [850, 'Queen'],
    [825, 'Queen'],
    [824, 'Empress'],
    [800, 'Empress'],
    [799, 'Princess'],
    [750, 'Princess'],
    [749, 'Duchess'],
    [700, 'Duchess'],
    [699, 'Lady'],
    [300, 'Lady'],
  ])('score %i gives the royal title %s', (score, title) => {
    expect(royalTitleFor(score)).toBe(title);
  });

  it('counts a missing score as the starting 650 (Lady)', () => {
    expect(royalTitleFor(undefined)).toBe('Lady');
  });

  it('caps badges at 99+ and 9+', () => {
    expect(capCount(99, 99)).toBe('99');
    expect(capCount(100, 99)).toBe('99+');
    expect(capCount(9, 9)).toBe('9');
    expect(capCount(10, 9)).toBe('9+');
  });

  it('keeps scores within 300 to 850', () => {
    expect(clampScore(900)).toBe(850);
    expect(clampScore(120)).toBe(300);
    expect(clampScore(651.4)).toBe(651);
  });
});

describe('royal tier ranges', () => {
  it('come from the one title table', async () => {
    const { royalTierRange, royalTierIdFor } = await import('./score.ts');
    expect(royalTierRange('queen')).toEqual({ min: 825, max: 850 });
    expect(royalTierRange('empress')).toEqual({ min: 800, max: 824 });
    expect(royalTierRange('princess')).toEqual({ min: 750, max: 799 });
    expect(royalTierRange('duchess')).toEqual({ min: 700, max: 749 });
    expect(royalTierRange('lady')).toEqual({ min: 300, max: 699 });
    expect([royalTierIdFor(826), royalTierIdFor(699), royalTierIdFor(null)]).toEqual(['queen', 'lady', 'lady']);
  });

  it('read in one line from the starting title up (/about)', () => {
    expect(ROYAL_LINE).toBe('Lady 300–699 · Duchess 700–749 · Princess 750–799 · Empress 800–824 · Queen 825+');
  });
});
