import { Link } from '@tanstack/react-router';
import { CANCEL_CUTOFF_NOTE } from '#shared/domain/score-guide.ts';
import { GRADES, ROYAL_LINE, SCORE_MAX, SCORE_MIN, SCORE_START, gradeDescription, gradeName, gradeRange } from '#shared/domain/score.ts';
import { PointGuideTable } from '#app/components/point-guide-table.tsx';
import { ReadingPage } from './legal-page.tsx';

const STEPS = [
  { title: 'Set your availability', text: 'Publish the times you are free for a short date — coffee, lunch, dinner, drinks or an activity — with the place you have in mind.' },
  { title: 'Browse and book', text: 'Find people near you, see when they are free, and book one of their times with a short message. They accept or decline.' },
  { title: 'Meet and connect', text: 'Meet in person at the time you agreed. Afterwards, both of you leave a review, and showing up builds your reliability score.' },
];


const BANDS = GRADES.map((grade) => {
  const { min, max } = gradeRange(grade);
  return { range: `${min}–${max}`, grade: gradeName(grade), text: gradeDescription(grade, 'toAnyone') };
});

/** /about, "How It Works" (account-and-admin §2). */
export function AboutPage() {
  return (
    <ReadingPage title="How It Works" lead="Rendezvous is for people who would rather meet than message: share when you are free, and let someone book you for a real date.">
      <section aria-labelledby="about-steps">
        <h2 id="about-steps">Three steps to a date</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-score">
        <h2 id="about-score">The reliability score</h2>
        <p>{`Every member has a score from ${SCORE_MIN} to ${SCORE_MAX} that shows how dependable they are. Everyone starts at ${SCORE_START}.`}</p>
        <ul>
          {BANDS.map((band) => (
            <li key={band.grade}>
              <strong>
                {band.range} {band.grade}:
              </strong>{' '}
              {band.text}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-pays">
        <h2 id="about-pays">Whoever asks, pays</h2>
        <p>The member who books the date is the one who invited, so they pay for it: the coffee, the meal, the tickets. Everyone knows where they stand before they meet.</p>
      </section>

      <section aria-labelledby="about-accounts">
        <h2 id="about-accounts">Individuals and couples</h2>
        <p>
          You can join on your own or as a couple. A couple account shows both partners' names and books dates together. Switching between the two needs our help: <Link to="/contact">contact us</Link>.
          Every member must be 18 or older.
        </p>
      </section>

      <section aria-labelledby="about-tiers">
        <h2 id="about-tiers">Status tiers</h2>
        <p>
          <strong>Royal titles for women, free and automatic.</strong> Women use Rendezvous free of charge and receive a title from their score: {ROYAL_LINE}. Everyone begins as a Lady; there are no negative titles.
        </p>
        <p>
          <strong>Car-team memberships for men, optional.</strong> Men may choose a monthly membership named after a car, from the free Honda Team to the Rolls-Royce Team. It is a status badge only: it
          buys no extra access and no advantage in booking.
        </p>
      </section>

      <section aria-labelledby="about-actions">
        <h2 id="about-actions">What moves your score</h2>
        <PointGuideTable caption="Score effect of each action" />
        <p className="muted">{`${CANCEL_CUTOFF_NOTE} Recent actions weigh more than old ones.`}</p>
      </section>

      <section aria-labelledby="about-safety">
        <h2 id="about-safety">Safety and privacy</h2>
        <ul>
          <li>Meet in public places for a first date, and tell a friend where you are going.</li>
          <li>Members can verify themselves with their device's fingerprint or face recognition; look for the verified badge.</li>
          <li>Your exact location and e-mail address are never shown to other members; photos lose their location data when you upload them.</li>
          <li>
            Report anyone who makes you feel unsafe through <Link to="/contact">Contact Us</Link>: safety reports are read first. Read our <Link to="/privacy">Privacy Policy</Link> and{' '}
            <Link to="/terms">Terms of Service</Link>.
          </li>
        </ul>
      </section>
    </ReadingPage>
  );
}
