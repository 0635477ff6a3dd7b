// The admin's one cache of server state (TanStack Query). A screen's data loads when
// it opens and again after every write that touches it (mutations invalidate by key);
// nothing is retried behind the person's back, since a refusal is shown with its reason
// and a Retry of their own.
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
