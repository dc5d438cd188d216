import type { ReactNode } from 'react';
import { TextField } from '#app/platform/ui/field.tsx';
import './auth.css';

/** The frame of every sign-in screen: one narrow card, centred for result views. */
export function AuthCard({ children, result }: { children: ReactNode; result?: boolean }) {
  return (
    <main id="main" className="page-narrow">
      <div className={result ? 'card stack auth-result' : 'card stack'}>{children}</div>
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
