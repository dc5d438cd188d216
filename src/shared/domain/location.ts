/**
 * A typed location ("Vancouver, BC, Canada"): the first comma part is the city, the last the
 * country when there is more than one part (core-journey §5). Returns null when blank.
 */
export function parseTypedCity(input: string): { city: string; country: string } | null {
  const parts = input
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const city = parts[0]!;
  const country = parts.length > 1 ? parts[parts.length - 1]! : '';
  return { city, country };
}
