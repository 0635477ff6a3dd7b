// How the admin calls the team function (functions/team), which changes the team with
// the secret key that never reaches the browser. A refusal becomes a TeamError in the
// admin's own words for its code, an ended session a SessionExpiredError, and a call
// that never reached the function a network DataError.
import { FunctionsHttpError } from "@supabase/supabase-js";
import type { TeamRequest } from "../../../functions/_shared/team-replies.ts";
import { SET_PASSWORD_PATH } from "../account/auth.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError, SessionExpiredError } from "../api/errors.ts";
import { failures } from "../api/words.ts";
import { TeamError } from "./team-error.ts";
import { teamWords } from "./words.ts";

export const TEAM_FUNCTION = "team";

/** Where the team's emailed links lead: the set-password screen of the site at `origin`. */
export function setPasswordLink(origin: string): string {
  return `${origin}${SET_PASSWORD_PATH}`;
}

function isRefusal(answer: unknown): answer is { error: string } {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "error" in answer &&
    typeof answer.error === "string"
  );
}

/** The function's refusal code, or "" when the answer is not the function's JSON. */
async function refusalCode(response: Response): Promise<string> {
  try {
    const answer: unknown = await response.json();
    return isRefusal(answer) ? answer.error : "";
  } catch {
    // Not the function's JSON (a gateway's page): the status says enough.
    return "";
  }
}

/** Asks the team function (a GET lists the team) and answers its reply. */
export async function callTeam<Answer>(
  client: AdminClient,
  request?: TeamRequest,
): Promise<Answer> {
  let result: Awaited<ReturnType<typeof client.functions.invoke<Answer>>>;
  try {
    result = await client.functions.invoke<Answer>(
      TEAM_FUNCTION,
      request ? { body: request } : { method: "GET" },
    );
  } catch {
    throw new DataError(failures.unreachable, "network");
  }
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    const response: Response = error.context;
    if (response.status === 401) throw new SessionExpiredError();
    const code = await refusalCode(response);
    throw new TeamError(teamWords.refusals[code] ?? teamWords.failed, code || "unavailable");
  }
  if (error) throw new DataError(failures.unreachable, "network");
  if (data === null) throw new TeamError(teamWords.failed, "unavailable");
  return data;
}
