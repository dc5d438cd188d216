import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '#app/auth/register-page.tsx';
import { redirectParam, stringParam } from '#app/platform/guards.ts';

export const Route = createFileRoute('/_public/register')({
  validateSearch: (search: Record<string, unknown>): { ref?: string; redirect?: string } => ({
    ref: stringParam(search, 'ref', 64),
    redirect: redirectParam(search),
  }),
  component: function Register() {
    const { ref, redirect } = Route.useSearch();
    return <RegisterPage referralCode={ref} redirect={redirect} />;
  },
});
