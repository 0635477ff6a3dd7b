// What MFA keeps in the embedded database, in hosted shape: the factors in
// auth.mfa_factors (the TOTP secret stored as is, as GoTrue does without database
// encryption) and the challenges in auth.mfa_challenges, with the clean-ups GoTrue
// runs (models/factor.go, models/challenge.go). Sessions' aal and amr are sessions.ts.
import { randomUUID } from "node:crypto";
import { FACTOR_FIELDS, type FactorRow, type Runner } from "./persistence.ts";

/** A factor with what only Auth sees: its owner and its secret. */
export interface FactorRecord {
  user_id: string;
  secret: string | null;
  factor: FactorRow;
}

const FACTOR_RECORD = `f.user_id, f.secret, json_build_object(${FACTOR_FIELDS}) as factor`;

/** GoTrue's FindOwnedFactorByID: the user's factor with this id. */
export async function findOwnedFactor(
  db: Runner,
  userId: string,
  factorId: string,
): Promise<FactorRecord | undefined> {
  const { rows } = await db.query<FactorRecord>(
    `select ${FACTOR_RECORD} from auth.mfa_factors f where f.user_id = $1 and f.id = $2`,
    [userId, factorId],
  );
  return rows[0];
}

/** The user's factors, for the checks before a new one (GoTrue loads user.Factors). */
export async function factorsOf(db: Runner, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<{ factor: FactorRow }>(
    `select json_build_object(${FACTOR_FIELDS}) as factor from auth.mfa_factors f
      where f.user_id = $1 order by f.created_at, f.id`,
    [userId],
  );
  return rows.map((row) => row.factor);
}

/**
 * GoTrue's DeleteExpiredFactors, run before every enrolment, for every user:
 * unverified factors never challenged and older than the factor expiry.
 */
export async function deleteExpiredFactors(tx: Runner, expirySeconds: number): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $1) < now()`,
    [expirySeconds],
  );
}

/** A new unverified TOTP factor (GoTrue's NewTOTPFactor and SetSecret). */
export async function insertTotpFactor(
  tx: Runner,
  userId: string,
  friendlyName: string,
  secret: string,
): Promise<FactorRecord> {
  const { rows } = await tx.query<FactorRecord>(
    `insert into auth.mfa_factors as f
       (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)
     returning ${FACTOR_RECORD}`,
    [randomUUID(), userId, friendlyName, secret],
  );
  return rows[0] as FactorRecord;
}

export async function deleteFactor(tx: Runner, factorId: string): Promise<void> {
  await tx.query("delete from auth.mfa_factors where id = $1", [factorId]);
}

/** GoTrue's UpdateFriendlyName (admin API). */
export async function renameFactor(tx: Runner, factorId: string, name: string) {
  const { rows } = await tx.query<FactorRecord>(
    `update auth.mfa_factors as f set friendly_name = $2, updated_at = now()
      where f.id = $1 returning ${FACTOR_RECORD}`,
    [factorId, name],
  );
  return rows[0] as FactorRecord;
}

/** GoTrue's UpdateStatus(verified). */
export async function markFactorVerified(tx: Runner, factorId: string): Promise<void> {
  await tx.query(
    "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1",
    [factorId],
  );
}

/** GoTrue's DeleteUnverifiedFactors: the user's other unverified factors of this kind. */
export async function deleteUnverifiedFactors(tx: Runner, userId: string, factorType: string) {
  await tx.query(
    `delete from auth.mfa_factors
      where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type`,
    [userId, factorType],
  );
}

// --- challenges ---------------------------------------------------------------------

export interface ChallengeRecord {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  /** Whether the challenge was made from the IP address asking now. */
  same_ip: boolean;
  /** Whether it is older than the challenge expiry. */
  expired: boolean;
}

/**
 * GoTrue's CreateChallenge and WriteChallengeToDatabase: the challenge, from this IP
 * address, and the factor's last_challenged_at set to its time.
 */
export async function insertChallenge(tx: Runner, factorId: string, ip: string) {
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
     values ($1, $2, now(), $3::inet) returning id, created_at`,
    [randomUUID(), factorId, ip],
  );
  const challenge = rows[0] as { id: string; created_at: Date };
  await tx.query(
    "update auth.mfa_factors set last_challenged_at = $2, updated_at = now() where id = $1",
    [factorId, challenge.created_at],
  );
  return challenge;
}

/** GoTrue's FindChallengeByID: the factor's challenge with this id. */
export async function findChallenge(
  db: Runner,
  factorId: string,
  challengeId: string,
  ip: string,
  expirySeconds: number,
): Promise<ChallengeRecord | undefined> {
  const { rows } = await db.query<ChallengeRecord>(
    `select id, created_at, verified_at, ip_address = $3::inet as same_ip,
            now() > created_at + make_interval(secs => $4) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId, ip, expirySeconds],
  );
  return rows[0];
}

export async function deleteChallenge(tx: Runner, challengeId: string): Promise<void> {
  await tx.query("delete from auth.mfa_challenges where id = $1", [challengeId]);
}

/** GoTrue's Challenge.Verify: spent, so it cannot be verified again. */
export async function markChallengeVerified(tx: Runner, challengeId: string): Promise<void> {
  await tx.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challengeId]);
}
