/**
 * What the shell's head script (head-script.ts) and the app (app/platform/shell-answer.ts,
 * app/browse/shell-page.ts) share about the page's first data the head script asks for before the
 * app's code arrives.
 */

/** Where the app keeps the first browse page a member last asked for: `{ member, url }` (JSON). */
export const BROWSE_FIRST_PAGE_KEY = 'rendezvous-browse-first-page';
/** The window property the head script leaves that call in for the app: `{ url, answer, data }`. */
export const SHELL_FIRST_PAGE = '__rendezvousFirstPage';

/**
 * How a page's skeleton in the shell (app/prerender.tsx) marks where the head script draws the
 * answer: `fill('text', path)` takes the value as the element's text, `fill('src', path)` an image of
 * it inside the element (the page's largest paint: the first one marked only), `fill('show', path)`
 * shows the element (rendered `hidden`) when the value is true (or any object), `fill('unless',
 * path)` when it is false, `fill('class', path)` adds the value as a class; `fill('log', path)` draws
 * the list's items oldest first as a chat log does (message-log.tsx): the element's second child for
 * each item (its own fills read the item), its first child (a day's mark) before an item
 * (`createdAt`) of another day than the one before, and scrolls its parent to the end. `labels` names
 * the value as the page does (`$id`: the value that is the last part of the page's path, `*`: any
 * other). The path reads the answer: keys and indexes, dotted (`notifications.0.title`); a value
 * missing leaves the element as it is.
 *
 * Text is drawn into a part the shell shows only once it is drawn (`show`): the browser counts an
 * element's text for its largest paint when it is first painted, not when it changes, and the part
 * then appears in its final layout (nothing painted moves).
 */
export const fill = (how: 'text' | 'src' | 'show' | 'unless' | 'class' | 'log', path: string, labels?: Record<string, string>) => ({
  'data-fill': `${how} ${path}`,
  ...(labels && { 'data-labels': JSON.stringify(labels) }),
});
