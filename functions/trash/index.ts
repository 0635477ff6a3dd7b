// The trash purge: deletions past their 30 days lose the files only they used. See handler.ts.
import { createDeps } from "./deps.ts";
import { createTrashHandler } from "./handler.ts";

Deno.serve(createTrashHandler(createDeps(Deno.env)));
