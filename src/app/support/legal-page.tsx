import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './support.css';

/** The frame of the public reading pages (/about, /terms, /privacy): a heading, the text, a way home. */
export function ReadingPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="page legal">
      <p>
        <Link to="/">← Back to Rendezvous</Link>
      </p>
      <h1>{title}</h1>
      {lead && <p className="muted">{lead}</p>}
      {children}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}

/** A numbered section of a legal text: "3. Your account". */
export function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = `section-${n}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {n}. {title}
      </h2>
      {children}
    </section>
  );
}
