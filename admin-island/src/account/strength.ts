// Whether a new password is easily guessed. Auth itself checks only the length (and,
// on Supabase's paid plans, leaked passwords), so the screens that set a password
// refuse two kinds here before anything is sent: one of the commonest passwords or a
// close variation of it ("password1234"), judged by zxcvbn's estimate over its
// dictionaries of common passwords and words, and one built on the account's own
// email name. The dictionaries are large, so they load only when a password is checked.
import { passwords as words } from "./words.ts";

/** zxcvbn's scores run 0 (guessed at once) to 4; below 3 is too easily guessed online. */
const LEAST_SCORE = 3;
/** Parts of an email name shorter than this are too common to forbid. */
const LEAST_NAME_PART = 3;

type Checker = (password: string, userInputs: string[]) => Promise<{ score: number }>;
let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      });
      return (password, userInputs) => factory.checkAsync(password, userInputs);
    },
  );
  return checker;
}

/** The email's name and its parts: 'asha.rai@x.org' gives asha.rai, asha and rai. */
export function emailNames(email: string | undefined): string[] {
  const local = (email ?? "").split("@")[0]?.toLowerCase() ?? "";
  const parts = [local, ...local.split(/[._+-]+/)];
  return [...new Set(parts.filter((part) => part.length >= LEAST_NAME_PART))];
}

/** Why a new password is too easily guessed; null when it is not. */
export async function guessablePassword(
  password: string,
  email: string | undefined,
): Promise<string | null> {
  const lower = password.toLowerCase();
  const names = emailNames(email);
  if (names.some((name) => lower.includes(name))) return words.containsName;
  const check = await loadChecker();
  const { score } = await check(password, names);
  return score < LEAST_SCORE ? words.common : null;
}
