/**
 * An English date formatter made on first use. The first Intl formatter of a page loads the
 * locale's data (12–30 ms on a desktop CPU, four times that on a slow phone); made at a module's
 * top level, that lengthened the task that loads the page's code (`loadDateData` does it earlier).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}

/**
 * Loads the locale's data for dates while the browser is idle (a member's page waits for its code
 * and data then), so the render that first shows a date is not one long task with that load.
 */
export function loadDateData(): void {
  const load = () => void new Intl.DateTimeFormat('en-US').format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 0);
}
