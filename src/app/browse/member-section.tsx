import type { ReactNode } from 'react';

/** One card of a member's page, labelled by its heading. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section className="card member-section" id={id} aria-labelledby={`${id ?? slug(title)}-heading`}>
      <h2 id={`${id ?? slug(title)}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '-');

/** One label and value of a section's list of facts. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
