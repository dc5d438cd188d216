import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isShownActive, type Restaurant } from '#shared/api/restaurants.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminApi, adminKeys, adminQueries } from './admin.api.ts';
import { RestaurantForm } from './restaurant-form.tsx';
import { RestaurantItem } from './restaurant-item.tsx';

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
          {restaurants.data.map((restaurant) => (
            <RestaurantItem
              key={restaurant._id}
              restaurant={restaurant}
              toggling={toggle.isPending && toggle.variables?._id === restaurant._id}
              onEdit={() => setEditing({ mode: 'edit', restaurant })}
              onToggle={() => toggle.mutate(restaurant)}
              onDelete={() => setDeleting(restaurant)}
            />
          ))}
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
