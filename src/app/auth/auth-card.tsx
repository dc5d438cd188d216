import { useEffect, useRef, type ReactNode } from 'react';
import { replayEarlyInput } from '#app/platform/early-input.ts';
import { TextField } from '#app/platform/ui/field.tsx';
import './auth.css';

/** The frame of every sign-in screen: one narrow card, centred for result views. */
export function AuthCard({ children, result }: { children: ReactNode; result?: boolean }) {
  const card = useRef<HTMLDivElement>(null);
  // Its forms are prerendered: what was typed before they were hydrated (this effect) is kept.
  useEffect(() => replayEarlyInput(card.current!), []);
  return (
    <main id="main" className="page-narrow">
      <div ref={card} className={result ? 'card stack auth-result' : 'card stack'}>
        {children}
      </div>
    </main>
  );
}

export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
    />
  );
}
