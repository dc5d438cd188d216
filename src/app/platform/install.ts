import { create } from 'zustand';

/** Chromium's install offer (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

type InstallState = {
  /** The browser's offer, kept until used: present only where the browser offers installation. */
  offer: InstallPromptEvent | null;
};

export const useInstall = create<InstallState>(() => ({ offer: null }));

/** Opened from the home screen (or already installed and running as an app). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/**
 * Listens for the browser's install offer from the very start (it may come before any screen
 * shows): the mini-infobar is held back and the offer kept for our own Install button.
 */
export function captureInstallPrompt() {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!isStandalone()) useInstall.setState({ offer: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstall.setState({ offer: null }));
}

/** Shows the browser's install dialog; an offer is good for one prompt, so it is dropped either way. */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = useInstall.getState().offer;
  if (!offer) return 'unavailable';
  useInstall.setState({ offer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome;
}
