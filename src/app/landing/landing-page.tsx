import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TAGLINES, TAGLINE_VARIANTS } from '#shared/domain/ab-test.ts';
import { ActivityTicker } from './activity-ticker.tsx';
import { record, recordViewAfterLoad } from './tagline.ts';
import './landing.css';

const TESTIMONIALS = [
  { quote: 'I post two coffee slots a week and only meet people who actually show up.', who: 'Jess, 29, Vancouver' },
  { quote: 'No endless chatting. I saw when she was free, booked lunch, and we met on Thursday.', who: 'Daniel, 33, Toronto' },
  { quote: 'We joined as a couple and found friends for Sunday brunch within a week.', who: 'Maya & Sam, Montréal' },
] as const;

/**
 * Written out rather than imported: the score module's other rules are member code, and importing it
 * put all of it into the visitor's first download (the table: shared/domain/score.ts ROYAL_TITLES;
 * landing-page.test.ts holds the two together).
 */
export const LANDING_TIERS = [
  { title: 'Lady', score: 'Starting' },
  { title: 'Duchess', score: '700+' },
  { title: 'Princess', score: '750+' },
  { title: 'Empress', score: '800+' },
  { title: 'Queen', score: '825+' },
] as const;

/** Written out (a test ties them to the ledger's POINTS and SCORE_START), so the page loads no member code. */
export const LANDING_POINTS = [
  { points: '+25', label: 'Complete a date' },
  { points: '+10', label: 'Receive a five-star review' },
  { points: '−100', label: 'No-show' },
] as const;

export const LANDING_START = 650;

export function LandingPage() {
  useEffect(() => recordViewAfterLoad(), []);
  return (
    <>
      <main id="main">
        <section className="hero">
          <div className="page hero-inner">
            <p className="beta-tag">Free · in beta</p>
            {/* Every tagline is in the page; CSS shows the visitor's from the head script's mark, so the
                prerendered page paints it at once and hydrates unchanged (landing.css). */}
            <h1>
              {TAGLINE_VARIANTS.map((variant) => (
                <span key={variant} className="tagline" data-variant={variant}>
                  {TAGLINES[variant]}
                </span>
              ))}
            </h1>
            <p className="hero-lead">
              Members publish when they are free for coffee, lunch, dinner, drinks or an activity. You pick a slot, send a
              request, and meet — no endless chatting.
            </p>
            <div className="row">
              <Link to="/register" className="btn btn-primary" onClick={() => record('click')}>
                Get started free
              </Link>
              <Link to="/browse" className="btn">
                Browse dates
              </Link>
            </div>
            <ActivityTicker />
          </div>
        </section>

        <section className="page landing-section" aria-labelledby="for-whom">
          <h2 id="for-whom">Made for both sides of the table</h2>
          <div className="grid">
            <article className="card">
              <h3>For women</h3>
              <p>Mark the times you are free and let the right people book them. Free, always.</p>
              <p>Earn a royal title as your reliability grows — from Lady to Queen.</p>
            </article>
            <article className="card">
              <h3>For men</h3>
              <p>See real availability, request a slot, and host the date: the person who books pays for it.</p>
              <p>Show your status with an optional car-team badge. It gives no extra access.</p>
            </article>
            <article className="card">
              <h3>For couples</h3>
              <p>Join together, list your shared free time, and meet other couples or individuals.</p>
            </article>
          </div>
        </section>

        <section className="page landing-section" aria-labelledby="tiers">
          <h2 id="tiers">Royal tiers</h2>
          <p className="muted">Free and automatic for every woman, from her reliability score (300–850).</p>
          <table className="tier-table">
            <caption className="visually-hidden">Royal tiers by reliability score</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Score</th>
              </tr>
            </thead>
            <tbody>
              {LANDING_TIERS.map((tier) => (
                <tr key={tier.title}>
                  <th scope="row">{tier.title}</th>
                  <td>{tier.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className="page landing-section" aria-labelledby="points">
          <h2 id="points">Reliability points</h2>
          <p className="muted">{`Everyone starts at ${LANDING_START}. Showing up raises your score; flaking lowers it.`}</p>
          <ul className="points-list">
            {LANDING_POINTS.map((item) => (
              <li key={item.label} className="card">
                <strong className="points-value">{item.points}</strong>
                <span>{item.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="page landing-section" aria-labelledby="voices">
          <h2 id="voices">What members say</h2>
          <p className="muted">Sample stories from our beta.</p>
          <div className="grid">
            {TESTIMONIALS.map((item) => (
              <figure key={item.who} className="card testimonial">
                <blockquote>“{item.quote}”</blockquote>
                <figcaption className="muted">{item.who}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      </main>
      <footer className="site-footer">
        <div className="page row">
          <span>© 2026 Rendezvous</span>
          <nav aria-label="Footer" className="row">
            <Link to="/about">How It Works</Link>
            <Link to="/careers">Careers</Link>
            <Link to="/terms">Terms</Link>
            <Link to="/privacy">Privacy</Link>
          </nav>
        </div>
      </footer>
    </>
  );
}
