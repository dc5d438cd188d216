import { Link } from '@tanstack/react-router';
import { CANCEL_CUTOFF_HOURS } from '#shared/domain/booking.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { ReadingPage, Section } from './legal-page.tsx';

export const TERMS_UPDATED = 'September 4, 2025';

/** /terms: the Terms of Service, 14 sections (account-and-admin §2). */
export function TermsPage() {
  return (
    <ReadingPage title="Terms of Service" lead={`Last updated: ${TERMS_UPDATED}`}>
      <Section n={1} title="Agreeing to these terms">
        <p>
          These terms are an agreement between you and Rendezvous about your use of the Rendezvous app and website. By creating an account or using the service you accept them. If you do not
          agree, please do not use Rendezvous.
        </p>
      </Section>
      <Section n={2} title="Who may use Rendezvous">
        <p>
          You must be at least 18 years old and legally able to enter into this agreement. You may hold one account, as an individual or as a couple. You may not use Rendezvous if we have
          previously banned you.
        </p>
      </Section>
      <Section n={3} title="Your account">
        <p>
          Give true information about yourself and keep it current. Keep your password private: you are responsible for what happens under your account. Your e-mail address must be verified
          before you can book dates. Changing your account type between individual and couple is done by our support team on request.
        </p>
      </Section>
      <Section n={4} title="How the service works">
        <p>
          Members publish times when they are free for a short in-person date, and other members request to book those times. A date is arranged only when the host accepts a request.
          Rendezvous introduces members; it does not organise, supervise or attend the dates themselves.
        </p>
      </Section>
      <Section n={5} title="Bookings, cancellations and who pays">
        <p>
          The member who books a date is its initiator and pays the date's expenses, such as food, drinks or tickets. Cancel as early as you can: a date cannot be cancelled in the last {CANCEL_CUTOFF_HOURS} hours
          before it starts, and late cancellations and missed dates lower your reliability score.
        </p>
      </Section>
      <Section n={6} title="The reliability score">
        <p>
          Each member has a reliability score between {SCORE_MIN} and {SCORE_MAX}, starting at {SCORE_START}, calculated from their record on Rendezvous: completed dates, punctuality, reviews, cancellations and missed
          dates. Scores and the titles derived from them are shown to other members. We may correct a score that was affected by an error or by abuse.
        </p>
      </Section>
      <Section n={7} title="Memberships and payments">
        <p>
          Women use Rendezvous free of charge. Other members may buy an optional monthly car-team membership; it is a status badge only and gives no extra access. Prices are shown in Canadian
          dollars before 13% HST. A membership renews monthly until you cancel it; cancelling returns you to the free Honda Team. Payments already made are not
          refunded except where the law requires it.
        </p>
      </Section>
      <Section n={8} title="Conduct">
        <p>
          Treat other members with respect, online and in person. Do not harass, threaten, deceive or discriminate against anyone; do not use Rendezvous for commercial solicitation, sex work,
          or to send spam; do not impersonate anyone or post someone else's photos. Inappropriate behaviour lowers your score and may end your account.
        </p>
      </Section>
      <Section n={9} title="Your content">
        <p>
          You keep ownership of the photos and text you post. You give Rendezvous a licence to store, display and adapt them (for example, resize a photo) only to run the service. You must have
          the right to post what you post, and it must not be unlawful, sexually explicit or hateful.
        </p>
      </Section>
      <Section n={10} title="Safety">
        <p>
          Meet in public places, tell someone you trust where you are going, and leave if you feel unsafe. We do not run criminal background checks on members. Report anyone who breaks these
          terms through <Link to="/contact">Contact Us</Link>.
        </p>
      </Section>
      <Section n={11} title="Suspension and termination">
        <p>
          You may close your account at any time. We may suspend or close an account that breaks these terms or puts other members at risk, with or without notice where safety requires it.
          Sections that by their nature should survive the end of this agreement do so.
        </p>
      </Section>
      <Section n={12} title="Disclaimers and limitation of liability">
        <p>
          Rendezvous is provided as it is. We do not promise that any date will take place or go well, and we are not responsible for the conduct of members on or off the service. To the extent
          the law allows, our total liability to you is limited to the amount you paid us in the twelve months before the claim.
        </p>
      </Section>
      <Section n={13} title="Changes to these terms">
        <p>
          We may update these terms. When a change is significant we will tell you in the app or by e-mail before it takes effect, and the date at the top of this page will change. Continuing to
          use Rendezvous after that means you accept the new terms.
        </p>
      </Section>
      <Section n={14} title="Governing law and contact">
        <p>
          These terms are governed by the laws of the Province of British Columbia and the federal laws of Canada that apply there, and disputes are heard by the courts of British Columbia.
          Questions about these terms are welcome through <Link to="/contact">Contact Us</Link>. See also our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </Section>
    </ReadingPage>
  );
}
