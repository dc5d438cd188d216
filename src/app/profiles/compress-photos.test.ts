import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '#shared/domain/profile.ts';
import { compressPhotos, refusalMessages, targetSize, tooLargeMessage, type Encoder, type LadderStep } from './compress-photos.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string) => new File([new Uint8Array(16)], name, { type });

/**
 * A fake decoder: each file's encoded size per step width is given by the test; it records
 * every step it was asked for and whether the decoded image was released.
 */
function fakeEncoder(sizes: Record<string, Partial<Record<LadderStep['maxWidth'], number>>>, unreadable: string[] = []) {
  const steps: Record<string, string[]> = {};
  const closed: string[] = [];
  const encode: Encoder = async (source) => {
    if (unreadable.includes(source.name)) throw new Error('cannot decode');
    steps[source.name] = [];
    return {
      async encode(step) {
        steps[source.name]!.push(`${step.maxWidth}/${step.quality}`);
        return new Blob([new Uint8Array(sizes[source.name]?.[step.maxWidth] ?? 1000)], { type: 'image/jpeg' });
      },
      close: () => closed.push(source.name),
    };
  };
  return { encode, steps, closed };
}

describe('the compression ladder', () => {
  it('stops at the first step that fits in 2 MB', async () => {
    const fake = fakeEncoder({ 'small.jpg': { 800: 300_000 }, 'big.png': { 800: 3 * MB, 600: PHOTO_MAX_BYTES } });
    const result = await compressPhotos([file('small.jpg', 'image/jpeg'), file('big.png', 'image/png')], fake.encode);
    expect(fake.steps).toEqual({ 'small.jpg': ['800/0.6'], 'big.png': ['800/0.6', '600/0.4'] });
    expect(result.ready.map((f) => [f.name, f.type, f.size])).toEqual([
      ['small.jpg', 'image/jpeg', 300_000],
      ['big.jpg', 'image/jpeg', PHOTO_MAX_BYTES],
    ]);
    expect(result.tooLarge).toEqual([]);
    expect(result.badType).toEqual([]);
  });

  it('tries 800/0.6, 600/0.4 and 400/0.3, then refuses what is still over 2 MB', async () => {
    const fake = fakeEncoder({
      'a.jpg': { 800: 5 * MB, 600: 4 * MB, 400: 3 * MB },
      'b.webp': { 800: 5 * MB, 600: 4 * MB, 400: PHOTO_MAX_BYTES + 1 },
      'c.webp': { 800: 5 * MB, 600: 4 * MB, 400: MB },
    });
    const a = file('a.jpg', 'image/jpeg');
    const b = file('b.webp', 'image/webp');
    const result = await compressPhotos([a, b, file('c.webp', 'image/webp')], fake.encode);
    expect(fake.steps['a.jpg']).toEqual(['800/0.6', '600/0.4', '400/0.3']);
    expect(result.tooLarge).toEqual([a, b]);
    expect(result.ready.map((f) => f.name)).toEqual(['c.jpg']);
    expect(fake.closed).toEqual(['a.jpg', 'b.webp', 'c.webp']);
    expect(refusalMessages(result)).toEqual(['2 photos are still larger than 2 MB after compression: a.jpg, b.webp']);
  });

  it('refuses other types before decoding them, and files that cannot be read', async () => {
    const fake = fakeEncoder({}, ['broken.jpg']);
    const gif = file('anim.gif', 'image/gif');
    const text = file('notes.txt', 'text/plain');
    const broken = file('broken.jpg', 'image/jpeg');
    const result = await compressPhotos([gif, file('ok.jpeg', 'image/jpeg'), text, broken], fake.encode);
    expect(Object.keys(fake.steps)).toEqual(['ok.jpeg']);
    expect(result.badType).toEqual([gif, text, broken]);
    expect(result.ready.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(refusalMessages(result)).toEqual(['Only JPEG, PNG or WebP photos are allowed: anim.gif, notes.txt, broken.jpg']);
  });

  it('reports its progress photo by photo', async () => {
    const seen: string[] = [];
    await compressPhotos([file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], fakeEncoder({}).encode, (done, total) => seen.push(`${done}/${total}`));
    expect(seen).toEqual(['0/2', '1/2', '2/2']);
  });

  it('words one photo in the singular', () => {
    expect(tooLargeMessage([file('holiday.png', 'image/png')])).toBe('1 photo is still larger than 2 MB after compression: holiday.png');
  });

  it('scales to the step width keeping the proportions, and never enlarges', () => {
    expect(targetSize(4000, 3000, 800)).toEqual({ width: 800, height: 600 });
    expect(targetSize(1000, 3000, 400)).toEqual({ width: 400, height: 1200 });
    expect(targetSize(500, 300, 800)).toEqual({ width: 500, height: 300 });
  });
});
