/**
 * An English date formatter made on first use. The first Intl formatter of a page loads the
 * locale's data (about 10 ms on a desktop CPU, four times that on a slow phone): inside the render
 * that needs it, that is one short slice; at a module's top level it lengthens the main-thread task
 * that loads the page's code.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}
