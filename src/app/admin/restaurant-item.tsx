import { isShownActive, type Restaurant } from '#shared/api/restaurants.ts';
import { BannerCard } from '#app/components/banner-card.tsx';
import { Button } from '#app/platform/ui/button.tsx';

const addressLine = (restaurant: Pick<Restaurant, 'address'>) => {
  const { street, city, province, postalCode } = restaurant.address;
  return [street, city, [province, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
};

/** One restaurant of the list: its status, address, banner as members see it, link, counts and actions. */
export function RestaurantItem({
  restaurant,
  toggling,
  onEdit,
  onToggle,
  onDelete,
}: {
  restaurant: Restaurant;
  /** Its activation is being switched. */
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const active = isShownActive(restaurant);
  return (
    <li className="admin-restaurant stack-sm" aria-label={restaurant.name}>
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
        <Button size="sm" onClick={onEdit} aria-label={`Edit ${restaurant.name}`}>
          Edit
        </Button>
        <Button size="sm" busy={toggling} onClick={onToggle} aria-label={`${active ? 'Deactivate' : 'Activate'} ${restaurant.name}`}>
          {active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${restaurant.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
