// Faults the local host can play, one at a time, so publishing is rehearsed against
// what a real CDN does: the next build takes the fault written in <DATA_DIR>/host-fault
// (read once, then deleted), else the one in HOST_FAULT (every build). A line:
//   never-start          the hook is accepted but the build never starts
//   cancel               the build starts and is cancelled
//   install-fail         installing the dependencies fails; the build never runs
//   build-fail           the build fails
//   deploy-fail          the build succeeds, then the deploy fails; the site stays
//   slow-deploy [ms]     the deploy takes this long (20000 when not given)
//   preview              the build is a deploy preview (CONTEXT=deploy-preview)
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";

export const FAULT_NAMES = [
  "never-start",
  "cancel",
  "install-fail",
  "build-fail",
  "deploy-fail",
  "slow-deploy",
  "preview",
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

export interface HostFault {
  name: FaultName;
  /** slow-deploy: how long the deploy takes. */
  delayMs?: number;
}

export const SLOW_DEPLOY_DEFAULT_MS = 20_000;
export const FAULT_FILE = "host-fault";

/** Reads one fault line; throws with the list of faults when it names none of them. */
export function parseFault(text: string): HostFault | null {
  const [name, arg, ...rest] = text.trim().split(/\s+/);
  if (!name) return null;
  if (!(FAULT_NAMES as readonly string[]).includes(name) || rest.length > 0) {
    throw new Error(`"${text.trim()}" is not a host fault; use one of: ${FAULT_NAMES.join(", ")}`);
  }
  if (name === "slow-deploy") {
    const delayMs = arg === undefined ? SLOW_DEPLOY_DEFAULT_MS : Number(arg);
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000)
      throw new Error(`slow-deploy takes a number of milliseconds (0-600000), not "${arg}"`);
    return { name, delayMs };
  }
  if (arg !== undefined) throw new Error(`${name} takes no argument`);
  return { name: name as FaultName };
}

/** The fault for the next build: the one-shot file first, then HOST_FAULT. */
export async function takeFault(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
  warn: (message: string) => void = console.warn,
): Promise<HostFault | null> {
  const file = join(dataDir, FAULT_FILE);
  let text: string | undefined;
  try {
    text = await readFile(file, "utf8");
    await rm(file, { force: true });
  } catch {
    text = env.HOST_FAULT;
  }
  if (!text?.trim()) return null;
  try {
    return parseFault(text);
  } catch (error) {
    warn(`[host] ${(error as Error).message}; building without a fault.`);
    return null;
  }
}
