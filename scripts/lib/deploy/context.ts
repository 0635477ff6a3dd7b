// What the deploy's steps share: the inputs (tokens, ids, the first admin, the mail
// service), the vendors' own clients (Supabase's Management API through
// supabase-management-js, generated from its OpenAPI document; Netlify's through
// @netlify/api, generated from @netlify/open-api; Cloudflare's through `cloudflare`,
// generated from Cloudflare's OpenAPI document), and what the steps learn once and
// reuse (the project's keys, the site, the build hook's URL).
import { NetlifyAPI } from "@netlify/api";
import Cloudflare from "cloudflare";
import type { Project as PagesProject } from "cloudflare/resources/pages/projects/projects";
import { SupabaseManagementAPI } from "supabase-management-js";
import { generatedSecret } from "./plan.ts";

export interface CliResult {
  ok: boolean;
  output: string;
}

/** Runs a pinned vendor CLI (scripts/tools.ts); the environment adds to the process's. */
export type RunCli = (
  tool: "supabase" | "netlify",
  args: string[],
  env?: Record<string, string>,
) => Promise<CliResult>;

/** Where the site is hosted. */
export type SiteHost = "netlify" | "cloudflare";

export interface DeployInputs {
  /** Default: Netlify. */
  host?: SiteHost;
  supabase?: { token: string; ref: string };
  netlify?: { token: string; siteId: string };
  /** A Cloudflare Pages project connected to the repository. */
  cloudflare?: { token: string; accountId: string; project: string };
  /**
   * The Pages project's deploy hook (made in Cloudflare's dashboard: its API has no call
   * that makes one); Netlify's the deploy makes itself.
   */
  deployHookUrl?: string;
  /** The site's public origin; default: the host's own address for the site. */
  siteUrl?: string;
  /** The first administrator, created when given. */
  admin?: { email: string; password: string };
  /** The mail service's secrets (RESEND_API_KEY, or SMTP_*; and MAIL_FROM), when given. */
  mail: Record<string, string>;
  /** A database URL for `db push --remote=<url>`; default: the linked project. */
  dbUrl?: string;
  /** The git-ignored file the generated secrets are kept in. */
  stateFile: string;
  /** The Edge Functions to deploy (functions/*, not _shared). */
  functions: readonly string[];
  /** The migrations' versions (supabase/migrations/<version>_<name>.sql). */
  migrations: readonly string[];
  cli: RunCli;
  /** Where the vendors answer: their APIs unless a test says otherwise. */
  endpoints?: {
    supabaseManagement?: string;
    supabaseApi?: string;
    netlify?: { scheme: string; host: string; pathPrefix: string };
    cloudflare?: string;
  };
  /** How often a build's progress is asked for (ms). */
  pollMs?: number;
  print?(line: string): void;
}

export interface NetlifySite {
  id: string;
  accountId: string;
  url: string;
}

/** The names the deploy gives what it creates, so a second run finds them. */
export const BUILD_HOOK_TITLE = "Publish from the admin";
export const NOTIFY_EVENTS = ["deploy_created", "deploy_failed"] as const;

/** A Pages deploy hook's address, as Cloudflare's dashboard shows it. */
export const PAGES_DEPLOY_HOOK =
  /^https:\/\/api\.cloudflare\.com\/client\/v4\/pages\/webhooks\/deploy_hooks\/[\w-]+$/;

export class DeployContext {
  readonly inputs: DeployInputs;
  #supabase?: SupabaseManagementAPI;
  #netlify?: NetlifyAPI;
  #cloudflare?: Cloudflare;
  #keys?: Promise<{ publishable: string; secret: string }>;
  #site?: Promise<NetlifySite>;
  #pages?: Promise<PagesProject>;

  constructor(inputs: DeployInputs) {
    this.inputs = inputs;
  }

  get host(): SiteHost {
    return this.inputs.host ?? "netlify";
  }

  get ref(): string {
    const ref = this.inputs.supabase?.ref;
    if (!ref) throw new Error("SUPABASE_PROJECT_REF is not set");
    return ref;
  }

  /** The project's API: https://<ref>.supabase.co. */
  get apiUrl(): string {
    return this.inputs.endpoints?.supabaseApi ?? `https://${this.ref}.supabase.co`;
  }

  get supabase(): SupabaseManagementAPI {
    const given = this.inputs.supabase;
    if (!given) throw new Error("SUPABASE_ACCESS_TOKEN is not set");
    this.#supabase ??= new SupabaseManagementAPI({
      accessToken: given.token,
      ...(this.inputs.endpoints?.supabaseManagement
        ? { baseUrl: this.inputs.endpoints.supabaseManagement }
        : {}),
    });
    return this.#supabase;
  }

  get netlify(): NetlifyAPI {
    const given = this.inputs.netlify;
    if (!given) throw new Error("NETLIFY_AUTH_TOKEN is not set");
    this.#netlify ??= new NetlifyAPI(given.token, {
      userAgent: "charity-site deploy",
      ...this.inputs.endpoints?.netlify,
    });
    return this.#netlify;
  }

  get siteId(): string {
    const id = this.inputs.netlify?.siteId;
    if (!id) throw new Error("NETLIFY_SITE_ID is not set");
    return id;
  }

  get cloudflare(): Cloudflare {
    const given = this.inputs.cloudflare;
    if (!given) throw new Error("CLOUDFLARE_API_TOKEN is not set");
    this.#cloudflare ??= new Cloudflare({
      apiToken: given.token,
      ...(this.inputs.endpoints?.cloudflare ? { baseURL: this.inputs.endpoints.cloudflare } : {}),
    });
    return this.#cloudflare;
  }

  /** The Pages project's name and account, for every Pages call. */
  get pages(): { name: string; account_id: string } {
    const given = this.inputs.cloudflare;
    if (!given) throw new Error("CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_PAGES_PROJECT are not set");
    return { name: given.project, account_id: given.accountId };
  }

  /** The Pages project as Cloudflare has it now (asked again after `forget()`). */
  pagesProject(): Promise<PagesProject> {
    this.#pages ??= this.cloudflare.pages.projects.get(this.pages.name, {
      account_id: this.pages.account_id,
    });
    return this.#pages;
  }

  /** Forgets what was read of the Pages project, after a step changed it. */
  forgetPagesProject(): void {
    this.#pages = undefined;
  }

  /** The project's publishable and secret keys (read, never printed). */
  keys(): Promise<{ publishable: string; secret: string }> {
    this.#keys ??= this.supabase.getProjectApiKeys(this.ref, { reveal: true }).then(({ data }) => {
      const find = (type: string) => data.find((key) => key.type === type)?.api_key ?? undefined;
      const publishable = find("publishable");
      const secret = find("secret");
      if (!publishable || !secret)
        throw new Error(
          "The project has no publishable or secret key: create them under Project Settings, API Keys",
        );
      return { publishable, secret };
    });
    return this.#keys;
  }

  site(): Promise<NetlifySite> {
    this.#site ??= this.netlify.getSite({ site_id: this.siteId }).then((site) => {
      const url = site.ssl_url || site.url;
      if (!site.id || !site.account_id || !url) throw new Error("Netlify's answer names no site");
      return { id: site.id, accountId: site.account_id, url: url.replace(/\/+$/, "") };
    });
    return this.#site;
  }

  /**
   * The site's public origin: SITE_URL when given, else the host's address for it (the
   * Netlify site's; the Pages project's *.pages.dev).
   */
  async siteUrl(): Promise<string> {
    const own =
      this.inputs.siteUrl ??
      (this.host === "cloudflare"
        ? `https://${(await this.pagesProject()).subdomain ?? `${this.pages.name}.pages.dev`}`
        : (await this.site()).url);
    return own.replace(/\/+$/, "");
  }

  /** The build hook's URL, or undefined while there is none. */
  async buildHookUrl(): Promise<string | undefined> {
    if (this.host === "cloudflare") {
      const given = this.inputs.deployHookUrl?.trim();
      return given && PAGES_DEPLOY_HOOK.test(given) ? given : undefined;
    }
    const hooks = await this.netlify.listSiteBuildHooks({ site_id: this.siteId });
    return hooks.find((hook) => hook.title === BUILD_HOOK_TITLE)?.url ?? undefined;
  }

  secret(name: string): Promise<string> {
    return generatedSecret(this.inputs.stateFile, name);
  }

  /** The rows of one SQL statement, run as the database's owner through the Management API. */
  async query<Row>(query: string, parameters?: unknown[]): Promise<Row[]> {
    const { data } = await this.supabase.runAQuery(this.ref, {
      query,
      ...(parameters ? { parameters } : {}),
    });
    return (data ?? []) as Row[];
  }
}
