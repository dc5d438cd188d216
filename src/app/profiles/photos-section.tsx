import { useRef, useState, type ChangeEvent } from 'react';
import type { User } from '#shared/api/auth.ts';
import { PHOTOS_MAX, PHOTO_TYPES } from '#shared/domain/profile.ts';
import { fill } from '#shared/shell-first-page.ts';
import { messageOf } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { useRealtimeStore } from '#app/platform/realtime/realtime.store.ts';
import { toast } from '#app/platform/ui/toast.store.ts';
import { compressPhotos, refusalMessages } from './compress-photos.ts';
import { useSession } from '#app/platform/session.store.ts';
import { PHOTO_DELETE_FAILED, PHOTO_UPLOAD_FAILED, keepOwnRecord, profilesApi, refreshOwnRecord, updateOwnRecord } from './profiles.api.ts';

type Photo = User['profile']['photos'][number];

const PHOTOS_HEADING = 'Photos';
const PHOTOS_NOTE = `of ${PHOTOS_MAX} photos. JPEG, PNG or WebP; we shrink them on your device before they are sent.`;

/**
 * The photos card as the shell's skeleton of /profile paints it (profile-page.tsx): the head script
 * draws the count and the first photo from the member's record.
 */
export function PhotosSkeleton() {
  return (
    <section className="card stack profile-section">
      <h2>{PHOTOS_HEADING}</h2>
      <p className="muted">
        <span {...fill('text', 'user.profile.photos.length')} /> {PHOTOS_NOTE}
      </p>
      <ul className="photo-grid">
        <li className="photo-tile" {...fill('src', 'user.profile.photos.0.url')} />
      </ul>
    </section>
  );
}
type Progress = { stage: 'preparing'; done: number; total: number } | { stage: 'uploading'; count: number };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The server's photos go into the session store; then the fresh record (score included). */
async function showPhotos(photos: Photo[]) {
  updateOwnRecord((user) => ({ ...user, profile: { ...user.profile, photos } }));
  const fresh = await refreshOwnRecord().catch(() => useSession.getState().user);
  if (fresh) await keepOwnRecord(fresh);
}

/** Photos: up to five, compressed on the device before upload; delete after a confirmation. */
export function PhotosSection({ photos }: { photos: Photo[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; lines: string[] } | null>(null);
  const [toDelete, setToDelete] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState(false);
  const room = PHOTOS_MAX - photos.length;

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again fires a change.
    event.target.value = '';
    if (chosen.length === 0 || progress) return;
    setOutcome(null);
    if (chosen.length > room) {
      setOutcome({ tone: 'error', lines: [`You can have at most ${PHOTOS_MAX} photos: choose up to ${plural(room, 'more photo')}.`] });
      return;
    }
    setProgress({ stage: 'preparing', done: 0, total: chosen.length });
    try {
      const result = await compressPhotos(chosen, undefined, (done, total) => setProgress({ stage: 'preparing', done, total }));
      const refused = refusalMessages(result);
      if (result.ready.length === 0) {
        setOutcome({ tone: 'error', lines: refused });
        return;
      }
      setProgress({ stage: 'uploading', count: result.ready.length });
      try {
        const { photos: saved, scoreAwarded } = await profilesApi.uploadPhotos(result.ready);
        await showPhotos(saved);
        // The live connection announces the points itself (a scoreUpdate toast); only without one is it said here.
        if (scoreAwarded > 0 && !useRealtimeStore.getState().connected) toast.success(`+${scoreAwarded} points for adding your first photo!`);
        setOutcome({ tone: refused.length ? 'error' : 'success', lines: [`${plural(result.ready.length, 'photo')} added.`, ...refused] });
      } catch (error) {
        setOutcome({ tone: 'error', lines: [messageOf(error, PHOTO_UPLOAD_FAILED), ...refused] });
      }
    } finally {
      setProgress(null);
    }
  }

  async function confirmDelete() {
    const photo = toDelete;
    if (!photo) return;
    setDeleting(true);
    try {
      const { photos: left } = await profilesApi.deletePhoto(photo._id);
      setToDelete(null);
      setOutcome({ tone: 'success', lines: ['Photo deleted.'] });
      headingRef.current?.focus();
      await showPhotos(left);
    } catch (error) {
      setToDelete(null);
      toast.error(messageOf(error, PHOTO_DELETE_FAILED));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section className="card stack profile-section" aria-labelledby="photos-heading">
      <h2 id="photos-heading" ref={headingRef} tabIndex={-1}>
        {PHOTOS_HEADING}
      </h2>
      <p className="muted">
        {photos.length} {PHOTOS_NOTE}
      </p>
      {photos.length > 0 && (
        <ul className="photo-grid">
          {photos.map((photo, index) => (
            <li key={photo._id} className="photo-tile">
              {/* The first tile is in the first screen (the page's largest paint): not lazy, so it is asked for at once. */}
              <img src={photo.url} alt={`Your photo ${index + 1}`} loading={index === 0 ? undefined : 'lazy'} fetchPriority={index === 0 ? 'high' : undefined} decoding="async" />
              <Button size="sm" variant="danger" className="photo-delete" onClick={() => setToDelete(photo)} aria-label={`Delete photo ${index + 1}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <label className={`btn btn-primary photo-add${progress ? ' is-busy' : ''}`}>
          <input
            type="file"
            className="visually-hidden"
            accept={PHOTO_TYPES.join(',')}
            multiple
            disabled={Boolean(progress)}
            onChange={add}
          />
          {progress && <span className="spinner spinner-sm" aria-hidden="true" />}
          Add photos
        </label>
      ) : (
        <p className="muted">You have the most photos allowed. Delete one to add another.</p>
      )}
      <div aria-live="polite" className="stack-sm">
        {progress && (
          <div className="photo-progress">
            <span>
              {progress.stage === 'preparing'
                ? `Preparing ${progress.total === 1 ? 'your photo' : `photo ${Math.min(progress.done + 1, progress.total)} of ${progress.total}`}…`
                : `Uploading ${plural(progress.count, 'photo')}…`}
            </span>
            <progress
              aria-label="Photo upload progress"
              {...(progress.stage === 'preparing' ? { value: progress.done, max: progress.total } : {})}
            />
          </div>
        )}
        {outcome && (
          <div className={`alert alert-${outcome.tone}`}>
            {outcome.lines.map((line) => (
              <p key={line} className="alert-line">
                {line}
              </p>
            ))}
          </div>
        )}
      </div>
      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} title="Delete photo">
        <p>Are you sure you want to delete this photo?</p>
        <div className="row dialog-actions">
          <Button onClick={() => setToDelete(null)} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete} busy={deleting}>
            Delete
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
