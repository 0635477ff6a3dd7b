// Saving the settings. Turning approval off is only asked for: the database holds it
// for a second administrator, and the record answered still has approval on.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TablesUpdate } from "../../../supabase/database.types.ts";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError } from "../api/errors.ts";
import { notificationWords } from "../messages/words.ts";
import { paymentKeys } from "./keys.ts";
import type { AdminSettings } from "./settings-query.ts";

export type SettingsValues = Pick<
  TablesUpdate<"admin_settings">,
  "require_payment_approval" | "alert_address"
>;

/** Saves `values` and answers the settings as they now are. */
export function saveSettings(client: AdminClient, values: SettingsValues): Promise<AdminSettings> {
  return guarded(client, async () => {
    const [row] = dataOf(
      await client.from("admin_settings").update(values).eq("id", true).select(),
    );
    if (!row) throw new DataError(notificationWords.noSettings);
    return row;
  });
}

export function useSettingsSaveMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsValues) => saveSettings(client, values),
    // The settings as saved show at once; what waits (and the settings) then load again.
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: paymentKeys.approval });
    },
  });
}
