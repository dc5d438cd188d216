import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query.ts';

/**
 * The query cache for a signed-in member's screens, loaded with them: a visitor's pages use no
 * queries, so their first download carries none of TanStack Query (main.tsx).
 */
export default function MemberQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
