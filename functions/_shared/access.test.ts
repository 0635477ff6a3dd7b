// The team-only functions' check of who calls: administrators (and, where editors may,
// editors) in, everyone else refused alike.

import { admitAdmin, admitTeam, admitTeamOrSecretKey, UNAUTHORIZED_MESSAGE } from "./access.ts";
import { assert, assertEquals } from "./assert.ts";
import type { Caller } from "./caller.ts";
import { endpointAnswers } from "./http.ts";

const URL = "http://127.0.0.1/endpoint";
const answers = endpointAnswers(["POST"]);
const CALLERS: Record<string, Caller> = {
  "admin-token": { kind: "admin", userId: "admin-1" },
  "editor-token": { kind: "editor", userId: "editor-1" },
  "user-token": { kind: "user" },
};

function gate() {
  const asked: string[] = [];
  return {
    asked,
    identify: async (token: string) => {
      asked.push(token);
      return CALLERS[token] ?? { kind: "none" };
    },
    isSecretKey: (token: string) => token === "sb_secret_x",
    forbidden: "Only administrators can do this.",
  };
}

const post = (token: string | null) =>
  new Request(URL, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: "{}",
  });

Deno.test("an admin is let in, body unread; others get 401 or 403, body cancelled", async () => {
  const admin = post("admin-token");
  assertEquals(await admitAdmin(admin, answers, gate()), { kind: "admin", userId: "admin-1" });
  assert(!admin.bodyUsed);
  for (const [token, status, error, message] of [
    [null, 401, "unauthorized", UNAUTHORIZED_MESSAGE],
    ["forged", 401, "unauthorized", UNAUTHORIZED_MESSAGE],
    ["sb_secret_x", 401, "unauthorized", UNAUTHORIZED_MESSAGE],
    ["user-token", 403, "forbidden", "Only administrators can do this."],
    ["editor-token", 403, "forbidden", "Only administrators can do this."],
  ] as const) {
    const request = post(token);
    const answer = await admitAdmin(request, answers, gate());
    assert(answer instanceof Response, String(token));
    assertEquals(answer.status, status, String(token));
    assertEquals(answer.headers.get("access-control-allow-origin"), "*");
    assertEquals(await answer.json(), { error, message });
    assert(request.bodyUsed, "the body is cancelled");
  }
});

Deno.test("the team gate lets editors and administrators in, and refuses a user", async () => {
  assertEquals(await admitTeam(post("admin-token"), answers, gate()), {
    kind: "admin",
    userId: "admin-1",
  });
  assertEquals(await admitTeam(post("editor-token"), answers, gate()), {
    kind: "editor",
    userId: "editor-1",
  });
  const refused = await admitTeam(post("user-token"), answers, gate());
  assertEquals(refused instanceof Response && refused.status, 403);
});

Deno.test("the secret key is let in as the server without asking identify", async () => {
  const g = gate();
  assertEquals(await admitTeamOrSecretKey(post("sb_secret_x"), answers, g), { kind: "server" });
  assertEquals(g.asked, []);
  const refused = await admitTeamOrSecretKey(post("user-token"), answers, g);
  assertEquals(refused instanceof Response && refused.status, 403);
  assertEquals(g.asked, ["user-token"]);
});
