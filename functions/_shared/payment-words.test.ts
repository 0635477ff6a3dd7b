// The donation details in words: each kind of change to bank accounts and QR codes.
import { assertEquals } from "./assert.ts";
import {
  describePaymentChange,
  describeSettingsChange,
  paymentDetails,
  pictureWords,
} from "./payment-words.ts";

const bank = (number: string, extra: Record<string, string> = {}) => ({
  bank_name: "Sample Bank",
  account_name: "Helping Hands",
  account_number: number,
  ...extra,
});
const qr = (title: string, image_url = "https://cdn.example/qr.png") => ({ title, image_url });
const record = (accounts: unknown[], codes: unknown[] = [qr("Mobile Payment")], active = true) => ({
  bank_accounts: accounts,
  qr_codes: codes,
  is_active: active,
});

Deno.test("a changed account number names the account and the old and new number", () => {
  assertEquals(describePaymentChange(record([bank("0001")]), record([bank("0666")])), [
    "Bank account Sample Bank (number 0001) changed: account number 0001 → 0666.",
  ]);
});

Deno.test("accounts added and removed are named with every detail they carry", () => {
  const before = record([bank("0001"), bank("0002", { bank_name: "Other Bank" })]);
  const after = record([
    bank("0001"),
    bank("0003", { bank_name: "New Bank", swift_code: "NEWBNPKA", branch: "Pokhara" }),
  ]);
  assertEquals(describePaymentChange(before, after), [
    "Bank account Other Bank (number 0002) changed: bank name Other Bank → New Bank; account number 0002 → 0003; SWIFT code (none) → NEWBNPKA; branch (none) → Pokhara.",
  ]);
  assertEquals(
    describePaymentChange(
      record([bank("0001")]),
      record([
        bank("0001"),
        bank("0009", { bank_name: "Second Bank", account_name: "Relief Fund" }),
      ]),
    ),
    ["Bank account added: Second Bank, account name Relief Fund, number 0009."],
  );
  assertEquals(
    describePaymentChange(
      record([bank("0001"), bank("0009", { bank_name: "B2", account_name: "X" })]),
      record([bank("0001")]),
    ),
    ["Bank account removed: B2, account name X, number 0009."],
  );
});

Deno.test("an account that kept its number is the same account, wherever it moved", () => {
  assertEquals(
    describePaymentChange(
      record([bank("0001"), bank("0002")]),
      record([bank("0002", { branch: "Kathmandu" }), bank("0001")]),
    ),
    ["Bank account Sample Bank (number 0002) changed: branch (none) → Kathmandu."],
  );
});

Deno.test("QR codes: title and picture changes, added and removed", () => {
  assertEquals(
    describePaymentChange(
      record([bank("0001")], [qr("eSewa", "https://cdn.example/a.png")]),
      record([bank("0001")], [qr("eSewa", "https://cdn.example/b.png")]),
    ),
    [
      "QR code “eSewa” changed: picture changed from https://cdn.example/a.png to https://cdn.example/b.png.",
    ],
  );
  assertEquals(
    describePaymentChange(
      record([bank("0001")], [qr("eSewa", "data:image/png;base64,AAAA")]),
      record([bank("0001")], [qr("Khalti", "data:image/png;base64,BBBB")]),
    ),
    ["QR code “eSewa” changed: title eSewa → Khalti; picture changed."],
  );
  assertEquals(
    describePaymentChange(
      record([bank("0001")], [qr("A")]),
      record([bank("0001")], [qr("A"), qr("B", "https://x.example/b.png")]),
    ),
    ["QR code added: “B” (picture: https://x.example/b.png)."],
  );
});

Deno.test("a new, deleted, hidden or shown record says so; nothing visible says that too", () => {
  assertEquals(
    describePaymentChange(null, record([bank("0001")]))[0],
    "New donation details were added and are shown on the site.",
  );
  assertEquals(
    describePaymentChange(record([bank("0001")]), null)[0],
    "A set of donation details was deleted.",
  );
  assertEquals(
    describePaymentChange(record([bank("0001")]), record([bank("0001")], undefined, false)),
    ["These donation details are now hidden from the site."],
  );
  assertEquals(describePaymentChange(record([bank("0001")]), record([bank("0001")])), [
    "Nothing a visitor sees changed.",
  ]);
});

Deno.test("a change waiting for approval is told as proposed: nothing has happened yet", () => {
  assertEquals(
    describePaymentChange(null, record([bank("0001")]), "proposed")[0],
    "New donation details, to be shown on the site once approved.",
  );
  assertEquals(
    describePaymentChange(record([bank("0001")]), null, "proposed")[0],
    "A set of donation details would be deleted.",
  );
  assertEquals(paymentDetails(null, "proposed"), [
    "Nothing: this set of donation details is new. Until it is approved, the site keeps showing the donation details it shows now.",
  ]);
});

Deno.test("details and pictures in words; settings changes", () => {
  assertEquals(paymentDetails(record([bank("0001")])), [
    "Bank account: Sample Bank, account name Helping Hands, number 0001",
    "QR code: “Mobile Payment” (picture: https://cdn.example/qr.png)",
  ]);
  assertEquals(paymentDetails(null), ["(none)"]);
  assertEquals(pictureWords("data:image/png;base64,AAAA"), "an uploaded picture");
  assertEquals(
    describeSettingsChange(
      { alert_address: null, require_payment_approval: false },
      { alert_address: "office@example.org", require_payment_approval: true },
    ),
    [
      "New-message alerts now go to office@example.org (before: every administrator).",
      "A second administrator must now approve every change to the payment details.",
    ],
  );
});
