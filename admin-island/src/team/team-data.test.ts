// The team's calls against the embedded stack, which runs the real team function: a
// list, an invitation and a removal; refusals in the admin's words; a removed
// account told as such.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  typedClient,
} from "../../../tests/contract/stack.ts";
import { $access } from "../api/access.ts";
import { AccessRemovedError, SessionExpiredError } from "../api/errors.ts";
import { inviteMember } from "./member-invite-mutation.ts";
import { removeMember } from "./member-remove-mutation.ts";
import { getMembers } from "./members-query.ts";
import { TeamError } from "./team-error.ts";
import { callTeam } from "./team-function.ts";
import { teamWords } from "./words.ts";

const ORIGIN = "http://127.0.0.1:4321";
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

// A refusal that means the session may no longer act is remembered for the whole page.
afterEach(() => {
  $access.set("admin");
});

describe("the team function's calls", () => {
  it("lists, invites and removes; refusals come in the admin's words", async () => {
    const client = await typedClient(stack, await signedInUser(stack, { admin: true }));
    const email = `teammate-${randomUUID()}@helpinghands.example`;
    await inviteMember(client, { email, role: "editor" }, ORIGIN);
    const member = (await getMembers(client)).find((m) => m.email === email);
    expect(member).toMatchObject({ status: "invited", role: "editor", you: false });

    const again = await inviteMember(client, { email, role: "admin" }, ORIGIN).catch(
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(TeamError);
    expect(again).toMatchObject({
      code: "already_invited",
      message: teamWords.refusals.already_invited,
    });
    const self = (await getMembers(client)).find((m) => m.you);
    const confirm = await removeMember(client, {
      userId: self?.id ?? "",
      confirmSelf: false,
    }).catch((error: unknown) => error);
    expect(confirm).toMatchObject({ code: "confirm_self" });

    expect(await removeMember(client, { userId: member?.id ?? "", confirmSelf: false })).toEqual({
      removedSelf: false,
    });
    expect((await getMembers(client)).some((m) => m.email === email)).toBe(false);
  });

  it("tells a non-admin in words, and an ended session as such", async () => {
    const user = await typedClient(stack, await signedInUser(stack));
    const refused = await callTeam(user).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "forbidden", message: teamWords.refusals.forbidden });

    const leaving = await signedInUser(stack, { admin: true });
    const client = await typedClient(stack, leaving);
    await serviceClient(stack).auth.admin.deleteUser(leaving.id);
    // The function refuses the token of an account that is gone as an ended session...
    expect(await callTeam(client).catch((error: unknown) => error)).toBeInstanceOf(
      SessionExpiredError,
    );
    // ...and the admin, asking the database who this session is, tells why.
    const told = await getMembers(client).catch((error: unknown) => error);
    expect(told).toBeInstanceOf(AccessRemovedError);
  });
});
