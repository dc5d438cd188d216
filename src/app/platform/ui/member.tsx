import type { ReactNode } from 'react';
import { scoreBand } from '#shared/domain/score.ts';
import './member.css';

/** Parts that show a member the same way on browse, member pages and likes. */

export function initialsOf(name: string): string {
  return name
    .split(/[\s&]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The first photo, or the initials on a tinted disc. Decorative: the name is always beside it. */
export function Avatar({ name, photoUrl, size = 'md' }: { name: string; photoUrl?: string; size?: 'md' | 'lg' }) {
  return photoUrl ? (
    <img className={`avatar-img avatar-${size}`} src={photoUrl} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className={`avatar-initials avatar-${size}`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/** The reliability score in its colour band (750+ green, 650+ blue, 550+ yellow, below red). */
export function ScoreBadge({ score }: { score: number }) {
  return (
    <span className={`score-badge score-${scoreBand(score)}`}>
      <span className="visually-hidden">Reliability score </span>
      {score}
    </span>
  );
}

function Svg({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {label && <title>{label}</title>}
      {children}
    </svg>
  );
}

export const FingerprintIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M12 11v3a8 8 0 0 1-1 4M8 11a4 4 0 0 1 8 0v1M5 19a12 12 0 0 0 1-5v-3a6 6 0 0 1 10-4.5M19 12v2c0 1.7-.2 3.3-.6 4.8" />
  </Svg>
);

export const ShieldIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Svg>
);

export const CameraIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Svg>
);

export const CoupleIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <circle cx="8" cy="8" r="3" />
    <circle cx="16" cy="8" r="3" />
    <path d="M2 20a6 6 0 0 1 12 0M10 20a6 6 0 0 1 12 0" />
  </Svg>
);

export const PersonIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);

export const PinIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Svg>
);

export const CrownIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />
  </Svg>
);

export const CarIcon = ({ label }: { label?: string }) => (
  <Svg label={label}>
    <path d="M5 16V12l2-5h10l2 5v4M3 16h18v3H3z" />
    <circle cx="7.5" cy="16" r="1.5" />
    <circle cx="16.5" cy="16" r="1.5" />
  </Svg>
);
