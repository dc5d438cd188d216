import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '#app/auth/forgot-password-page.tsx';

export const Route = createFileRoute('/_public/forgot-password')({ component: ForgotPasswordPage });
