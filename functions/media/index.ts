// The media upload endpoint: admins send one file, it is checked and stored. See handler.ts.
import { createDeps } from "./deps.ts";
import { createMediaHandler } from "./handler.ts";

Deno.serve(createMediaHandler(createDeps(Deno.env)));
