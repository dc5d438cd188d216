import { describe, expect, it } from 'vitest';
import { pathWithId } from './path-with-id.ts';

describe('a path that names one thing', () => {
  it("is the app's URL when called and the server's route as .route, written once", () => {
    const like = pathWithId('/users', '/like');
    expect(like('a/b c')).toBe('/users/a%2Fb%20c/like');
    expect(like.route).toBe('/users/:id/like');
    expect(pathWithId('/messages/conversation', '', 'userId').route).toBe('/messages/conversation/:userId');
  });
});
