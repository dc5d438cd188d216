/**
 * The brand's heart mark, drawn inline: an <img> of an SVG file makes the browser build a separate
 * document for it, a main-thread task of ~15 ms on a desktop CPU (60+ on a slow phone) on every
 * first paint (public/favicon.svg keeps the same drawing for the tab icon).
 */
export function LogoMark() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#b0234f" />
      <path d="M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z" fill="#fff" />
    </svg>
  );
}
