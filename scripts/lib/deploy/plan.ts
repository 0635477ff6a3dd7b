// The deploy as a list of steps, each of which first asks the vendor whether it is done
// already (so running again changes nothing, and a run that failed resumes where it
// stopped), then does it. `--dry-run` only asks; with no tokens at all it only prints.
//
// Nothing here prints a secret: a step's words name secrets, never their values.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

export interface Step<Context> {
  /** What the step makes true, e.g. "The functions' secrets are set". */
  title: string;
  /** What it does when it is not done yet, in a line with no secret. */
  plan: string;
  /** Which vendor's token it needs. */
  needs: Vendor;
  /** Whether it is done already (read only). */
  done(context: Context): Promise<boolean>;
  run(context: Context): Promise<void>;
}

/** The vendors whose tokens the steps use. */
export type Vendor = "supabase" | "netlify" | "cloudflare";

export type StepOutcome = "already done" | "done now" | "would run" | "planned" | "failed";

export interface StepReport {
  title: string;
  outcome: StepOutcome;
  detail?: string;
}

export interface RunOptions {
  dryRun: boolean;
  /** Which tokens are given: without one, that vendor's steps are only printed. */
  tokens: Partial<Record<Vendor, boolean>>;
  print(line: string): void;
}

/**
 * Runs the steps in order. A failure stops the run: what is done stays done, and the
 * next run skips it. Answers each step's outcome.
 */
export async function runSteps<Context>(
  steps: readonly Step<Context>[],
  context: Context,
  options: RunOptions,
): Promise<StepReport[]> {
  const reports: StepReport[] = [];
  const offline = !Object.values(options.tokens).some(Boolean);
  for (const [index, step] of steps.entries()) {
    const number = `${index + 1}.`.padEnd(4);
    const report = (outcome: StepOutcome, detail?: string) => {
      reports.push({ title: step.title, outcome, detail });
      const mark = {
        "already done": "✓",
        "done now": "✓",
        "would run": "→",
        planned: "•",
        failed: "✗",
      }[outcome];
      options.print(`${mark} ${number}${step.title}: ${detail ?? outcome}`);
    };
    if (offline || !options.tokens[step.needs]) {
      report("planned", step.plan);
      continue;
    }
    try {
      if (await step.done(context)) {
        report("already done");
        continue;
      }
      if (options.dryRun) {
        report("would run", `would ${step.plan}`);
        continue;
      }
      await step.run(context);
      report("done now", step.plan);
    } catch (error) {
      report("failed", (error as Error).message);
      options.print("\nNothing after this step ran. Run `npm run deploy` again to resume here.");
      break;
    }
  }
  return reports;
}

/** A long random value for a shared secret (base64url, 32 bytes). */
export const randomSecret = () => randomBytes(32).toString("base64url");

/**
 * The deploy's local state: the secrets it generated, kept so a resumed run sets the same
 * values on both sides. A git-ignored file readable by its owner only.
 */
export interface DeployState {
  generated: Record<string, string>;
}

export async function readState(file: string): Promise<DeployState> {
  try {
    const state = JSON.parse(await readFile(file, "utf8")) as Partial<DeployState>;
    return { generated: state.generated ?? {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { generated: {} };
    throw error;
  }
}

export async function writeState(file: string, state: DeployState): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** A generated secret: the one kept from an earlier run, else a new one, kept. */
export async function generatedSecret(file: string, name: string): Promise<string> {
  const state = await readState(file);
  const existing = state.generated[name];
  if (existing) return existing;
  const value = randomSecret();
  state.generated[name] = value;
  await writeState(file, state);
  return value;
}
