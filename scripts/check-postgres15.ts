// Applies the bootstrap, every migration and the seed to a real PostgreSQL 15
// server (the major hosted Supabase projects run), started from Debian's
// postgresql-15 binaries in a throwaway folder, and fails if any statement errors.
import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootstrapFile, listMigrations, seedFile } from "../supabase/local/database.ts";

const bin = process.env.PG15_BIN ?? "/usr/lib/postgresql/15/bin";
const port = process.env.PG15_PORT ?? "54399";

if (!existsSync(join(bin, "postgres")) || !existsSync(join(bin, "initdb"))) {
  console.log(
    `PostgreSQL 15 check NOT RUN: no server binaries in ${bin}. Install Debian's postgresql-15 package (or set PG15_BIN) to prove the migrations on PostgreSQL 15.`,
  );
  process.exit(0);
}

// The server refuses to run as root; as root, run it as the postgres user.
const asRoot = process.getuid?.() === 0;
const owner = asRoot ? spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }) : undefined;
if (asRoot && owner?.status !== 0) {
  console.error(
    "PostgreSQL 15 check: running as root and there is no 'postgres' user to run the server as.",
  );
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "pg15-"));
if (asRoot && owner) {
  const uid = Number(owner.stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  chownSync(dir, uid, gid);
}
const data = join(dir, "data");

// As root the server and psql run as the postgres user, who may not be able to read
// the clone (a private /root/project, a mktemp -d folder): they run from the throwaway
// folder, and SQL files are read here and fed to psql on its standard input.
function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8", cwd: dir, ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

function must(step: string, result: { ok: boolean; output: string }) {
  if (!result.ok) {
    console.error(`PostgreSQL 15 check FAILED at ${step}:\n${result.output}`);
    stop();
    process.exit(1);
  }
  return result.output;
}

function stop() {
  run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-s"]);
  rmSync(dir, { recursive: true, force: true });
}

const psql = (args: string[], input?: string) =>
  run(
    join(bin, "psql"),
    [
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-h",
      dir,
      "-p",
      port,
      "-U",
      "postgres",
      "-d",
      "postgres",
      ...args,
    ],
    input === undefined ? {} : { input },
  );

/** Runs one SQL file in a single transaction, its text sent on standard input. */
const psqlFile = (file: string) => psql(["-1", "-f", "-"], readFileSync(file, "utf8"));

const started = performance.now();
must(
  "initdb",
  run(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C",
  ]),
);
must(
  "server start",
  run(join(bin, "pg_ctl"), [
    "start",
    "-D",
    data,
    "-w",
    "-s",
    "-l",
    join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=''`,
  ]),
);
const version = must("version", psql(["-A", "-t", "-c", "show server_version"]));

must("bootstrap", psqlFile(bootstrapFile));
const migrations = await listMigrations();
for (const migration of migrations)
  must(`migration ${migration.version}_${migration.name}`, psqlFile(migration.file));
must("seed", psqlFile(seedFile));

// A smoke test of the policies on the real server: visitors see active rows only
// and cannot write.
const smoke = must(
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
const anonWrite = psql([
  "-c",
  "begin; set local role anon; insert into public.banners (image_url) values ('/x.jpg'); rollback;",
]);
stop();

if (!smoke.trim().endsWith("0")) {
  console.error(`PostgreSQL 15 check FAILED: anon saw inactive banners (${smoke}).`);
  process.exit(1);
}
if (anonWrite.ok || !anonWrite.output.includes("permission denied")) {
  console.error(`PostgreSQL 15 check FAILED: anon could insert a banner (${anonWrite.output}).`);
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `PostgreSQL ${version}: bootstrap, ${migrations.length} migrations and the seed applied cleanly; RLS smoke test passed (${seconds} s).`,
);
