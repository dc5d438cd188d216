import { createFileRoute } from '@tanstack/react-router';
import { BiometricBlock } from '#app/biometric/biometric-block.tsx';
import { BlockedMembersSection } from '#app/blocks/blocked-members.tsx';
import { CalendarFeedSection } from '#app/calendar/calendar-feed-section.tsx';
import { ProfilePage } from '#app/profiles/profile-page.tsx';
import { PushPrompt } from '#app/push/push-prompt.tsx';
import { RoyalTitleButton } from '#app/score/tier-explanation.tsx';

export const Route = createFileRoute('/_member/profile')({
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
