// zod, set up once for every schema of the site and the admin: they all import `z`
// from here. Without `jitless`, zod probes `new Function("")` to compile fast
// parsers, which the site's Content-Security-Policy (no eval;
// src/lib/security-headers.ts) refuses and reports as a violation. Interpreted
// parsing is fast enough for forms and for a build's few hundred rows.
import { z } from "zod";

z.config({ jitless: true });

export { z };
