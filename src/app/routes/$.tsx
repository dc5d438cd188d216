import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown path goes to the start page. */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
