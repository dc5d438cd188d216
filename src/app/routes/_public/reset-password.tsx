import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '#app/auth/reset-password-page.tsx';
import { stringParam } from '#app/platform/guards.ts';

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: stringParam(search, 'token', 200) }),
  component: function ResetPassword() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
