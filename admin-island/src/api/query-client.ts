// The admin's one cache of server state (TanStack Query). A screen's data loads when
// it opens and again after every write that touches it (mutations invalidate by key).
// The cache retries nothing, since a refusal is shown with its reason and a Retry of the
// person's own; supabase-js itself (postgrest-js) retries a read that met a network
// failure or a gateway's 520/503 a few times, with growing waits, before it answers.
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
