// Makes one logo the active one, atomically (the activate_logo RPC): the one active
// before is made inactive in the same transaction.
import { guarded, succeeded } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";

export function activateLogo(client: AdminClient, id: string): Promise<void> {
  return guarded(client, async () => {
    succeeded(await client.rpc("activate_logo", { logo_id: id }));
  });
}
