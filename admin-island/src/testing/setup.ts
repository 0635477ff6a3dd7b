// Test-only: what every admin screen test starts and ends with (vitest.config.ts runs
// this before each file of the admin-ui project). Logged failures stay quiet (the
// screens log what they also show); after each test the rendered screen, its toasts,
// its drafts, the last undoable change, the session's access, the URL and every mock are
// reset.
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";
import { $assurance } from "../account/second-factor.ts";
import { $access } from "../api/access.ts";
import { $undo } from "../ui/notify.ts";

// The screens' tests are an administrator's, signed in with a code from an
// authenticator app, unless one says otherwise (the app sets both from the session
// before any screen draws).
const ADMINISTRATOR_AT_AAL2 = { verified: true, enrolled: true };
$access.set("admin");
$assurance.set(ADMINISTRATOR_AT_AAL2);

// What a screen shows after an await (findBy*, waitFor) may take longer than Testing
// Library's 1 s on a machine running other suites beside this one, as CI does.
configure({ asyncUtilTimeout: 5_000 });

// Vitest's jsdom environment puts jsdom's own Uint8Array and ArrayBuffer on the global,
// while Node's TextEncoder, Buffer and crypto make Node's: the embedded stack the screens'
// tests start (testing/stack.ts) signs its keys with jose, which checks `instanceof
// Uint8Array`. Node's typed arrays are put back, as the code under test meets them in a browser.
const nodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
globalThis.Uint8Array = nodeUint8Array;
globalThis.ArrayBuffer = new nodeUint8Array(0).buffer.constructor as ArrayBufferConstructor;

// jsdom has no pointer capture; a toast asks for it when its Undo is pressed.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  $undo.set(null);
  $access.set("admin");
  $assurance.set(ADMINISTRATOR_AT_AAL2);
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  vi.clearAllMocks();
  vi.restoreAllMocks();
});
