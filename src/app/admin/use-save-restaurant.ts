import { useState, type FormEvent } from 'react';
import { RestaurantBodySchema, type Restaurant } from '#shared/api/restaurants.ts';
import type { useFieldErrors } from '#app/platform/forms.ts';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminApi } from './admin.api.ts';
import { restaurantBodyOf, type ImageChoice, type RestaurantDraft } from './restaurant-draft.ts';

/**
 * Saving the restaurant form: the draft checked with the shared schema, a new image uploaded first
 * (a failed upload aborts the save), then the restaurant created or updated; the server's field
 * errors show on the fields.
 */
export function useSaveRestaurant({
  restaurant,
  draft,
  image,
  fields,
  onSaved,
}: {
  restaurant: Restaurant | null;
  draft: RestaurantDraft;
  image: ImageChoice;
  fields: ReturnType<typeof useFieldErrors>;
  onSaved: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const kept = image.kind === 'keep' ? { url: image.url, filename: image.filename } : null;
    if (!fields.validate(RestaurantBodySchema, restaurantBodyOf(draft, kept))) return;
    let picture = kept;
    if (image.kind === 'new') {
      setUploading(true);
      try {
        picture = await adminApi.uploadBanner(image.file);
      } catch {
        // A failed upload aborts the save (account-and-admin §4).
        toast.error(ADMIN_TEXTS.uploadImage);
        return;
      } finally {
        setUploading(false);
      }
    }
    const body = RestaurantBodySchema.parse(restaurantBodyOf(draft, picture));
    setSaving(true);
    try {
      const saved = restaurant ? await adminApi.updateRestaurant(restaurant._id, body) : await adminApi.createRestaurant(body);
      toast.success(restaurant ? ADMIN_TEXTS.restaurantUpdated(saved.name) : ADMIN_TEXTS.restaurantCreated(saved.name));
      onSaved();
    } catch (error) {
      fields.fromServer(error);
      toast.error(ADMIN_TEXTS.saveRestaurant);
    } finally {
      setSaving(false);
    }
  }

  return { uploading, saving, submit };
}
