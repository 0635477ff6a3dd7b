import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";

// The data folder playwright.config.ts gives `npm start` for this run.
const dataDir = join(process.cwd(), ".data", `e2e-${process.env.E2E_PORT ?? 4399}`);

test.describe("API keys in a real browser", () => {
  test("the secret key is refused from a browser; the publishable key and a session work", async ({
    page,
  }) => {
    const { apiUrl } = JSON.parse(await readFile(join(dataDir, "runtime.json"), "utf8")) as {
      apiUrl: string;
    };
    const keys = await loadOrCreateKeys(dataDir);
    await page.goto("/");
    const statusWith = (apikey: string) =>
      page.evaluate(
        async ({ url, key }) => {
          const response = await fetch(`${url}/rest/v1/banners?select=id&limit=1`, {
            headers: { apikey: key },
          });
          return { status: response.status, body: await response.text() };
        },
        { url: apiUrl, key: apikey },
      );
    const secret = await statusWith(keys.secretKey);
    expect(secret.status).toBe(401);
    expect(JSON.parse(secret.body)).toMatchObject({
      message: "Forbidden use of secret API key in browser",
    });
    expect((await statusWith(keys.publishableKey)).status).toBe(200);
    // The stack runs with its legacy keys switched off (playwright.config.ts).
    expect((await statusWith(keys.anonKey)).status).toBe(401);
  });
});
