// Asks on the terminal; a hidden answer (a password) is not echoed. Without a terminal
// nothing is asked and the answer is undefined, so scripts run in CI never wait.
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";

export async function ask(
  question: string,
  options: { hidden?: boolean } = {},
): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  let muted = false;
  // The question is written before the typing starts; what is typed after it is not.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = prompt.question(question);
    muted = options.hidden === true;
    const value = (await answer).trim();
    if (muted) process.stdout.write("\n");
    return value || undefined;
  } finally {
    prompt.close();
  }
}
