// What the functions router reads from disk: each function's entry file
// (<functionsDir>/<name>/index.ts) and its [functions.<name>] settings (enabled,
// verify_jwt) from the first config.toml found of <functionsDir>/../supabase/config.toml
// (this repo), <functionsDir>/../config.toml (the CLI's supabase/functions layout) and
// <functionsDir>/config.toml (test fixtures). The file is read again when it changes.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { isFunctionName } from "./validation.ts";

export interface FunctionConfig {
  enabled: boolean;
  verifyJwt: boolean;
}

interface ParsedConfig {
  mtimeMs: number;
  functions: Record<string, unknown>;
}

export class FunctionFiles {
  readonly #dir: string;
  readonly #configs = new Map<string, ParsedConfig>();

  constructor(functionsDir: string) {
    this.#dir = functionsDir;
  }

  /** The function's index.ts, or undefined when there is no such function. */
  async entry(name: string): Promise<string | undefined> {
    if (!isFunctionName(name)) return undefined;
    const entry = join(this.#dir, name, "index.ts");
    try {
      return (await stat(entry)).isFile() ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** The function's settings; both default to true. Throws when config.toml is unreadable. */
  async config(name: string): Promise<FunctionConfig> {
    const file = this.#configFile();
    if (!file) return { enabled: true, verifyJwt: true };
    const { functions } = await this.#parsed(file);
    const entry = (functions[name] ?? {}) as { enabled?: unknown; verify_jwt?: unknown };
    return { enabled: entry.enabled !== false, verifyJwt: entry.verify_jwt !== false };
  }

  #configFile(): string | undefined {
    const candidates = [
      join(this.#dir, "..", "supabase", "config.toml"),
      join(this.#dir, "..", "config.toml"),
      join(this.#dir, "config.toml"),
    ];
    return candidates.find((candidate) => existsSync(candidate));
  }

  async #parsed(file: string): Promise<ParsedConfig> {
    const { mtimeMs } = await stat(file);
    const cached = this.#configs.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const parsed = parseToml(await readFile(file, "utf8")) as {
      functions?: Record<string, unknown>;
    };
    const fresh = { mtimeMs, functions: parsed.functions ?? {} };
    this.#configs.set(file, fresh);
    return fresh;
  }
}
