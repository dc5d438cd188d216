import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { BANNER_TEXT_MAX, RestaurantBodySchema, isShownActive, type Restaurant, type RestaurantInput } from '#shared/api/restaurants.ts';
import { BannerCard } from '#app/banners/banner-card.tsx';
import { useFieldErrors } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { TextField } from '#app/platform/ui/field.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminApi, adminKeys, adminQueries } from './admin.api.ts';

const addressLine = (restaurant: Pick<Restaurant, 'address'>) => {
  const { street, city, province, postalCode } = restaurant.address;
  return [street, city, [province, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

type Editing = { mode: 'create' } | { mode: 'edit'; restaurant: Restaurant } | null;

/** The Restaurants tab ('Restaurant Banners', account-and-admin §2): the list, the modal form, toggle and delete. */
export function RestaurantsTab() {
  const queryClient = useQueryClient();
  const restaurants = useQuery(adminQueries.restaurants());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Restaurant | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.restaurants() });

  useEffect(() => {
    if (restaurants.isError) toast.error(ADMIN_TEXTS.loadRestaurants);
  }, [restaurants.isError]);

  const toggle = useMutation({
    mutationFn: (restaurant: Restaurant) => adminApi.toggleRestaurant(restaurant._id),
    onSuccess: (updated) => {
      toast.success(isShownActive(updated) ? ADMIN_TEXTS.restaurantActivated(updated.name) : ADMIN_TEXTS.restaurantDeactivated(updated.name));
      void refresh();
    },
    onError: () => toast.error(ADMIN_TEXTS.toggleRestaurant),
  });
  const remove = useMutation({
    mutationFn: (restaurant: Restaurant) => adminApi.deleteRestaurant(restaurant._id),
    onSuccess: (_answer, restaurant) => {
      toast.success(ADMIN_TEXTS.restaurantDeleted(restaurant.name));
      setDeleting(null);
      void refresh();
    },
    onError: () => toast.error(ADMIN_TEXTS.deleteRestaurant),
  });

  return (
    <section className="card stack" aria-labelledby="admin-restaurants-title">
      <div className="admin-users-head">
        <h2 id="admin-restaurants-title">Restaurant Banners</h2>
        <Button variant="primary" onClick={() => setEditing({ mode: 'create' })}>
          Add Restaurant
        </Button>
      </div>
      {restaurants.isError && !restaurants.data ? (
        <LoadFailed title={ADMIN_TEXTS.loadRestaurants} error={restaurants.error} onRetry={() => void restaurants.refetch()} />
      ) : !restaurants.data ? (
        <Spinner label="Loading restaurants" />
      ) : restaurants.data.length === 0 ? (
        <p className="admin-empty">No restaurants added yet.</p>
      ) : (
        <ul className="admin-restaurants" aria-label="Restaurants">
          {restaurants.data.map((restaurant) => {
            const active = isShownActive(restaurant);
            return (
              <li key={restaurant._id} className="admin-restaurant stack-sm" aria-label={restaurant.name}>
                <div className="row admin-restaurant-head">
                  <strong className="admin-user-name">{restaurant.name}</strong>
                  <span className={`admin-status ${active ? 'admin-status-active' : 'admin-status-banned'}`}>{active ? 'Active' : 'Inactive'}</span>
                </div>
                <span className="admin-muted">{addressLine(restaurant)}</span>
                <BannerCard banner={{ name: restaurant.name, text: restaurant.banner.text, link: restaurant.banner.link, imageUrl: restaurant.banner.image?.url }} />
                <span className="admin-muted admin-link">
                  Link:{' '}
                  <a href={restaurant.banner.link} target="_blank" rel="noopener noreferrer">
                    {restaurant.banner.link}
                  </a>
                </span>
                <span className="admin-muted">
                  Views: {restaurant.stats.views} · Clicks: {restaurant.stats.clicks}
                </span>
                <div className="admin-actions">
                  <Button size="sm" onClick={() => setEditing({ mode: 'edit', restaurant })} aria-label={`Edit ${restaurant.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    busy={toggle.isPending && toggle.variables?._id === restaurant._id}
                    onClick={() => toggle.mutate(restaurant)}
                    aria-label={`${active ? 'Deactivate' : 'Activate'} ${restaurant.name}`}
                  >
                    {active ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(restaurant)} aria-label={`Delete ${restaurant.name}`}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'edit' ? 'Edit Restaurant' : 'Add Restaurant'}>
        {editing && (
          <RestaurantForm
            key={editing.mode === 'edit' ? editing.restaurant._id : 'new'}
            restaurant={editing.mode === 'edit' ? editing.restaurant : null}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Dialog>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete restaurant">
        {deleting && (
          <div className="stack">
            <p>Are you sure you want to delete {deleting.name}? This action cannot be undone.</p>
            <div className="row dialog-actions">
              <Button onClick={() => setDeleting(null)}>Cancel</Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(deleting)}>
                Delete
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}

/** The image: kept as it is, removed, or replaced by a new file (uploaded first when saving). */
type ImageChoice = { kind: 'keep'; url: string; filename: string } | { kind: 'none' } | { kind: 'new'; file: File; previewUrl: string };

type Draft = { name: string; street: string; city: string; province: string; postalCode: string; text: string; link: string };

function RestaurantForm({ restaurant, onClose, onSaved }: { restaurant: Restaurant | null; onClose: () => void; onSaved: () => void }) {
  const fields = useFieldErrors();
  const [draft, setDraft] = useState<Draft>(() => ({
    name: restaurant?.name ?? '',
    street: restaurant?.address.street ?? '',
    city: restaurant?.address.city ?? '',
    province: restaurant?.address.province ?? '',
    postalCode: restaurant?.address.postalCode ?? '',
    text: restaurant?.banner.text ?? '',
    link: restaurant?.banner.link ?? '',
  }));
  const [image, setImage] = useState<ImageChoice>(() => (restaurant?.banner.image ? { kind: 'keep', ...restaurant.banner.image } : { kind: 'none' }));
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  // A chosen file's preview lives as long as it is chosen.
  useEffect(() => {
    if (image.kind !== 'new') return;
    return () => URL.revokeObjectURL(image.previewUrl);
  }, [image]);

  const set = (key: keyof Draft, field: string) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [key]: event.target.value }));
    fields.clearField(field);
  };

  const bodyWith = (picture: RestaurantInput['banner']['image']) => ({
    name: draft.name,
    address: { street: draft.street, city: draft.city, province: draft.province, postalCode: draft.postalCode },
    banner: { text: draft.text, link: draft.link.trim(), image: picture },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const kept = image.kind === 'keep' ? { url: image.url, filename: image.filename } : null;
    if (!fields.validate(RestaurantBodySchema, bodyWith(kept))) return;
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
    const body = RestaurantBodySchema.parse(bodyWith(picture));
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

  const previewUrl = image.kind === 'keep' ? image.url : image.kind === 'new' ? image.previewUrl : null;
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
      <div className="field">
        <label htmlFor="restaurant-image">Banner Image</label>
        <input
          id="restaurant-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="restaurant-image-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) setImage({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
            fields.clearField('banner.image.filename');
          }}
        />
        <span id="restaurant-image-hint" className="field-hint">
          Optional. Recommended 800x200 px, JPG or PNG, max 2 MB.
        </span>
        {fields.errors['banner.image.filename'] && (
          <span className="field-error" role="alert">
            {fields.errors['banner.image.filename']}
          </span>
        )}
        {image.kind !== 'none' && (
          <Button size="sm" onClick={() => setImage({ kind: 'none' })}>
            Remove image
          </Button>
        )}
      </div>
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
