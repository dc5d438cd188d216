import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../use-hydrated.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  block?: boolean;
  size?: 'md' | 'sm';
  /** Shows a busy state and blocks a second press. */
  busy?: boolean;
};

export function buttonClass({ variant = 'secondary', block, size }: Pick<ButtonProps, 'variant' | 'block' | 'size'> = {}) {
  return ['btn', variant !== 'secondary' && `btn-${variant}`, block && 'btn-block', size === 'sm' && 'btn-sm'].filter(Boolean).join(' ');
}

export function Button({ variant, block, size, busy, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  // A prerendered page's buttons wait for the app, visibly: before it runs a press would do nothing,
  // and a submit would be the browser's own, with the fields (a password too) in the address.
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={[buttonClass({ variant, block, size }), className].filter(Boolean).join(' ')}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
