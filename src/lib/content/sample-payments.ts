// The sample donation details a fresh install ships with (a QR code and a bank account
// marked SAMPLE) are a demo for the local stack only. A site built against any other
// Supabase project never shows them: they are left out of the donate page, and the
// admin marks a record that still holds them until it is replaced. Plain TypeScript,
// no astro:* imports, so it is unit-tested directly.

import { SAMPLE } from "../sample-content.ts";
import type { BankAccount, QrCode } from "../schema/items.ts";

const sample = SAMPLE.donate_content[0];
const SAMPLE_QR_IMAGES = new Set((sample?.qr_codes ?? []).map((qr) => qr.image_url));
const SAMPLE_ACCOUNT_NUMBERS = new Set(
  (sample?.bank_accounts ?? []).map((account) => account.account_number),
);

export function isSampleQrCode(qr: Pick<QrCode, "image_url">): boolean {
  return SAMPLE_QR_IMAGES.has(qr.image_url);
}

export function isSampleBankAccount(account: Pick<BankAccount, "account_number">): boolean {
  return SAMPLE_ACCOUNT_NUMBERS.has(account.account_number);
}

/**
 * What gives the sample details away in a built page: the sample account numbers, and
 * the sample QR pictures' file names without their extension (the image pipeline keeps
 * a picture's name and changes its extension).
 */
export function sampleMarks(): string[] {
  const names = [...SAMPLE_QR_IMAGES].map(
    (url) =>
      url
        .split("/")
        .pop()
        ?.replace(/\.\w+$/, "") ?? "",
  );
  return [...SAMPLE_ACCOUNT_NUMBERS, ...names].filter(Boolean);
}

/** Whether donation details still hold a sample QR code or bank account. */
export function hasSamplePayments(row: {
  qr_codes: readonly Pick<QrCode, "image_url">[];
  bank_accounts: readonly Pick<BankAccount, "account_number">[];
}): boolean {
  return row.qr_codes.some(isSampleQrCode) || row.bank_accounts.some(isSampleBankAccount);
}

/**
 * Whether the site is built against the local demo stack: a Supabase URL on this
 * machine (localhost, 127.0.0.0/8, ::1). Anything else is a real project.
 */
export function isLocalDemo(supabaseUrl: string | undefined): boolean {
  if (!supabaseUrl) return false;
  let host: string;
  try {
    host = new URL(supabaseUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return false;
  }
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The donation details visitors may see: on a real project, without the sample QR
 * codes and bank accounts (the rest stays).
 */
export function publicPayments<T extends { qr_codes: QrCode[]; bank_accounts: BankAccount[] }>(
  row: T,
  supabaseUrl: string | undefined,
): T {
  if (isLocalDemo(supabaseUrl) || !hasSamplePayments(row)) return row;
  return {
    ...row,
    qr_codes: row.qr_codes.filter((qr) => !isSampleQrCode(qr)),
    bank_accounts: row.bank_accounts.filter((account) => !isSampleBankAccount(account)),
  };
}
