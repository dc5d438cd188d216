import { createFileRoute } from '@tanstack/react-router';
import { InviteFriendsPage } from '#app/support/invite-friends-page.tsx';

export const Route = createFileRoute('/_member/_verified/invite-friends')({ component: InviteFriendsPage });
