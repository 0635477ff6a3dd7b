// What `npm run bench -- admin` measures: the JavaScript each kind of admin page makes
// Chromium load on a first visit (an empty cache): the sign-in page, the dashboard and
// one list screen, signed in. Each script's body is fetched again as is and compressed
// here the way a CDN sends it (gzip level 9, brotli quality 11), so the figures do not
// depend on what the local server happens to compress.

import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumArgs, findChromium } from "../chromium.ts";
import type { LocalStack } from "./local-stack.ts";

export interface ScriptWeight {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageWeight {
  page: string;
  scripts: ScriptWeight[];
  raw: number;
  gzip: number;
  brotli: number;
}

/** The list screen measured besides the sign-in page and the dashboard. */
const LIST_SCREEN = "/admin/projects-management";

async function weigh(origin: string, page: string, urls: Iterable<string>): Promise<PageWeight> {
  const scripts: ScriptWeight[] = [];
  for (const url of urls) {
    const body = Buffer.from(
      await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    scripts.push({
      path: url.replace(origin, ""),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  scripts.sort((a, b) => b.brotli - a.brotli);
  const total = (key: "raw" | "gzip" | "brotli") =>
    scripts.reduce((sum, script) => sum + script[key], 0);
  return { page, scripts, raw: total("raw"), gzip: total("gzip"), brotli: total("brotli") };
}

/** The scripts a page asks for until the network is quiet. */
async function scriptsOf(page: Page, url: string, ready: () => Promise<unknown>) {
  const urls = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.add(request.url());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await ready();
  await page.waitForLoadState("networkidle");
  return urls;
}

export async function adminWeights(stack: LocalStack): Promise<PageWeight[] | string> {
  const found = findChromium();
  if (!found.ok) return `not measured: ${found.reason}`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs });
    const weights: PageWeight[] = [];

    const first = await browser.newContext();
    const signIn = await first.newPage();
    const signInScripts = await scriptsOf(signIn, `${stack.origin}/admin/`, () =>
      signIn.getByRole("button", { name: "Sign In" }).isEnabled(),
    );
    weights.push(await weigh(stack.origin, "sign-in page /admin/", signInScripts));
    await signIn.getByLabel("Username").fill(stack.admin.email);
    await signIn.getByLabel("Password", { exact: true }).fill(stack.admin.password);
    await signIn.getByLabel("Remember me").check();
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await signIn.waitForURL("**/admin/dashboard");
    const session = await first.storageState();
    await first.close();

    // Each signed-in page in a context of its own: its cache empty, the session kept.
    for (const [label, path, ready] of [
      ["dashboard", "/admin/dashboard", "Management Options"],
      ["list screen", LIST_SCREEN, "Projects Management"],
    ] as const) {
      const context = await browser.newContext({ storageState: session });
      const page = await context.newPage();
      const scripts = await scriptsOf(page, `${stack.origin}${path}`, () =>
        page.getByRole("heading", { name: ready }).waitFor(),
      );
      weights.push(await weigh(stack.origin, `${label} ${path}`, scripts));
      await context.close();
    }
    return weights;
  } catch (error) {
    return `failed: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    await browser?.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printAdminWeights(weights: PageWeight[] | string): void {
  console.log("\nAdmin JavaScript on a first visit (compressed as a CDN sends it):");
  if (typeof weights === "string") {
    console.log(`  ${weights}`);
    return;
  }
  for (const page of weights) {
    console.log(
      `  ${page.page.padEnd(42)} ${String(page.scripts.length).padStart(3)} files  raw ${kb(page.raw).padStart(9)}  gzip ${kb(page.gzip).padStart(8)}  brotli ${kb(page.brotli).padStart(8)}`,
    );
    for (const script of page.scripts.slice(0, 5))
      console.log(`      ${script.path.padEnd(46)} brotli ${kb(script.brotli).padStart(8)}`);
  }
}
