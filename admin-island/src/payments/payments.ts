// The payment details' approvals and the alert settings, as the screens share them:
// every change that may alter what waits for approval (a change sent for approval, an
// approval, a rejection, the setting itself) bumps this counter, and every list of
// pending changes and every view of the settings loads again.
import { atom } from "nanostores";

export const $paymentChanges = atom(0);

export function signalPaymentChange(): void {
  $paymentChanges.set($paymentChanges.get() + 1);
}

/** One address alerts may go to: what the database accepts (private.is_alert_address). */
export function isAlertAddress(address: string): boolean {
  return (
    address.length <= 320 && /^[^@\s<>",;()\\]+@[^@\s<>",;()\\]+\.[^@\s<>",;()\\]+$/.test(address)
  );
}
