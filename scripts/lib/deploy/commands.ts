// The pinned Supabase CLI's command lines the deploy runs, in one place: `npm run
// test:postgres` runs the migrations' push with these same arguments against real
// PostgreSQL servers, and the deploy's tests check the others.

/** `supabase db push` for a database URL, or for the linked project. */
export function dbPushArgs(dbUrl: string | undefined): string[] {
  return ["db", "push", dbUrl ? `--remote=${dbUrl}` : "--remote", "--yes"];
}

/** `supabase functions deploy`: bundled by the platform, each function checking its callers. */
export function functionsDeployArgs(functions: readonly string[], ref: string): string[] {
  return [
    "functions",
    "deploy",
    ...functions,
    "--project-ref",
    ref,
    "--no-verify-jwt",
    "--use-api",
    "--yes",
  ];
}

/** `supabase config push`: config.toml's settings, the site's URLs from the environment. */
export function configPushArgs(ref: string): string[] {
  return ["config", "push", "--project-ref", ref, "--yes"];
}
