import { useState, type KeyboardEvent } from 'react';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { Avatar } from '#app/platform/ui/member.tsx';

/**
 * The member's photos, one at a time: previous and next buttons, a dot per photo, and the
 * arrow keys (plus Home and End) on the focused photo.
 */
export function PhotoCarousel({ photos, name }: { photos: MemberDetail['profile']['photos']; name: string }) {
  const [index, setIndex] = useState(0);
  if (photos.length === 0) {
    return (
      <div className="carousel carousel-empty">
        <Avatar name={name} size="lg" />
      </div>
    );
  }
  const count = photos.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex((next + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    const next =
      event.key === 'ArrowRight' ? current + 1
      : event.key === 'ArrowLeft' ? current - 1
      : event.key === 'Home' ? 0
      : event.key === 'End' ? count - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    go(next);
  }

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={`Photos of ${name}`}>
      <div className="carousel-frame" tabIndex={count > 1 ? 0 : undefined} onKeyDown={count > 1 ? onKeyDown : undefined} aria-live="polite">
        <img src={photos[current]!.url} alt={`Photo ${current + 1} of ${count} of ${name}`} decoding="async" />
      </div>
      {count > 1 && (
        <>
          <button type="button" className="carousel-arrow carousel-prev" aria-label="Previous photo" onClick={() => go(current - 1)}>
            ‹
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label="Next photo" onClick={() => go(current + 1)}>
            ›
          </button>
          <div className="carousel-dots">
            {photos.map((photo, i) => (
              <button
                key={photo._id}
                type="button"
                className="carousel-dot"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
