import { useEffect, useState } from 'react';
import { BANNER_TEXT_MAX, type Restaurant } from '#shared/api/restaurants.ts';
import { BannerCard } from '#app/components/banner-card.tsx';
import { useFieldErrors } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { TextField } from '#app/platform/ui/field.tsx';
import { BannerImageField } from './banner-image-field.tsx';
import { draftOf, imageOf, previewUrlOf, type ImageChoice, type RestaurantDraft } from './restaurant-draft.ts';
import { useSaveRestaurant } from './use-save-restaurant.ts';

/** The modal form adding a restaurant, or editing one: its address, banner text, link and image, with a preview. */
export function RestaurantForm({ restaurant, onClose, onSaved }: { restaurant: Restaurant | null; onClose: () => void; onSaved: () => void }) {
  const fields = useFieldErrors();
  const [draft, setDraft] = useState<RestaurantDraft>(() => draftOf(restaurant));
  const [image, setImage] = useState<ImageChoice>(() => imageOf(restaurant));
  const { uploading, saving, submit } = useSaveRestaurant({ restaurant, draft, image, fields, onSaved });

  // A chosen file's preview lives as long as it is chosen.
  useEffect(() => {
    if (image.kind !== 'new') return;
    return () => URL.revokeObjectURL(image.previewUrl);
  }, [image]);

  const set = (key: keyof RestaurantDraft, field: string) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [key]: event.target.value }));
    fields.clearField(field);
  };

  const previewUrl = previewUrlOf(image);
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={restaurant ? 'Edit Restaurant' : 'Add Restaurant'}>
      <TextField label="Restaurant Name" required maxLength={100} value={draft.name} onChange={set('name', 'name')} error={fields.errors.name} />
      <TextField label="Street" required maxLength={200} value={draft.street} onChange={set('street', 'address.street')} error={fields.errors['address.street']} />
      <div className="admin-form-row">
        <TextField label="City" required maxLength={100} value={draft.city} onChange={set('city', 'address.city')} error={fields.errors['address.city']} />
        <TextField
          label="Province"
          required
          maxLength={50}
          placeholder="BC"
          value={draft.province}
          onChange={set('province', 'address.province')}
          error={fields.errors['address.province']}
        />
        <TextField
          label="Postal Code"
          required
          maxLength={20}
          placeholder="V6B 1A1"
          value={draft.postalCode}
          onChange={set('postalCode', 'address.postalCode')}
          error={fields.errors['address.postalCode']}
        />
      </div>
      <TextField
        label="Banner Text"
        required
        maxLength={BANNER_TEXT_MAX}
        value={draft.text}
        onChange={set('text', 'banner.text')}
        hint={`${draft.text.length}/${BANNER_TEXT_MAX}`}
        error={fields.errors['banner.text']}
      />
      <TextField
        label="Banner Link"
        required
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={2000}
        value={draft.link}
        onChange={set('link', 'banner.link')}
        error={fields.errors['banner.link']}
      />
      <BannerImageField
        image={image}
        error={fields.errors['banner.image.filename']}
        onChoose={(file) => {
          if (file) setImage({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
          fields.clearField('banner.image.filename');
        }}
        onRemove={() => setImage({ kind: 'none' })}
      />
      <div className="stack-sm">
        <h3>Banner Preview</h3>
        <BannerCard banner={{ name: draft.name || 'Your restaurant', text: draft.text, link: draft.link || '#', imageUrl: previewUrl }} />
      </div>
      <div className="row dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={uploading} busy={uploading || saving}>
          {uploading ? 'Uploading...' : restaurant ? 'Update Restaurant' : 'Create Restaurant'}
        </Button>
      </div>
    </form>
  );
}
