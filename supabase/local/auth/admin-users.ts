// The admin user API (/admin/users), for tokens with an admin role only: list with
// GoTrue's pagination headers, create, read, update and delete.
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import { adminParams, newUser, userChanges } from "./admin-params.ts";
import { AUDIENCE, type AuthService } from "./config.ts";
import { AuthApiError, emailExists, unexpectedFailure, validationFailed } from "./errors.ts";
import {
  deleteUserRow,
  emailTaken,
  findUserById,
  insertUser,
  selectUsersPage,
  setPassword,
  type UserRow,
  updateUserRow,
} from "./persistence.ts";
import { requireAdmin } from "./tokens.ts";
import { userJson } from "./users.ts";
import { field, isUuid, parseBody, readBody } from "./validation.ts";

/** GoTrue's loadUser for the admin routes: the path's user. */
export async function loadUser(auth: AuthService, c: Context): Promise<UserRow> {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw new AuthApiError(404, "validation_failed", "user_id must be an UUID");
  const user = await findUserById(auth.db, id);
  if (!user) throw new AuthApiError(404, "user_not_found", "User not found");
  return user;
}

/** A pagination query parameter as Go's strconv.ParseUint reads it. */
function pageNumber(c: Context, name: string, fallback: number): number {
  const raw = c.req.query(name) ?? "";
  if (raw === "") return fallback;
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
    );
  }
  return Number(raw);
}

/** GoTrue's Link header: the next page (if any) and the last. */
function pageLinks(base: string, page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const links: string[] = [];
  if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return links.join(", ");
}

export async function listUsers(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const page = Math.max(pageNumber(c, "page", 1), 1);
  const perPage = pageNumber(c, "per_page", 50) || 50;
  const filter = c.req.query("filter") ?? "";
  const { total, users } = await selectUsersPage(auth.db, { number: page, size: perPage, filter });
  c.header("x-total-count", String(total));
  c.header("link", pageLinks(`${auth.issuer}/admin/users`, page, perPage, total));
  return c.json({ users: users.map(userJson), aud: AUDIENCE });
}

export async function createUser(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await newUser(auth, adminParams(await readBody(c, "AdminUserParams")));
  const created = await insertUser(auth.db, user);
  if (!created) {
    // Lost a race to the same email, or the id is taken.
    if (user.email && (await emailTaken(auth.db, user.email))) throw emailExists();
    throw unexpectedFailure("Database error creating new user");
  }
  return c.json(userJson(created));
}

export async function getUser(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  return c.json(userJson(await loadUser(auth, c)));
}

export async function updateUser(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await loadUser(auth, c);
  const params = adminParams(await readBody(c, "AdminUserParams"));
  const { changes, hash } = await userChanges(auth, user, params);
  const updated = await asOwner(auth.db, async (tx) => {
    // GoTrue signs the user out everywhere when an admin sets the password.
    if (hash !== undefined) await setPassword(tx, user.id, hash, null);
    return updateUserRow(tx, user.id, changes);
  });
  return c.json(userJson(updated));
}

export async function deleteUser(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await loadUser(auth, c);
  const text = await c.req.text();
  let soft = false;
  if (text.length > 0) {
    const struct = "adminUserDeleteParams";
    soft = field(parseBody(text, struct), struct, "should_soft_delete", "boolean") ?? false;
  }
  await deleteUserRow(auth.db, user, soft);
  return c.json({});
}
