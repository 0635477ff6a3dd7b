// The team endpoint: admins list, invite, invite again and remove administrators. See handler.ts.
import { createDeps } from "./deps.ts";
import { createTeamHandler } from "./handler.ts";

Deno.serve(createTeamHandler(createDeps(Deno.env)));
