import { Link } from '@tanstack/react-router';
import { buttonClass } from '#app/platform/ui/button.tsx';
import './support.css';

const REQUIREMENTS = [
  'Good judgement and calm under pressure: you will read reports about real dates and real people.',
  'Excellent written English; French is a plus.',
  'Familiar with Rendezvous as a member, so you know how bookings, reviews and scores work.',
  'Discretion: what you read in the moderation queue stays there.',
  'A reliable internet connection and a quiet place to work.',
  '18 or older and able to work in Canada.',
];

/** /careers (account-and-admin §2): the one open job. */
export function CareersPage() {
  return (
    <main id="main" className="page stack">
      <div>
        <h1>Careers at Rendezvous</h1>
        <p className="muted">Help us keep dating safe, kind and real.</p>
      </div>
      <article className="card stack" aria-labelledby="job-moderator">
        <div>
          <h2 id="job-moderator">Content Moderator</h2>
          <p className="row">
            <span className="badge">Part-time or full-time</span>
            <span className="badge">Remote</span>
          </p>
        </div>
        <p>
          You review reported profiles, photos and messages, answer safety reports, and make the calls that keep Rendezvous a place people trust. You work with a small team and help shape
          the rules as the community grows.
        </p>
        <h3>What we ask</h3>
        <ul>
          {REQUIREMENTS.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
        <Link to="/careers/apply" className={buttonClass({ variant: 'primary' })}>
          Apply Now
        </Link>
      </article>
    </main>
  );
}
