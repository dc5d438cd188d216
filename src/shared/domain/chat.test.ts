import { describe, expect, it } from 'vitest';
import { conversationIdOf } from './chat.ts';

describe('conversationIdOf', () => {
  it('is the same from both sides and differs between pairs', () => {
    const ann = '0b6f3f0e-0000-4000-8000-000000000001';
    const ben = '7c1d2e3f-0000-4000-8000-000000000002';
    const cat = '1a2b3c4d-0000-4000-8000-000000000003';
    expect(conversationIdOf(ann, ben)).toBe(conversationIdOf(ben, ann));
    expect(conversationIdOf(ann, ben)).toBe(`${ann}_${ben}`);
    expect(conversationIdOf(ann, cat)).not.toBe(conversationIdOf(ann, ben));
  });
});
