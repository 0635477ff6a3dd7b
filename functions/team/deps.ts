// The real dependencies of the team function: Supabase Auth to identify callers, and
// its admin API (secret key, on the server only) to list, invite and change users; the
// database (secret key) for the audit log.
import { createClient, type User } from "npm:@supabase/supabase-js@2";
import { publishableKey, serviceClient, supabaseIdentify } from "../_shared/caller.ts";
import { AuthFailure, type AuthUser, type TeamDeps } from "./handler.ts";

/** Users per page of Auth's list; the pages are read until one comes back short. */
const PAGE_SIZE = 500;
/** Far more users than this project will ever have: a bound on the reading. */
const MAX_PAGES = 40;
const DB_TIMEOUT_MS = 10_000;

function authUser(user: User): AuthUser {
  const role = user.app_metadata?.role;
  return {
    id: user.id,
    email: user.email ?? "",
    role: typeof role === "string" ? role : null,
    invitedAt: user.invited_at ?? null,
    confirmedAt: user.email_confirmed_at ?? null,
    lastSignInAt: user.last_sign_in_at ?? null,
    confirmationSentAt: user.confirmation_sent_at ?? null,
    recoverySentAt: user.recovery_sent_at ?? null,
    bannedUntil: (user as User & { banned_until?: string }).banned_until ?? null,
    createdAt: user.created_at,
    verifiedFactors: (user.factors ?? []).filter((factor) => factor.status === "verified").length,
  };
}

/** Auth's refusal as an AuthFailure (status and code only: no message travels on). */
function failure(error: { status?: number; code?: string }): AuthFailure {
  return new AuthFailure(error.status ?? 500, error.code);
}

export function createDeps(env: Deno.Env): TeamDeps {
  const service = serviceClient(env);
  const admin = () => service().auth.admin;

  return {
    identify: supabaseIdentify(env),
    siteUrl: env.get("SITE_URL") || undefined,

    async users() {
      const all: AuthUser[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { data, error } = await admin().listUsers({ page, perPage: PAGE_SIZE });
        if (error) throw error;
        all.push(...data.users.map(authUser));
        if (data.users.length < PAGE_SIZE) return all;
      }
      throw new Error(`team: more than ${MAX_PAGES * PAGE_SIZE} users`);
    },

    async invite(email, redirectTo, data) {
      const { data: answer, error } = await admin().inviteUserByEmail(email, {
        redirectTo,
        ...(data ? { data: { ...data } } : {}),
      });
      if (error || !answer.user) throw failure(error ?? {});
      return authUser(answer.user);
    },

    async setRole(userId, role) {
      const { error } = await admin().updateUserById(userId, { app_metadata: { role } });
      if (error) throw error;
    },

    async secondFactorVerified(token) {
      // Asked as the caller (their token, through PostgREST), so the database reads the
      // token's aal and its session's row as for any request of theirs.
      const url = env.get("SUPABASE_URL");
      const key = publishableKey(env);
      if (!url || !key || !token) return false;
      const asCaller = createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
      const { data, error } = await asCaller
        .rpc("second_factor_verified")
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
      return data === true;
    },

    async factorsOf(userId) {
      const { data, error } = await admin().mfa.listFactors({ userId });
      if (error) throw error;
      return (data?.factors ?? []).map((factor) => factor.id);
    },

    async deleteFactor(userId, factorId) {
      const { error } = await admin().mfa.deleteFactor({ userId, id: factorId });
      if (error) throw error;
    },

    async deleteUser(userId) {
      const { error } = await admin().deleteUser(userId);
      if (error) throw error;
    },

    async record(change) {
      const { error } = await service()
        .rpc("record_team_change", {
          p_actor: change.actor,
          p_action: change.action,
          p_member: change.member,
          p_old: change.before,
          p_new: change.after,
        })
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
    },

    async mailsSince(since) {
      const { count, error } = await service()
        .from("audit_log")
        .select("id", { count: "exact", head: true })
        .eq("table_name", "admins")
        .in("action", ["INVITE", "RESEND"])
        .gte("occurred_at", since.toISOString())
        .abortSignal(AbortSignal.timeout(DB_TIMEOUT_MS));
      if (error) throw error;
      return count ?? 0;
    },
  };
}
