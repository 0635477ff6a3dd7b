// Who may do what beyond the content tables, declared once and run on both databases:
// on PGlite by roles.test.ts, and on real PostgreSQL servers by `npm run test:postgres`
// (as a catalog check, in a transaction rolled back). By actor: anon, a signed-in user
// without a role, an editor, and an administrator whose session verified a second
// factor (aal2) or only a password (aal1). Editors do the content work (ordering, the
// trash, restoring a version, the messages, the media, the publish runs); the
// settings, the alerts, the payment changes and the logo stay with administrators, and
// the changes that move money need aal2.
import type { CatalogCheck } from "./catalog-checks.ts";
import { validRows } from "./fixtures.ts";
import {
  ACTORS,
  type Actor,
  ADMIN_AAL1_SESSION,
  ADMIN_ID,
  claimsFor,
  EDITOR_ID,
  USER_ID,
} from "./harness.ts";

export type Person = Exclude<Actor, "service">;

/**
 * Rows returned or touched, SOME (at least one row), ANY (no error, however many rows),
 * or the SQLSTATE it failed with.
 */
export const SOME = "at least one row";
export const ANY = "any number of rows";
export type Outcome = number | string;

const SECOND_ID = "00000000-0000-4000-8000-00000000a002";

/** The actors' accounts and live sessions (as the owner), when the database has none yet. */
export const ACCOUNTS_SETUP = `
insert into auth.users (id, email, raw_app_meta_data, email_confirmed_at) values
  ('${ADMIN_ID}', 'admin@helpinghands.example', '{"provider":"email","role":"admin"}', now()),
  ('${EDITOR_ID}', 'editor@helpinghands.example', '{"provider":"email","role":"editor"}', now()),
  ('${USER_ID}', 'volunteer@helpinghands.example', '{"provider":"email"}', now()),
  ('${SECOND_ID}', 'second@helpinghands.example', '{"provider":"email","role":"admin"}', now())
  on conflict (id) do nothing;
insert into auth.sessions (id, user_id, aal) values
  ('${ADMIN_ID}', '${ADMIN_ID}', 'aal2'),
  ('${ADMIN_AAL1_SESSION}', '${ADMIN_ID}', 'aal1'),
  ('${EDITOR_ID}', '${EDITOR_ID}', 'aal1'),
  ('${USER_ID}', '${USER_ID}', 'aal1')
  on conflict (id) do nothing;
`;

/**
 * What the cases act on, made as the database owner: the actors' accounts and sessions,
 * a logo, two causes and an edit of one (an entry to restore), a message, a publish run,
 * a stored file, an alert, and a change to the payment details proposed by a second
 * administrator.
 */
export const ROLE_MATRIX_SETUP = `
${ACCOUNTS_SETUP}
insert into public.logo_settings (logo_url, logo_name, tagline, is_active)
  values ('/images/seed/logo.png', 'ROLE MATRIX LOGO', 'Probe', false);
insert into public.causes (title, description, image_url, sort_order) values
  ('Role matrix cause 1', 'Probe', '/images/seed/a.jpg', 9001),
  ('Role matrix cause 2', 'Probe', '/images/seed/a.jpg', 9002);
update public.causes set description = 'Probe, edited' where title = 'Role matrix cause 1';
insert into public.contact_messages (name, email, subject, message, inquiry_type)
  values ('Mina', 'mina@example.org', 'Role matrix', 'A probe message.', 'volunteer');
insert into public.publish_runs (status, requested_revision) values ('queued', 1);
insert into storage.objects (bucket_id, name, metadata)
  values ('media', 'gallery/role-matrix.jpg', '{}');
insert into public.alert_outbox (kind, payload) values ('settings', '{}');
insert into public.payment_changes (target, action, new_data, proposed_by, proposed_by_email)
  values ('donate_content', 'INSERT',
          '${JSON.stringify({ ...validRows.donate_content, is_active: false })}',
          '${SECOND_ID}', 'second@helpinghands.example');
`;

const PENDING = "(select max(id) from public.payment_changes where status = 'pending')";
const DONATION = `'${JSON.stringify(validRows.donate_content)}'::jsonb`;

export interface MatrixCase {
  what: string;
  sql: string;
  outcomes: Record<Person, Outcome>;
}

const row = (
  anon: Outcome,
  user: Outcome,
  editor: Outcome,
  aal1: Outcome,
  admin: Outcome,
): Record<Person, Outcome> => ({ anon, user, editor, "admin-aal1": aal1, admin });
const DENIED = "42501";

export const ROLE_MATRIX: MatrixCase[] = [
  {
    what: "read the settings",
    sql: "select * from public.admin_settings",
    outcomes: row(DENIED, 0, 0, 1, 1),
  },
  {
    what: "change the alert address",
    sql: "update public.admin_settings set alert_address = 'office@helpinghands.example'",
    outcomes: row(DENIED, 0, 0, 0, 1),
  },
  {
    what: "turn approval on",
    sql: "update public.admin_settings set require_payment_approval = true",
    outcomes: row(DENIED, 0, 0, 0, 1),
  },
  {
    what: "read the alert outbox",
    sql: "select * from public.alert_outbox",
    outcomes: row(DENIED, 0, 0, SOME, SOME),
  },
  {
    what: "read the payment changes",
    sql: "select * from public.payment_changes",
    outcomes: row(DENIED, 0, 0, SOME, SOME),
  },
  {
    what: "list the pending payment changes",
    sql: "select * from public.pending_payment_changes()",
    outcomes: row(DENIED, DENIED, DENIED, SOME, SOME),
  },
  {
    what: "approve a payment change",
    sql: `select public.approve_payment_change(${PENDING})`,
    outcomes: row(DENIED, DENIED, DENIED, DENIED, 1),
  },
  {
    what: "reject a payment change",
    sql: `select public.reject_payment_change(${PENDING})`,
    outcomes: row(DENIED, DENIED, DENIED, DENIED, 1),
  },
  {
    what: "change the payment details through the function",
    sql: `select public.change_payment_details('INSERT', null, ${DONATION})`,
    outcomes: row(DENIED, DENIED, DENIED, DENIED, 1),
  },
  {
    what: "add payment details through REST",
    sql: `insert into public.donate_content (qr_codes, bank_accounts) select d.value -> 'qr_codes', d.value -> 'bank_accounts' from (select ${DONATION} as value) as d`,
    outcomes: row(DENIED, DENIED, DENIED, DENIED, 1),
  },
  {
    what: "activate a logo",
    sql: "select public.activate_logo((select id from public.logo_settings where logo_name = 'ROLE MATRIX LOGO'))",
    outcomes: row(DENIED, DENIED, DENIED, 1, 1),
  },
  {
    what: "change the order",
    sql: "select public.reorder_rows('causes', (select array_agg(id order by sort_order desc) from public.causes))",
    outcomes: row(DENIED, DENIED, 1, 1, 1),
  },
  {
    what: "open the trash",
    sql: "select * from public.trash_entries()",
    outcomes: row(DENIED, DENIED, ANY, ANY, ANY),
  },
  {
    what: "restore a version",
    sql: "select public.restore_version((select max(id) from public.audit_log where table_name = 'causes' and action = 'UPDATE'), 'before')",
    outcomes: row(DENIED, DENIED, 1, 1, 1),
  },
  {
    what: "read the audit log",
    sql: "select * from public.audit_log where table_name = 'causes' and action = 'UPDATE'",
    outcomes: row(DENIED, 0, SOME, SOME, SOME),
  },
  {
    what: "read the contact messages",
    sql: "select * from public.contact_messages where subject = 'Role matrix'",
    outcomes: row(DENIED, 0, 1, 1, 1),
  },
  {
    what: "mark a message handled",
    sql: "update public.contact_messages set handled = true where subject = 'Role matrix'",
    outcomes: row(DENIED, 0, 1, 1, 1),
  },
  {
    what: "delete a message",
    sql: "delete from public.contact_messages where subject = 'Role matrix'",
    outcomes: row(DENIED, 0, 1, 1, 1),
  },
  {
    what: "read the publish runs",
    sql: "select * from public.publish_runs",
    outcomes: row(DENIED, 0, SOME, SOME, SOME),
  },
  {
    what: "remove a media object",
    sql: "delete from storage.objects where name = 'gallery/role-matrix.jpg'",
    outcomes: row(0, 0, 1, 1, 1),
  },
  {
    what: "read the deployment's health",
    sql: "select public.deployment_health()",
    outcomes: row(DENIED, DENIED, DENIED, 1, 1),
  },
];

const ROLE: Record<Person, string> = {
  anon: "anon",
  user: "authenticated",
  editor: "authenticated",
  "admin-aal1": "authenticated",
  admin: "authenticated",
};

/** Whether what happened is what the matrix wants. */
export function matches(got: Outcome, wanted: Outcome): boolean {
  if (wanted === SOME) return typeof got === "number" && got > 0;
  if (wanted === ANY) return typeof got === "number";
  return got === wanted;
}

/** A string as an SQL literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * pg_temp.attempt(role, claims, sql): runs sql as PostgREST sets a request up (the role
 * and the claims) inside a block that is undone after (its count carried out in an
 * exception, so nothing it did stays), and answers "rows:<n>", or the SQLSTATE it
 * failed with.
 */
export const ATTEMPT_FUNCTION = `
create function pg_temp.attempt(p_role text, p_claims text, p_sql text) returns text
language plpgsql as $f$
declare
  touched bigint;
begin
  begin
    perform set_config('role', p_role, true);
    perform set_config('request.jwt.claims', p_claims, true);
    execute p_sql;
    get diagnostics touched = row_count;
    raise exception using errcode = 'P0420', message = 'rows:' || touched::text;
  exception
    when sqlstate 'P0420' then return sqlerrm;
    when others then return sqlstate;
  end;
end;
$f$;`;

/** An attempt's answer as an outcome: a row count, or the SQLSTATE. */
export const outcomeOf = (got: string): Outcome =>
  got.startsWith("rows:") ? Number(got.slice(5)) : got;

/** The actors as SQL rows (n, actor, role, claims), for a cross join with the cases. */
export const ACTOR_VALUES = `(values ${ACTORS.map((actor, n) => `(${n}, ${literal(actor)}, ${literal(ROLE[actor])}, ${literal(JSON.stringify(claimsFor(actor)))})`).join(",\n    ")}) as a(n, actor, role, claims)`;

/**
 * The matrix as SQL for a real server: each attempt inside its own block, as PostgREST
 * sets a request up (the role and the claims), undone after (its count carried out in
 * an exception, so nothing it did stays): "rows:<n>", or the SQLSTATE it failed with.
 */
export const roleMatrixCheck: CatalogCheck = {
  title: "who may do what: the role x operation matrix",
  sql: `
${ROLE_MATRIX_SETUP}
${ATTEMPT_FUNCTION}
select coalesce(json_agg(json_build_object('what', c.what, 'actor', a.actor,
         'got', pg_temp.attempt(a.role, a.claims, c.sql)) order by c.n, a.n), '[]')::text as result
  from (values ${ROLE_MATRIX.map((c, n) => `(${n}, ${literal(c.what)}, ${literal(c.sql)})`).join(",\n    ")}) as c(n, what, sql)
  cross join ${ACTOR_VALUES}`,
  problems: (result) =>
    (result as { what: string; actor: Person; got: string }[]).flatMap(({ what, actor, got }) => {
      const wanted = ROLE_MATRIX.find((c) => c.what === what)?.outcomes[actor];
      return wanted !== undefined && matches(outcomeOf(got), wanted)
        ? []
        : [`${actor}: ${what} -> ${got}, wanted ${wanted}`];
    }),
};
