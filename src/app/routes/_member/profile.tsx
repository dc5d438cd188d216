import { createFileRoute } from '@tanstack/react-router';
import { BiometricBlock } from '#app/biometric/biometric-block.tsx';
import { BlockedMembersSection } from '#app/blocks/blocked-members.tsx';
import { CalendarFeedSection } from '#app/calendar/calendar-feed-section.tsx';
import { ProfilePage } from '#app/profiles/profile-page.tsx';
import { preloadImage } from '#app/platform/preload-image.ts';
import { useSession } from '#app/platform/session.store.ts';
import { PushPrompt } from '#app/push/push-prompt.tsx';
import { RoyalTitleButton } from '#app/score/tier-explanation.tsx';

export const Route = createFileRoute('/_member/profile')({
  staticData: { needsLocaleData: false },
  // The first photo (the page's largest paint) is the stored member's: asked for while the screen's code downloads.
  loader: () => preloadImage(useSession.getState().user?.profile.photos[0]?.url),
  component: () => (
    <ProfilePage
      pushControl={<PushPrompt />}
      biometricControl={<BiometricBlock />}
      royalTitle={(score) => <RoyalTitleButton score={score} />}
      calendarFeed={<CalendarFeedSection />}
      blockedMembers={<BlockedMembersSection />}
    />
  ),
});
