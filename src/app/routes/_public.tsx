import { createFileRoute } from '@tanstack/react-router';
import { publicOnly } from '#app/platform/guards.ts';

/** Public only: /, /login, /register, /careers, /forgot-password, /reset-password. */
export const Route = createFileRoute('/_public')({ beforeLoad: publicOnly });
