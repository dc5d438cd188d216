import { Link } from '@tanstack/react-router';
import { SCORE_MAX, SCORE_MIN, type RoyalTierId } from '#shared/domain/score.ts';
import { ROYAL_TIERS, royalTier } from './royal-tiers.ts';
import { TierDetails } from './tier-explanation.tsx';
import './score.css';

/** /royal-tiers (account-and-admin §2): the five tiers, the selected one's details, and how the tiers work. */
export function RoyalTiersPage({ selected }: { selected?: RoyalTierId }) {
  const tier = selected ? royalTier(selected) : undefined;
  return (
    <main id="main" className="page">
      <h1>Royal tiers</h1>
      <div className="royal-tiers-layout">
        <nav aria-label="Royal tiers">
          <ul className="tier-list">
            {ROYAL_TIERS.map((item) => (
              <li key={item.id}>
                <Link to="/royal-tiers" search={{ tier: item.id }} className="tier-link" aria-current={item.id === selected ? 'page' : undefined}>
                  <span className="tier-link-icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  <span>
                    <strong>{item.title}</strong>
                    <br />
                    <span className="muted">{item.scoreRange}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="stack">
          {tier ? (
            <section className="card" aria-label={`${tier.title} tier`}>
              <TierDetails tier={tier} />
            </section>
          ) : (
            <p className="card muted">Choose a tier to see what it means.</p>
          )}
          <section className="alert alert-info stack-sm" aria-labelledby="how-tiers-work">
            <h2 id="how-tiers-work">How Royal Tiers Work</h2>
            <ul>
              <li>Royal tiers are free and automatic for all women.</li>
              <li>{`Your tier comes from your reliability score (${SCORE_MIN}-${SCORE_MAX}).`}</li>
              <li>It is built over time: each date you keep, on time and well reviewed, moves you up.</li>
              <li>Everyone starts as a Lady, and there are no negative tiers.</li>
            </ul>
          </section>
        </div>
      </div>
    </main>
  );
}
