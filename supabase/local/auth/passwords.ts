// Passwords as GoTrue stores them: bcrypt, cost 10, `$2a$` hashes (Go's bcrypt).
import bcrypt from "bcryptjs";

const BCRYPT_COST = 10;
/** bcrypt reads no further than this many bytes of a password. */
export const BCRYPT_MAX_BYTES = 72;
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, "$2a$");
  return bcrypt.hash(password, salt);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** Whether a password_hash given to the admin API is a bcrypt hash GoTrue can use. */
export function isBcryptHash(hash: string): boolean {
  return BCRYPT_HASH.test(hash);
}
