// Runs before the browser tests: makes sure a Chromium exists, installing one
// where it can, so `npm test` works on a fresh machine with nothing else done.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findChromium } from "./chromium.ts";

const root = join(import.meta.dirname, "..");

function found(): boolean {
  const result = findChromium();
  if (result.ok) {
    console.log(`Browser tests use Chromium from ${result.source}: ${result.path}`);
    return true;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(result.reason);
    process.exit(1);
  }
  return false;
}

function run(command: string, args: string[]): boolean {
  console.log(`No Chromium found; trying: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", timeout: 10 * 60_000 });
  return result.status === 0;
}

function isDebianLike(): boolean {
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

if (!found()) {
  run(join(root, "node_modules", ".bin", "playwright"), ["install", "chromium"]);
  if (!found()) {
    if (process.getuid?.() === 0 && isDebianLike()) {
      run("apt-get", ["update"]);
      run("apt-get", ["install", "-y", "chromium"]);
    }
    if (!found()) {
      console.error(
        "No Chromium for the browser tests: install Debian's 'chromium' package (apt-get install chromium), run 'npx playwright install chromium', or set CHROMIUM_PATH.",
      );
      process.exit(1);
    }
  }
}
