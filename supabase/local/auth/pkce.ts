// The PKCE flow of emailed links, as GoTrue has it: a link asked for with a
// code_challenge (and its method, s256 or plain) is marked in its token hash, and
// following it answers `?code=` instead of a session (verify.ts); the flow state keeps
// the challenge, and POST /token?grant_type=pkce exchanges that code, with the client's
// verifier, for the session, within five minutes.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import type { AuthService } from "./config.ts";
import { AuthApiError, badRequest, validationFailed } from "./errors.ts";
import { deleteFlowState, findFlowStateByCode } from "./link-persistence.ts";
import { findUserById } from "./persistence.ts";
import { clientInfo, grantSessionIn, type SignInMethod } from "./sessions.ts";
import { sessionJson } from "./tokens.ts";
import { field, readBody } from "./validation.ts";

/** What begins the token hash of a PKCE link. */
export const PKCE_PREFIX = "pkce_";
const CODE_CHALLENGE = /^[a-zA-Z._~0-9-]+$/;
/** How long a PKCE flow may wait for its code to be exchanged (GoTrue's default). */
const FLOW_STATE_EXPIRY_MS = 300_000;

/** Whether the client asked for the PKCE flow; its parameters come in pairs (RFC 7636). */
export function pkceRequested(challenge: string, method: string): boolean {
  if ((challenge === "") !== (method === "")) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (!challenge) return false;
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  if (!CODE_CHALLENGE.test(challenge)) {
    throw validationFailed(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  // GoTrue fails an unknown method without a code of its own (a 500).
  if (!["s256", "plain"].includes(method.toLowerCase())) {
    throw new Error(`unsupported code_challenge method "${method}"`);
  }
  return true;
}

/** The verifier's S256 (or plain) form must be the challenge the flow began with. */
function checkVerifier(challenge: string, method: string, verifier: string): void {
  let expected: string;
  if (method === "s256") expected = createHash("sha256").update(verifier).digest("base64url");
  else if (method === "plain") expected = verifier;
  else throw badRequest("bad_code_verifier", "code challenge method not supported");
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest(
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
}

/** POST /token?grant_type=pkce: the code from a PKCE link and the client's verifier. */
export async function pkceGrant(auth: AuthService, c: Context): Promise<Response> {
  const struct = "PKCEGrantParams";
  const body = await readBody(c, struct);
  const authCode = field(body, struct, "auth_code", "string") ?? "";
  const verifier = field(body, struct, "code_verifier", "string") ?? "";
  if (!authCode || !verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = await findFlowStateByCode(auth.db, authCode);
  if (!flow?.user_id) {
    throw new AuthApiError(
      404,
      "flow_state_not_found",
      "invalid flow state, no valid flow state found",
    );
  }
  const from =
    flow.authentication_method === "magiclink" && flow.auth_code_issued_at
      ? flow.auth_code_issued_at
      : flow.created_at;
  if (Date.now() > from.getTime() + FLOW_STATE_EXPIRY_MS) {
    throw new AuthApiError(422, "flow_state_expired", "invalid flow state, flow state has expired");
  }
  const user = await findUserById(auth.db, flow.user_id);
  if (!user) throw new Error("the flow's user is gone");
  checkVerifier(flow.code_challenge ?? "", flow.code_challenge_method ?? "", verifier);
  const granted = await asOwner(auth.db, async (tx) => {
    const session = await grantSessionIn(
      tx,
      user,
      clientInfo(c),
      flow.authentication_method as SignInMethod,
    );
    await deleteFlowState(tx, flow.id);
    return session;
  });
  return c.json(await sessionJson(auth, granted));
}
