// How the admin browser tests are split between Playwright runs: share `shard` of
// `total` runs on a stack of its own, at ADMIN_PORT - (shard - 1), whose data folder
// (.data/e2e-admin-<port>) the tests find through E2E_ADMIN_PORT.

/** The first admin stack's port (E2E_ADMIN_PORT overrides it for a single run). */
export const ADMIN_PORT = 4398;

export function adminShardEnv(shard: number, total: number): Record<string, string> {
  return {
    E2E_STACK: "admin",
    E2E_ADMIN_PORT: String(ADMIN_PORT - (shard - 1)),
    ...(total > 1 ? { E2E_SHARD: `${shard}/${total}` } : {}),
  };
}
