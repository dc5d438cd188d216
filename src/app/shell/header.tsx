import { Link } from '@tanstack/react-router';

export function Header() {
  return (
    <header>
      <Link to="/">Rendezvous</Link>
    </header>
  );
}
