// The publish endpoint: admins ask for the site to be rebuilt (POST) and read the recent
// runs (GET); builds report their progress with the build token. See handler.ts.
import { createDeps } from "./deps.ts";
import { createPublishHandler } from "./handler.ts";

Deno.serve(createPublishHandler(createDeps(Deno.env)));
