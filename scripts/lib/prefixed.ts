// Runs a command with each line it prints named by its lane ("[site] ..."), so several
// commands running at once keep readable logs. With no name, its output passes through.
import { spawn } from "node:child_process";

export function runPrefixed(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; onLine?: (line: string) => void },
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: name ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (name) {
      // Whole lines only, so lanes never interleave within a line.
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = "";
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) {
            out.write(`[${name}] ${line}\n`);
            options.onLine?.(line);
          }
        });
        stream?.on("end", () => {
          if (rest) {
            out.write(`[${name}] ${rest}\n`);
            options.onLine?.(rest);
          }
        });
      }
    }
    child.on("error", (error) => {
      process.stderr.write(`[${name}] ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
