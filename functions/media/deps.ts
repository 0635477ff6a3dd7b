// The real dependencies of the media function: Supabase Auth to identify callers and
// Storage (service role) to write the checked file.
import { serviceClient, supabaseIdentify } from "../_shared/caller.ts";
import type { MediaDeps, StoreResult } from "./handler.ts";

export const MEDIA_BUCKET = "media";

export function createDeps(env: Deno.Env): MediaDeps {
  const storage = serviceClient(env);
  return {
    identify: supabaseIdentify(env),

    async store(path, bytes, contentType): Promise<StoreResult> {
      const { error } = await storage()
        .storage.from(MEDIA_BUCKET)
        .upload(path, bytes, { contentType, upsert: false, cacheControl: "31536000" });
      if (!error) return "stored";
      const { statusCode, status } = error as { statusCode?: string; status?: number };
      if (statusCode === "409" || status === 409) return "exists";
      throw error;
    },

    publicUrl(path) {
      const base = (env.get("SUPABASE_URL") ?? "").replace(/\/+$/, "");
      const encoded = path.split("/").map(encodeURIComponent).join("/");
      return `${base}/storage/v1/object/public/${MEDIA_BUCKET}/${encoded}`;
    },
  };
}
