import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '#app/auth/login-page.tsx';
import { redirectParam } from '#app/platform/guards.ts';

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: redirectParam(search) }),
  component: function Login() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});
