// What the emailed links and their PKCE flows keep in the embedded database, in hosted
// shape: each open link's token hash in auth.users and auth.one_time_tokens, invited
// users, what following a link changes, and auth.flow_state. The rest of auth.users is
// persistence.ts.
import { AUDIENCE, type Body, NIL_UUID } from "./config.ts";
import { type Runner, USER_COLUMNS, type UserRow, userColumns } from "./persistence.ts";

/** USER_COLUMNS of auth.users joined as `u`. */
const U_USER_COLUMNS = userColumns("u");

// --- emailed links ----------------------------------------------------------------

/** The kinds of emailed link GoTrue keeps, as auth.one_time_tokens names them. */
export type LinkTokenType = "confirmation_token" | "recovery_token";

/** The user whose open link of one of these kinds has this token hash. */
export async function findUserByLinkToken(
  db: Runner,
  tokenHash: string,
  types: LinkTokenType[],
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${U_USER_COLUMNS} from auth.one_time_tokens t
       join auth.users u on u.id = t.user_id
      where t.token_hash = $1 and t.token_type::text = any($2::text[])
      limit 1`,
    [tokenHash, types],
  );
  return rows[0];
}

async function keepLinkToken(
  tx: Runner,
  userId: string,
  relatesTo: string,
  tokenHash: string,
  type: LinkTokenType,
): Promise<void> {
  await tx.query("delete from auth.one_time_tokens where user_id = $1 and token_type = $2", [
    userId,
    type,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values (gen_random_uuid(), $1, $2, $3, lower($4))`,
    [userId, type, tokenHash, relatesTo],
  );
}

/** A password reset (or sign-in) link was sent: its token and when. */
export async function storeRecoveryToken(
  tx: Runner,
  user: UserRow,
  tokenHash: string,
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set recovery_token = $2, recovery_sent_at = now()
      where id = $1 returning ${USER_COLUMNS}`,
    [user.id, tokenHash],
  );
  await keepLinkToken(tx, user.id, user.email ?? "", tokenHash, "recovery_token");
  return rows[0] as UserRow;
}

/** An invitation (or confirmation) link was sent: its token and when; invited_at for an invitation. */
export async function storeConfirmationToken(
  tx: Runner,
  user: UserRow,
  tokenHash: string,
  invited: boolean,
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users
        set confirmation_token = $2, confirmation_sent_at = now(),
            invited_at = case when $3 then now() else invited_at end
      where id = $1 returning ${USER_COLUMNS}`,
    [user.id, tokenHash, invited],
  );
  await keepLinkToken(tx, user.id, user.email ?? "", tokenHash, "confirmation_token");
  return rows[0] as UserRow;
}

/** An invited user as GoTrue creates one: no password, not confirmed. */
export async function insertInvitedUser(
  tx: Runner,
  user: { id: string; email: string; userMetadata: Body },
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users
       (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
        raw_user_meta_data, created_at, updated_at)
     values ($1, $2, $3, $3, $4, '', $5::jsonb, $6::jsonb, now(), now())
     on conflict do nothing
     returning ${USER_COLUMNS}`,
    [
      NIL_UUID,
      user.id,
      AUDIENCE,
      user.email,
      JSON.stringify({ provider: "email", providers: ["email"] }),
      JSON.stringify(user.userMetadata),
    ],
  );
  return rows[0];
}

/** The address is confirmed (GoTrue's Confirm): the link is used up, every other too. */
export async function confirmEmail(tx: Runner, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set confirmation_token = '', email_confirmed_at = now(),
            raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
      where id = $1`,
    [userId],
  );
  await tx.query("delete from auth.one_time_tokens where user_id = $1", [userId]);
}

/** A recovery link was used (GoTrue's Recover): it and every other link are used up. */
export async function spendRecoveryToken(tx: Runner, userId: string): Promise<void> {
  await tx.query("update auth.users set recovery_token = '' where id = $1", [userId]);
  await tx.query("delete from auth.one_time_tokens where user_id = $1", [userId]);
}

// --- PKCE flow states ---------------------------------------------------------------------

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: string | null;
  code_challenge: string | null;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/** A PKCE sign-in under way: the client's challenge and the code it will exchange. */
export async function insertFlowState(
  tx: Runner,
  flow: { userId: string; method: string; challenge: string; authenticationMethod: string },
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state
       (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2::auth.code_challenge_method,
             $3, $4, $4, now(), now())`,
    [flow.userId, flow.method, flow.challenge, flow.authenticationMethod],
  );
}

/** The user's newest flow of this method, its code now issued. */
export async function issueFlowCode(
  tx: Runner,
  userId: string,
  authenticationMethod: string,
): Promise<FlowStateRow | undefined> {
  const { rows } = await tx.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning id, user_id, auth_code, code_challenge_method::text, code_challenge,
                authentication_method, created_at, auth_code_issued_at`,
    [userId, authenticationMethod],
  );
  return rows[0];
}

export async function findFlowStateByCode(
  db: Runner,
  authCode: string,
): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(
    `select id, user_id, auth_code, code_challenge_method::text, code_challenge,
            authentication_method, created_at, auth_code_issued_at
       from auth.flow_state where auth_code = $1 limit 1`,
    [authCode],
  );
  return rows[0];
}

export async function deleteFlowState(tx: Runner, id: string): Promise<void> {
  await tx.query("delete from auth.flow_state where id = $1", [id]);
}
