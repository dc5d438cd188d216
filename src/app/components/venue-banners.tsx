import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Banner } from '#shared/api/restaurants.ts';
import { bannerQueries, bannersApi } from '#app/banners/banners.api.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { BannerCard } from './banner-card.tsx';

export type PickedVenue = { name: string; address: string };

export const venueAddress = (banner: Pick<Banner, 'address'>) => [banner.address.street, banner.address.city].filter(Boolean).join(', ');

/**
 * Restaurants suggested as the venue (GET /api/banners): each advertisement is counted as seen
 * once per showing and as followed on a click, without waiting for either. Nothing shows while
 * loading, on failure, or when no restaurant advertises.
 */
export function VenueBanners({ onPick }: { onPick?: (venue: PickedVenue) => void }) {
  const banners = useQuery(bannerQueries.list());
  const counted = useRef(new Set<string>());
  const list = banners.data ?? [];

  useEffect(() => {
    for (const banner of list) {
      if (counted.current.has(banner._id)) continue;
      counted.current.add(banner._id);
      bannersApi.count(banner._id, 'view');
    }
  }, [list]);

  if (list.length === 0) return null;
  return (
    <section className="venue-banners" aria-labelledby="venue-banners-title">
      <h2 id="venue-banners-title">
        Restaurant suggestions
      </h2>
      <ul className="venue-banners-list">
        {list.map((banner) => (
          <li key={banner._id}>
            <BannerCard
              banner={{ name: banner.name, text: banner.text, link: banner.link, imageUrl: banner.image?.url, address: venueAddress(banner) }}
              onFollow={() => bannersApi.count(banner._id, 'click')}
            >
              {onPick && (
                <Button size="sm" onClick={() => onPick({ name: banner.name, address: venueAddress(banner) })} aria-label={`Pick ${banner.name} for this date`}>
                  Use this venue
                </Button>
              )}
            </BannerCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
