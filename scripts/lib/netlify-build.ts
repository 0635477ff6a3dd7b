// The local host's `netlify` mode: a build as Netlify runs it. Each build starts from a
// fresh copy of the repository (the files git knows, committed or not, as a push would
// carry them), restores what Netlify keeps between builds (node_modules, with Astro's
// cache of optimised images inside it at node_modules/.astro), installs the
// dependencies, runs `npm run build` with the host's environment, then saves the cache
// again and hands over the publish folder (dist). Nothing else survives a build.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cp, mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface NetlifyBuildOptions {
  /** The repository to copy. */
  repoDir: string;
  /** Where the host keeps its work folder and its cache (<DATA_DIR>/host). */
  hostDir: string;
  /** The install command (default `npm install`). */
  install?: { command: string; args: string[] };
  /** The build command (default `npm run build`). */
  build?: { command: string; args: string[] };
}

export interface StageIo {
  env: Record<string, string | undefined>;
  /** Receives the output of every stage. */
  output(text: string): void;
  /** Told about each process the host starts, so it can stop it (cancel, close). */
  started(child: ChildProcess | undefined): void;
}

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The files of the repository a push would carry: tracked, and new ones not ignored. */
async function repositoryFiles(repoDir: string): Promise<string[]> {
  const { stdout } = await run("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
    cwd: repoDir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.split("\0").filter(Boolean);
}

/** A copy of the repository as a push carries it (no node_modules, no build output). */
export async function copyRepository(repoDir: string, workDir: string): Promise<void> {
  for (const file of await repositoryFiles(repoDir)) {
    const from = join(repoDir, file);
    // A deleted file git still lists is simply not there to copy.
    if (!(await exists(from))) continue;
    await mkdir(dirname(join(workDir, file)), { recursive: true });
    await cp(from, join(workDir, file), { verbatimSymlinks: true });
  }
}

function stage(
  command: string,
  args: string[],
  cwd: string,
  io: StageIo,
  extraEnv: Record<string, string>,
): Promise<number> {
  return new Promise((resolveExit) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...io.env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    io.started(child);
    const onData = (data: Buffer) => io.output(data.toString("utf8"));
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) => {
      io.output(`\n${error.message}\n`);
      resolveExit(-1);
    });
    child.once("close", (code, signal) => {
      io.started(undefined);
      resolveExit(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * One build in a fresh copy: install, build, then the publish folder is moved to
 * outDir. Returns the reason it failed, or undefined.
 */
export async function netlifyBuild(
  options: NetlifyBuildOptions,
  outDir: string,
  io: StageIo,
  extraEnv: Record<string, string>,
): Promise<string | undefined> {
  const workDir = join(options.hostDir, "work");
  const cacheDir = join(options.hostDir, "cache");
  const cachedModules = join(cacheDir, "node_modules");
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  await mkdir(cacheDir, { recursive: true });
  try {
    io.output("[host] Preparing repo: a fresh copy of the repository.\n");
    await copyRepository(options.repoDir, workDir);
    if (await exists(cachedModules)) {
      io.output("[host] Restoring cached node_modules.\n");
      await rename(cachedModules, join(workDir, "node_modules"));
    }
    const install = options.install ?? {
      command: NPM,
      args: ["install", "--no-audit", "--no-fund"],
    };
    io.output(`[host] Installing dependencies: ${install.command} ${install.args.join(" ")}\n`);
    if ((await stage(install.command, install.args, workDir, io, extraEnv)) !== 0)
      return "Failed during stage 'Install dependencies': the install failed.";
    const build = options.build ?? { command: NPM, args: ["run", "build"] };
    io.output(`[host] Building site: ${build.command} ${build.args.join(" ")}\n`);
    const code = await stage(build.command, build.args, workDir, io, extraEnv);
    // What Netlify keeps for the next build, whatever this one did.
    if (await exists(join(workDir, "node_modules"))) {
      await rm(cachedModules, { recursive: true, force: true });
      await rename(join(workDir, "node_modules"), cachedModules);
    }
    if (code !== 0)
      return `Failed during stage 'Building site': the build exited with code ${code}.`;
    const dist = join(workDir, "dist");
    if (!(await exists(join(dist, "index.html"))))
      return "Failed during stage 'Deploy site': the publish folder dist has no index.html.";
    await rm(outDir, { recursive: true, force: true });
    await rename(dist, outDir);
    return undefined;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
