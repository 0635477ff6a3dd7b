import { describe, expect, it } from "vitest";
import { SAMPLE } from "../sample-content.ts";
import { hasSamplePayments, isLocalDemo, publicPayments } from "./sample-payments.ts";

const sample = SAMPLE.donate_content[0];
if (!sample) throw new Error("the install has no sample donation details");
const ownQr = {
  title: "eSewa",
  image_url: "https://x.supabase.co/storage/v1/object/public/media/qr.png",
  description: null,
};
const ownAccount = {
  bank_name: "Nabil Bank",
  account_name: "Helping Hands Foundation",
  account_number: "0101-2345-6789",
  routing_number: null,
  swift_code: "NARBNPKA",
  branch: null,
};
const mixed = {
  qr_codes: [...sample.qr_codes, ownQr],
  bank_accounts: [ownAccount, ...sample.bank_accounts],
};

describe("sample payment details", () => {
  it("tells the local demo stack from a real project", () => {
    for (const url of [
      "http://127.0.0.1:54321",
      "http://localhost:4321",
      "http://[::1]:8000",
      "http://api.localhost",
    ]) {
      expect(isLocalDemo(url), url).toBe(true);
    }
    for (const url of [
      "https://abcd.supabase.co",
      "http://10.0.0.5:54321",
      "https://127.0.0.1.example.org",
      "not a url",
      undefined,
      "",
    ]) {
      expect(isLocalDemo(url), String(url)).toBe(false);
    }
  });

  it("are left out on a real project, whatever else the record holds", () => {
    expect(hasSamplePayments(sample)).toBe(true);
    const shown = publicPayments(mixed, "https://abcd.supabase.co");
    expect(shown.qr_codes).toEqual([ownQr]);
    expect(shown.bank_accounts).toEqual([ownAccount]);
    expect(JSON.stringify(shown)).not.toContain("SAMPLE");
    expect(publicPayments(sample, "https://abcd.supabase.co")).toMatchObject({
      qr_codes: [],
      bank_accounts: [],
    });
  });

  it("stay on the local demo, and a record without them is untouched", () => {
    expect(publicPayments(mixed, "http://127.0.0.1:54321")).toBe(mixed);
    const own = { qr_codes: [ownQr], bank_accounts: [ownAccount] };
    expect(hasSamplePayments(own)).toBe(false);
    expect(publicPayments(own, "https://abcd.supabase.co")).toBe(own);
  });
});
