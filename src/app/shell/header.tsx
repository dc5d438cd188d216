import { Link } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useSession } from '#app/platform/session.store.ts';
import { LogoMark } from './logo-mark.tsx';
import './shell.css';

const MemberHeader = lazy(() => import('./member-header.tsx'));

export function Header() {
  const user = useSession((state) => state.user);
  const token = useSession((state) => state.token);
  const signedIn = Boolean(token && user);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={signedIn ? '/browse' : '/'} className="logo">
          <LogoMark />
          <span>Rendezvous</span>
        </Link>
        {signedIn && user ? (
          <Suspense fallback={<div className="header-actions" />}>
            <MemberHeader user={user} />
          </Suspense>
        ) : (
          <VisitorLinks />
        )}
      </div>
    </header>
  );
}

function VisitorLinks() {
  return (
    <div className="header-actions">
      <Link to="/login" className="btn btn-ghost btn-sm">
        Sign In
      </Link>
      <Link to="/register" className="btn btn-primary btn-sm">
        Get Started
      </Link>
    </div>
  );
}

