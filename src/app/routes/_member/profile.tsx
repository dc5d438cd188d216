import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '#app/profiles/profile-page.tsx';

export const Route = createFileRoute('/_member/profile')({ component: ProfilePage });
