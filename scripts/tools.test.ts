import { describe, expect, it } from "vitest";
import { supabaseRefusal } from "./tools.ts";

describe("npm run supabase", () => {
  const hosted = {
    SUPABASE_AUTH_SITE_URL: "https://helpinghands.example",
    SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: "https://helpinghands.example/**",
  };

  it("refuses config push without the hosted site URL and redirect list", () => {
    for (const env of [
      {},
      { SUPABASE_AUTH_SITE_URL: "https://helpinghands.example" },
      { ...hosted, SUPABASE_AUTH_SITE_URL: "http://127.0.0.1:4321" },
      { ...hosted, SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: "http://localhost:4321/**" },
    ]) {
      expect(supabaseRefusal(["config", "push", "--yes"], env), JSON.stringify(env)).toMatch(
        /SUPABASE_AUTH_SITE_URL=https:\/\/<your site>/,
      );
    }
  });

  it("lets config push through with them, and every other command as it is", () => {
    expect(supabaseRefusal(["config", "push", "--yes"], hosted)).toBeUndefined();
    expect(supabaseRefusal(["--yes", "config", "diff"], {})).toBeUndefined();
    expect(supabaseRefusal(["db", "push", "--remote", "--yes"], {})).toBeUndefined();
  });
});
