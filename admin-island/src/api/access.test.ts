import { afterEach, describe, expect, it, vi } from "vitest";
import { $access, checkAccess } from "./access.ts";
import { guarded } from "./backend.ts";
import type { AdminClient } from "./client.ts";
import { AccessRemovedError, ConflictError, DataError, SessionExpiredError } from "./errors.ts";

/** A client whose admin_access() answers `answer` (or fails with `error`). */
function clientAnswering(answer: unknown, error: unknown = null) {
  const rpc = vi.fn(async () => ({ data: answer, error }));
  return { client: { rpc } as unknown as AdminClient, rpc };
}

afterEach(() => $access.set("admin"));

describe("guarded", () => {
  it("says the access was removed where the database's refusal looked like a conflict", async () => {
    const { client } = clientAnswering("removed");
    const save = vi.fn(async () => {
      throw new ConflictError(false);
    });
    await expect(guarded(client, save)).rejects.toBeInstanceOf(AccessRemovedError);
    expect($access.get()).toBe("removed");
    // Nothing more is sent once the access is gone.
    await expect(guarded(client, save)).rejects.toBeInstanceOf(AccessRemovedError);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("says the session ended where a write was refused", async () => {
    const { client } = clientAnswering("ended");
    const save = async () => {
      throw new DataError("This account may not make that change.", "42501");
    };
    await expect(guarded(client, save)).rejects.toBeInstanceOf(SessionExpiredError);
    expect($access.get()).toBe("ended");
  });

  it("leaves a real conflict, and every other failure, as it was", async () => {
    const { client, rpc } = clientAnswering("admin");
    const conflict = new ConflictError(false);
    await expect(
      guarded(client, async () => {
        throw conflict;
      }),
    ).rejects.toBe(conflict);
    await expect(
      guarded(client, async () => {
        throw new DataError("A number is too large.", "22003");
      }),
    ).rejects.toThrow("A number is too large.");
    expect(await guarded(client, async () => 7)).toBe(7);
    expect(rpc).toHaveBeenCalledTimes(1);
    expect($access.get()).toBe("admin");
  });
});

describe("checkAccess", () => {
  it("learns nothing when the server cannot be reached", async () => {
    const { client } = clientAnswering(null, { message: "TypeError: Failed to fetch" });
    expect(await checkAccess(client)).toBe("admin");
  });

  it("takes a token the API refuses for an ended session", async () => {
    const { client } = clientAnswering(null, { code: "PGRST303", message: "JWT expired" });
    expect(await checkAccess(client)).toBe("ended");
  });
});
