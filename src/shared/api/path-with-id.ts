/** An API path that names one thing: called with its id, the URL the app asks for; `.route`, the server's route for it. */
export type PathWithId = ((id: string) => string) & { readonly route: string };

/** `pathWithId('/users', '/like')`: `(id) => '/users/<id>/like'` (the id escaped), route `/users/:id/like`. */
export function pathWithId(before: string, after = '', param = 'id'): PathWithId {
  return Object.assign((id: string) => `${before}/${encodeURIComponent(id)}${after}`, { route: `${before}/:${param}${after}` });
}
