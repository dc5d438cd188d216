import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '#app/auth/verify-email-page.tsx';
import { stringParam } from '#app/platform/guards.ts';

export const Route = createFileRoute('/_member/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: stringParam(search, 'token', 200) }),
  component: function VerifyEmail() {
    const { token } = Route.useSearch();
    return <VerifyEmailPage token={token} />;
  },
});
