import type { ReactNode } from 'react';
import './banners.css';

export type BannerLook = { name: string; text: string; link: string; imageUrl?: string | null; address?: string };

/**
 * A restaurant's advertisement: image, name, text and its link, which opens in a new tab and
 * tells the restaurant nothing about the page it came from.
 */
export function BannerCard({ banner, onFollow, children }: { banner: BannerLook; onFollow?: () => void; children?: ReactNode }) {
  return (
    <article className="banner-card" aria-label={`Sponsored: ${banner.name}`}>
      {banner.imageUrl && <img className="banner-image" src={banner.imageUrl} alt="" width={800} height={200} loading="lazy" />}
      <div className="banner-body">
        <span className="banner-tag">Sponsored</span>
        <strong className="banner-name">{banner.name}</strong>
        {banner.address && <span className="banner-address">{banner.address}</span>}
        <p className="banner-text">{banner.text || ' '}</p>
        <div className="banner-actions">
          <a className="banner-link" href={banner.link} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
            Visit {banner.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {children}
        </div>
      </div>
    </article>
  );
}
