// What the deploy's steps share: the inputs (tokens, ids, the first admin, the mail
// service), the vendors' own clients (Supabase's Management API through
// supabase-management-js, generated from its OpenAPI document; Netlify's through
// @netlify/api, generated from @netlify/open-api), and what the steps learn once and
// reuse (the project's keys, the site, the build hook's URL).
import { NetlifyAPI } from "@netlify/api";
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

export interface DeployInputs {
  supabase?: { token: string; ref: string };
  netlify?: { token: string; siteId: string };
  /** The site's public origin; default: the Netlify site's own address. */
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

export class DeployContext {
  readonly inputs: DeployInputs;
  #supabase?: SupabaseManagementAPI;
  #netlify?: NetlifyAPI;
  #keys?: Promise<{ publishable: string; secret: string }>;
  #site?: Promise<NetlifySite>;

  constructor(inputs: DeployInputs) {
    this.inputs = inputs;
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

  /** The site's public origin: SITE_URL when given, else the Netlify site's address. */
  async siteUrl(): Promise<string> {
    return (this.inputs.siteUrl ?? (await this.site()).url).replace(/\/+$/, "");
  }

  /** The build hook's URL, or undefined while there is none. */
  async buildHookUrl(): Promise<string | undefined> {
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
