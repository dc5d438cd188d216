import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { royalTierIdFor } from '#shared/domain/score.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { CrownIcon } from '#app/platform/ui/member.tsx';
import { royalTier, type RoyalTier } from './royal-tiers.ts';
import './score.css';

/** A tier's icon, title, description, range, explanation and characteristics: on /royal-tiers and in the modal. */
export function TierDetails({ tier, headingLevel = 2 }: { tier: RoyalTier; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`stack-sm tier-details tier-${tier.colour}`}>
      <p className="tier-icon" aria-hidden="true">
        {tier.icon}
      </p>
      <Heading className="tier-title">{tier.title}</Heading>
      <p className="tier-description">{tier.description}</p>
      <p>
        <strong>Score range:</strong> {tier.scoreRange}
      </p>
      <p>{tier.explanation}</p>
      <ul className="tier-characteristics" aria-label={`What makes a ${tier.title}`}>
        {tier.characteristics.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The tier explanation modal (account-and-admin §2): the tier's fields and a note that it is free
 * for all women; closes with Got it (or Escape). A native modal dialog traps focus; focus goes back
 * to the button that opened it.
 */
export function TierExplanationDialog({ tier, open, onClose }: { tier: RoyalTier; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={`${tier.title} tier`}>
      <div className="stack">
        <TierDetails tier={tier} headingLevel={3} />
        <p className="alert alert-info">This tier is free for all women: it comes from your reliability score, automatically.</p>
        <div className="row">
          <Button variant="primary" onClick={onClose} autoFocus>
            Got it
          </Button>
          <Link to="/royal-tiers" search={{ tier: tier.id }} className="btn btn-ghost" onClick={onClose}>
            All royal tiers
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

/** A woman's royal title as a button that opens its explanation. */
export function RoyalTitleButton({ score }: { score: number | null | undefined }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const tier = royalTier(royalTierIdFor(score));
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button ref={button} type="button" className="tag tag-strong royal-title-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <CrownIcon />
        {tier.title}
        <span className="visually-hidden"> — what this tier means</span>
      </button>
      <TierExplanationDialog tier={tier} open={open} onClose={close} />
    </>
  );
}
