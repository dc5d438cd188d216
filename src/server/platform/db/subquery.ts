/**
 * A subquery's columns named as `like`'s (a table's, say), typed as those: Drizzle reads a
 * subquery's columns through its alias, a proxy that answers one name at a time.
 */
export function columnsOf<C extends object>(subquery: object, like: C): C {
  return Object.fromEntries(Object.keys(like).map((key) => [key, subquery[key as keyof typeof subquery]])) as unknown as C;
}
