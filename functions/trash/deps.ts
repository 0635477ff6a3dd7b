// The real dependencies of the trash function: Supabase Auth to identify callers, the
// database (secret key) to find and mark due deletions, Storage to remove files.
import { isServerKey, serviceClient, supabaseIdentify } from "../_shared/caller.ts";
import type { ExpiredDeletion, TrashDeps } from "./handler.ts";

const MEDIA_BUCKET = "media";

export function createDeps(env: Deno.Env): TrashDeps {
  const service = serviceClient(env);
  return {
    identify: supabaseIdentify(env),

    isSecretKey: (token) => isServerKey(env, token),

    async expired(): Promise<ExpiredDeletion[]> {
      const { data, error } = await service().rpc("expired_trash");
      if (error) throw error;
      return ((data ?? []) as { entry_id: number; unused_files: string[] | null }[]).map((row) => ({
        entryId: Number(row.entry_id),
        unusedFiles: row.unused_files ?? [],
      }));
    },

    async remove(paths) {
      const { error } = await service().storage.from(MEDIA_BUCKET).remove(paths);
      if (error) throw error;
    },

    async markPurged(entryIds, files) {
      const { error } = await service().rpc("mark_trash_purged", { entries: entryIds, files });
      if (error) throw error;
    },
  };
}
