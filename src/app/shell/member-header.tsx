import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { User } from '#shared/api/auth.ts';
import { SCORE_START, capCount, gradeFor, gradeName, royalTitleFor } from '#shared/domain/score.ts';
import { endSession } from '#app/auth/auth.api.ts';
import { install, useInstall } from '#app/platform/install.ts';
import { useUnreadCounts } from './unread-counts.ts';

/*
 * The signed-in header: navigation with the unread badges, score chip, bell and menus. Its own
 * chunk (with the API client the counts need), so a visitor's first page never downloads it.
 */

const NAV = [
  { to: '/browse', label: 'Browse' },
  { to: '/availability', label: 'Availability' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/messages', label: 'Messages' },
] as const;

/** Women see their royal title; others their verification tier and grade. */
export function standingOf(user: User): string {
  const score = user.reliabilityScore.current;
  if (user.profile.gender === 'female') return royalTitleFor(score);
  const tier = user.verificationTier === 'none' ? 'Unverified' : user.verificationTier[0]!.toUpperCase() + user.verificationTier.slice(1);
  return `${tier} · ${gradeName(gradeFor(score))}`;
}

export default function MemberHeader({ user }: { user: User }) {
  const { messages, notifications } = useUnreadCounts();
  const score = user.reliabilityScore.current ?? SCORE_START;
  return (
    <>
      <nav aria-label="Main" className="main-nav">
        <NavLinks user={user} unreadMessages={messages} />
      </nav>
      <div className="header-actions">
        <Link to="/score" className="chip" aria-label={`Reliability score ${score}`}>
          {score}
        </Link>
        <Link
          to="/notifications"
          className="icon-button"
          aria-label={notifications > 0 ? `Notifications, ${notifications} unread` : 'Notifications'}
        >
          <BellIcon />
          {notifications > 0 && (
            <span className="badge badge-corner" aria-hidden="true">
              {capCount(notifications, 9)}
            </span>
          )}
        </Link>
        <UserMenu user={user} />
        <MobileMenu user={user} unreadMessages={messages} />
      </div>
    </>
  );
}

function NavLinks({ user, unreadMessages, onNavigate }: { user: User; unreadMessages: number; onNavigate?: () => void }) {
  return (
    <ul className="nav-list">
      {NAV.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
            {item.label}
            {item.to === '/messages' && unreadMessages > 0 && (
              <span className="badge" aria-label={`${unreadMessages} unread`}>
                {capCount(unreadMessages, 99)}
              </span>
            )}
          </Link>
        </li>
      ))}
      {user.isAdmin && (
        <li>
          <Link to="/admin" className="nav-link" activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
            Admin
          </Link>
        </li>
      )}
    </ul>
  );
}

/** The question at sign-out while changes wait in the outbox. */
export const signOutWarning = (count: number) =>
  `${count === 1 ? '1 change has' : `${count} changes have`} not been sent yet. ${count === 1 ? 'It stays' : 'They stay'} on this device and will be sent when you sign in again. Sign out anyway?`;

function AccountLinks({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const navigate = useNavigate();
  const isWoman = user.profile.gender === 'female';
  const items: { to: string; label: string }[] = [
    { to: '/profile', label: 'Profile Settings' },
    { to: '/my-likes', label: 'My Likes' },
    { to: '/feedback', label: 'Feedback' },
    { to: '/invite-friends', label: 'Invite Friends' },
    { to: '/subscription', label: isWoman ? 'Partner Guide' : 'Team' },
    { to: '/contact', label: 'Contact Us' },
    { to: '/about', label: 'How It Works' },
  ];
  const installOffered = useInstall((state) => state.offer !== null);
  const signOut = async () => {
    // Changes still in the outbox stay on this device, keyed to this member, until they sign in again
    // (decision 29): say so first. (Loaded on demand: the header stays small.)
    const { unsentCount } = await import('#app/platform/outbox/outbox.ts');
    const unsent = unsentCount();
    if (unsent > 0 && !window.confirm(signOutWarning(unsent))) return;
    onNavigate();
    await endSession();
    await navigate({ to: '/' });
  };
  return (
    <ul className="menu-list">
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className="menu-item" onClick={onNavigate}>
            {item.label}
          </Link>
        </li>
      ))}
      {installOffered && (
        <li>
          <button
            type="button"
            className="menu-item"
            onClick={() => {
              onNavigate();
              void install();
            }}
          >
            Install app
          </button>
        </li>
      )}
      <li>
        <button type="button" className="menu-item" onClick={signOut}>
          Sign Out
        </button>
      </li>
    </ul>
  );
}

/**
 * A button that opens a panel: closes on Escape (focus back to the button) and on a click
 * outside; the panel's content gets a `close` for its links.
 */
function MenuButton({
  id,
  label,
  className,
  buttonClassName,
  panelClassName,
  button,
  children,
}: {
  id: string;
  label: string;
  className: string;
  buttonClassName: string;
  panelClassName: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className={`menu-anchor ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {button}
      </button>
      {open && (
        <div ref={panelRef} id={id} className={panelClassName}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

function UserMenu({ user }: { user: User }) {
  const name = user.profile.name || 'User';
  const button = (
    <>
      <span className="avatar" aria-hidden="true">
        {name[0]!.toUpperCase()}
      </span>
      <span className="user-name">{name}</span>
    </>
  );
  return (
    <MenuButton id="account-menu" label="Account menu" className="user-menu" buttonClassName="btn btn-ghost btn-sm" panelClassName="menu-panel" button={button}>
      {(close) => (
        <>
          <MenuHeading user={user} />
          <AccountLinks user={user} onNavigate={close} />
        </>
      )}
    </MenuButton>
  );
}

/** On a phone the navigation sits in this menu: its button carries the unread-message count too. */
function MobileMenu({ user, unreadMessages }: { user: User; unreadMessages: number }) {
  const button = (
    <>
      <MenuIcon />
      {unreadMessages > 0 && (
        <span className="badge badge-corner" aria-hidden="true">
          {capCount(unreadMessages, 99)}
        </span>
      )}
    </>
  );
  return (
    <MenuButton
      id="mobile-menu"
      label={unreadMessages > 0 ? `Menu, ${unreadMessages} unread messages` : 'Menu'}
      className="mobile-only"
      buttonClassName="icon-button"
      panelClassName="menu-panel menu-panel-wide"
      button={button}
    >
      {(close) => (
        <>
          <MenuHeading user={user} />
          <nav aria-label="Mobile">
            <NavLinks user={user} unreadMessages={unreadMessages} onNavigate={close} />
          </nav>
          <AccountLinks user={user} onNavigate={close} />
        </>
      )}
    </MenuButton>
  );
}

function MenuHeading({ user }: { user: User }) {
  return (
    <div className="menu-heading">
      <strong>{user.profile.name || 'User'}</strong>
      <span className="muted">{user.email}</span>
      <span className="chip">{standingOf(user)}</span>
    </div>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      {children}
    </svg>
  );
}

const BellIcon = () => (
  <Icon>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);

const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
