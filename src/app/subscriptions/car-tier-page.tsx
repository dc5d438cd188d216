import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CAR_TIERS, carTierOf, type CarTierId } from '#shared/domain/car-tiers.ts';
import { chargeFor, formatCents } from '#shared/domain/payment.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { CarIcon } from '#app/platform/ui/member.tsx';
import './subscriptions.css';

export const priceLabel = (monthlyPrice: number) => (monthlyPrice === 0 ? 'Free' : `${formatCents(chargeFor(monthlyPrice).subtotalCents)}/month`);

/** Back to the previous page; opened directly (no page before it), to the profile. */
function BackButton() {
  const router = useRouter();
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? router.history.back() : void navigate({ to: '/profile' }));
  return (
    <Button variant="ghost" onClick={back}>
      ← Back
    </Button>
  );
}

/** What women see instead of a purchase (account-and-admin §2, §6): the teams explained, and browsing. */
function PartnerPsychologyGuide() {
  return (
    <main id="main" className="page stack membership-page">
      <div>
        <BackButton />
      </div>
      <div>
        <h1>Partner Guide: reading the car teams</h1>
        <p className="muted">Rendezvous is free for you. Men may choose a monthly car-team membership; here is what it does and does not tell you.</p>
      </div>
      <section className="card stack-sm" aria-labelledby="guide-badge">
        <h2 id="guide-badge">A badge, not a pass</h2>
        <p>
          A team — from the free Honda Team up to the Rolls-Royce Team — is a status badge only. It buys no extra access, no priority and no way
          around your preferences. Every member books your time the same way.
        </p>
      </section>
      <section className="card stack-sm" aria-labelledby="guide-signals">
        <h2 id="guide-signals">What it may signal</h2>
        <ul className="membership-list">
          <li>Some men choose a team to show they are serious about dating here, and are glad to cover the date as its initiator.</li>
          <li>A higher team says something about what he chose to spend, not about who he is or how he treats people.</li>
          <li>Most great dates are with Honda Team members: a free membership is the norm, not a warning sign.</li>
        </ul>
      </section>
      <section className="card stack-sm" aria-labelledby="guide-trust">
        <h2 id="guide-trust">What to trust instead</h2>
        <ul className="membership-list">
          <li>His reliability score: dates kept, on time, reviewed well. It cannot be bought.</li>
          <li>Verification badges: e-mail, photos and device biometrics.</li>
          <li>How he writes to you, and whether he respects a no.</li>
        </ul>
      </section>
      <div>
        <Link to="/browse" className="btn btn-primary">
          Start Browsing Partners
        </Link>
      </div>
    </main>
  );
}

/** /car-tier (account-and-admin §2): the nine teams with their monthly prices; Continue to payment, or honda to /profile. */
export function CarTierPage() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const current = carTierOf(user?.carTier).id;
  const [chosen, setChosen] = useState<CarTierId>(current === 'honda' ? 'jetta' : current);
  if (!user) return null;
  if (user.profile.gender === 'female') return <PartnerPsychologyGuide />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === 'honda') void navigate({ to: '/profile' });
    else void navigate({ to: '/payment', search: { tier: chosen } });
  }

  return (
    <main id="main" className="page stack membership-page">
      <div>
        <BackButton />
      </div>
      <div>
        <h1>Choose Your Team</h1>
        <p className="muted">A car team is a monthly status badge on your profile. It gives no extra access; cancel any time.</p>
      </div>
      <form className="stack" onSubmit={submit}>
        <fieldset className="tier-options">
          <legend className="visually-hidden">Car teams, lowest to highest</legend>
          {CAR_TIERS.map((tier) => (
            <label key={tier.id} className={`tier-option card${chosen === tier.id ? ' is-chosen' : ''}`}>
              <input type="radio" name="tier" value={tier.id} checked={chosen === tier.id} onChange={() => setChosen(tier.id)} />
              <CarIcon />
              <span className="tier-name">{tier.label}</span>
              {tier.id === current && <span className="tag">Current</span>}
              <span className="tier-price">{priceLabel(tier.monthlyPrice)}</span>
            </label>
          ))}
        </fieldset>
        <p className="muted">Prices are in Canadian dollars, plus 13% HST.</p>
        <Button type="submit" variant="primary" block disabled={chosen === current && current !== 'honda'}>
          Continue
        </Button>
      </form>
    </main>
  );
}
