// auth.users in the embedded database, in hosted shape: the reads and writes the
// handlers make (those of the emailed links are link-persistence.ts). Writes run as the
// database owner, as GoTrue's own role does.
import type { PGliteInterface } from "@electric-sql/pglite";
import { asOwner } from "../transaction.ts";
import { AUDIENCE, type Body, NIL_UUID } from "./config.ts";

/** A database or an open transaction. */
export interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Body | null;
  raw_user_meta_data: Body | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  /** The user's MFA factors, oldest first; null when none (see userColumns). */
  factors: FactorRow[] | null;
}

/** A row of auth.mfa_factors as the user's `factors` carry it (timestamps as JSON text). */
export interface FactorRow {
  id: string;
  created_at: string;
  updated_at: string;
  status: "unverified" | "verified";
  friendly_name: string | null;
  factor_type: "totp" | "phone" | "webauthn";
  phone: string | null;
  last_challenged_at: string | null;
}

/** The fields of a FactorRow, as json_build_object arguments over auth.mfa_factors `f`. */
export const FACTOR_FIELDS = `'id', f.id, 'created_at', f.created_at, 'updated_at', f.updated_at,
  'status', f.status, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
  'phone', f.phone, 'last_challenged_at', f.last_challenged_at`;

const USER_FIELDS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  phone_confirmed_at, confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, banned_until, deleted_at, is_anonymous, invited_at,
  confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at`;

/**
 * The columns of a UserRow from auth.users named `table` (its name, or its alias in a
 * join): the user's own, and their factors, as GoTrue loads users with theirs (its
 * findUser loads eagerly), so every user JSON carries them.
 */
export function userColumns(table = "users"): string {
  const fields = USER_FIELDS.split(",")
    .map((column) => `${table}.${column.trim()}`)
    .join(", ");
  return `${fields},
    (select json_agg(json_build_object(${FACTOR_FIELDS}) order by f.created_at, f.id)
       from auth.mfa_factors f where f.user_id = ${table}.id) as factors`;
}

/** The columns of a UserRow, as every query of auth.users returns them. */
export const USER_COLUMNS = userColumns();

// --- reads -------------------------------------------------------------------------

export async function findUserById(db: Runner, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [
    id,
  ]);
  return rows[0];
}

export async function findUserByEmail(db: Runner, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and aud = $2 limit 1`,
    [email.toLowerCase(), AUDIENCE],
  );
  return rows[0];
}

/** Whether another user (not `except`) has this address. */
export async function emailTaken(db: Runner, email: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    "select 1 from auth.users where lower(email) = $1 and aud = $2 and id is distinct from $3::uuid",
    [email.toLowerCase(), AUDIENCE, except ?? null],
  );
  return rows.length > 0;
}

/** Whether another user (not `except`) has this number. */
export async function phoneTaken(db: Runner, phone: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    "select 1 from auth.users where phone = $1 and aud = $2 and id is distinct from $3::uuid",
    [phone, AUDIENCE, except ?? null],
  );
  return rows.length > 0;
}

/** One page of users, newest first, optionally those whose address contains `filter`. */
export async function selectUsersPage(
  db: Runner,
  page: { number: number; size: number; filter: string },
): Promise<{ total: number; users: UserRow[] }> {
  const where = page.filter ? "aud = $1 and email ilike $2" : "aud = $1 and $2::text is null";
  const like = page.filter ? `%${page.filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from auth.users where ${where}`,
    [AUDIENCE, like],
  );
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${where}
      order by created_at desc, id limit $3 offset $4`,
    [AUDIENCE, like, page.size, (page.number - 1) * page.size],
  );
  return { total: counted.rows[0]?.n ?? 0, users: rows };
}

// --- writes ------------------------------------------------------------------------

export async function markSignedIn(tx: Runner, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set last_sign_in_at = now(), updated_at = now()
      where id = $1 returning ${USER_COLUMNS}`,
    [id],
  );
  return rows[0];
}

export interface NewUser {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  hash: string;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  appMetadata: Body;
  userMetadata: Body;
  bannedUntil: Date | null;
}

/** The new row, or undefined when the id or address is taken. */
export async function insertUser(db: PGliteInterface, user: NewUser): Promise<UserRow | undefined> {
  return asOwner(db, async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `insert into auth.users
         (instance_id, id, aud, role, email, phone, encrypted_password,
          email_confirmed_at, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data,
          banned_until, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7,
               case when $8 then now() end, case when $9 then now() end,
               $10::jsonb, $11::jsonb, $12, now(), now())
       on conflict do nothing
       returning ${USER_COLUMNS}`,
      [
        NIL_UUID,
        user.id,
        user.aud,
        user.role,
        user.email,
        user.phone,
        user.hash,
        user.emailConfirm,
        user.phoneConfirm,
        JSON.stringify(user.appMetadata),
        JSON.stringify(user.userMetadata),
        user.bannedUntil,
      ],
    );
    return rows[0];
  });
}

/**
 * A new password hash; the user's sessions end, all of them, or all but `keepSession`
 * (a user changing their own password stays signed in where they did it). Every
 * emailed link still open stops working, as GoTrue's UpdatePassword has it.
 */
export async function setPassword(
  tx: Runner,
  userId: string,
  hash: string,
  keepSession: string | null,
): Promise<void> {
  await tx.query(
    `update auth.users
        set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
            recovery_token = '', recovery_sent_at = null
      where id = $1`,
    [userId, hash],
  );
  await tx.query("delete from auth.one_time_tokens where user_id = $1", [userId]);
  await tx.query("delete from auth.sessions where user_id = $1 and id is distinct from $2", [
    userId,
    keepSession,
  ]);
}

/** The metadata a user may change about themselves. */
export async function updateMetadata(
  tx: Runner,
  userId: string,
  userMetadata: Body,
  appMetadata: Body,
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users
        set raw_user_meta_data = $2::jsonb, raw_app_meta_data = $3::jsonb, updated_at = now()
      where id = $1 returning ${USER_COLUMNS}`,
    [userId, JSON.stringify(userMetadata), JSON.stringify(appMetadata)],
  );
  return rows[0] as UserRow;
}

export interface AdminChanges {
  role: string | null;
  email: string | null;
  phone: string | null;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  appMetadata: Body;
  userMetadata: Body;
  /** null lifts a ban; undefined leaves it. */
  bannedUntil: Date | null | undefined;
}

/** What the admin API may change; null fields are left as they are. */
export async function updateUserRow(tx: Runner, userId: string, changes: AdminChanges) {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set
        role = coalesce($2, role),
        email = coalesce($3, email),
        phone = coalesce($4, phone),
        email_confirmed_at = case when $5 then now() else email_confirmed_at end,
        phone_confirmed_at = case when $6 then now() else phone_confirmed_at end,
        is_anonymous = case when $3::text is not null and $5 then false else is_anonymous end,
        raw_app_meta_data = $7::jsonb,
        raw_user_meta_data = $8::jsonb,
        banned_until = case when $9 then $10::timestamptz else banned_until end,
        updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [
      userId,
      changes.role,
      changes.email,
      changes.phone,
      changes.emailConfirm,
      changes.phoneConfirm,
      JSON.stringify(changes.appMetadata),
      JSON.stringify(changes.userMetadata),
      changes.bannedUntil !== undefined,
      changes.bannedUntil ?? null,
    ],
  );
  return rows[0] as UserRow;
}

/**
 * Removes a user. A soft delete, as GoTrue's, keeps the row with its personal data
 * cleared and `deleted_at` set, and removes its factors and sessions.
 */
export async function deleteUserRow(db: PGliteInterface, user: UserRow, soft: boolean) {
  await asOwner(db, async (tx) => {
    if (!soft) {
      await tx.query("delete from auth.users where id = $1", [user.id]);
      return;
    }
    if (user.deleted_at) return;
    await tx.query(
      `update auth.users
          set email = null, phone = null, encrypted_password = '',
              raw_app_meta_data = '{}', raw_user_meta_data = '{}',
              deleted_at = now(), updated_at = now()
        where id = $1`,
      [user.id],
    );
    // GoTrue removes a soft-deleted user's factors and sessions outright.
    await tx.query("delete from auth.mfa_factors where user_id = $1", [user.id]);
    await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
  });
}
