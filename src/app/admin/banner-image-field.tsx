import { Button } from '#app/platform/ui/button.tsx';
import type { ImageChoice } from './restaurant-draft.ts';

/** The banner's image: a file to choose (optional), its error, and a way to remove the one there is. */
export function BannerImageField({
  image,
  error,
  onChoose,
  onRemove,
}: {
  image: ImageChoice;
  error: string | undefined;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  return (
    <div className="field">
      <label htmlFor="restaurant-image">Banner Image</label>
      <input
        id="restaurant-image"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby="restaurant-image-hint"
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
      <span id="restaurant-image-hint" className="field-hint">
        Optional. Recommended 800x200 px, JPG or PNG, max 2 MB.
      </span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {image.kind !== 'none' && (
        <Button size="sm" onClick={onRemove}>
          Remove image
        </Button>
      )}
    </div>
  );
}
