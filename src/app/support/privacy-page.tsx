import { Link } from '@tanstack/react-router';
import { ReadingPage, Section } from './legal-page.tsx';

/** /privacy: the Privacy Policy, 12 sections, with the retention periods of account-and-admin §2. */
export function PrivacyPage() {
  return (
    <ReadingPage title="Privacy Policy" lead="What Rendezvous collects about you, why, who sees it, and how long we keep it.">
      <Section n={1} title="Who we are">
        <p>
          Rendezvous is an app for arranging short in-person dates. This policy explains how we handle personal information of members and visitors, in line with Canadian privacy law
          (PIPEDA and British Columbia's PIPA).
        </p>
      </Section>
      <Section n={2} title="What we collect">
        <ul>
          <li>Account details: e-mail address, password (stored only as a secure hash), name, age, gender, account type and, for couples, your partner's details.</li>
          <li>Profile details: photos, bio, interests, home city and dating preferences.</li>
          <li>Activity: the times you publish, bookings, reviews, likes, nudges, messages and the score entries they produce.</li>
          <li>Verification: whether your e-mail address and device biometrics were verified. Your fingerprint or face never leaves your device; we only receive a confirmation.</li>
          <li>Payments: membership tier and billing details needed for the payment; card numbers are handled by the payment provider.</li>
          <li>Messages you send to support, feedback and job applications.</li>
        </ul>
      </Section>
      <Section n={3} title="How we use it">
        <p>
          To run the service (show your profile, arrange and remind you of dates), to calculate your reliability score, to keep members safe and investigate reports, to answer you, and to
          improve Rendezvous. We do not sell your personal information and we do not use it for third-party advertising.
        </p>
      </Section>
      <Section n={4} title="What other members see">
        <p>
          Other members see your name, age, photos, bio, interests, city, score, title or team, and verification badges. They never see your e-mail address, your exact position or your
          payment details. Photos are stripped of their embedded data, including location, when you upload them.
        </p>
      </Section>
      <Section n={5} title="Location">
        <p>
          If you allow it, your device's position is used once to find your city, on our own servers; no outside mapping service learns where you are. We keep your city and an approximate
          position (to about one kilometre) to measure distances for browsing.
        </p>
      </Section>
      <Section n={6} title="Sharing with service providers">
        <p>
          We share information only with providers who help us run Rendezvous — hosting, e-mail delivery and payment processing — under contracts that limit its use to that work, and when the
          law requires it.
        </p>
      </Section>
      <Section n={7} title="How long we keep it">
        <ul>
          <li>Verification records: 7 years or more, as identity and fraud rules require.</li>
          <li>Communication logs (messages, booking requests and support correspondence): 3 to 5 years, to handle disputes and safety reports.</li>
          <li>When you delete your account, most of your data is removed within 30 days; what the law or an open safety investigation requires us to keep is held only for that purpose.</li>
        </ul>
      </Section>
      <Section n={8} title="Security">
        <p>
          Connections are encrypted, passwords are hashed, sessions can be ended from any device by changing your password, and access to personal information is limited to staff who need it.
          No system is perfectly secure; we will tell you and the authorities promptly about a breach that puts you at risk.
        </p>
      </Section>
      <Section n={9} title="Your rights and choices">
        <p>
          You can see and correct most of your information on your profile, choose which e-mails and notifications you receive, and ask us for a copy of your information or for its deletion
          through <Link to="/contact">Contact Us</Link>. We answer within 30 days.
        </p>
      </Section>
      <Section n={10} title="Cookies and storage on your device">
        <p>
          We use your device's storage to keep you signed in and to let the app work offline (your session and a copy of the screens you opened). We use no advertising or tracking cookies.
          Signing out clears the copy kept for your account. The home page keeps a random number on your device so it shows you the same
          of its four headlines on every visit; we count how often each headline is seen and how often its sign-up button is pressed,
          and that number is all we keep: nothing about you, and it is not linked to your account.
        </p>
      </Section>
      <Section n={11} title="Age">
        <p>Rendezvous is only for adults. We do not knowingly collect information about anyone under 18 and close any account we learn belongs to a minor.</p>
      </Section>
      <Section n={12} title="Changes and contact">
        <p>
          We will post any change to this policy here and tell you in the app about significant ones. Questions or requests about your privacy: write to us through{' '}
          <Link to="/contact">Contact Us</Link>. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      </Section>
    </ReadingPage>
  );
}
