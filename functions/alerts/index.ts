// Delivers the alert outbox: new contact messages, changes to the donation details and
// their approvals, changes to the alert settings. See handler.ts.
import { createDeps } from "./deps.ts";
import { createAlertsHandler } from "./handler.ts";

Deno.serve(createAlertsHandler(createDeps(Deno.env)));
