/** A route whose screen arrives with a later issue: it has its guard and its heading already. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <p className="muted">This part of Rendezvous is on its way.</p>
    </main>
  );
}
