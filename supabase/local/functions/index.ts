// The /functions/v1 stand-in, and the environment it gives functions.
export { platformEnv } from "./environment.ts";
export { type FunctionRoutesOptions, functionRoutes, REQUEST_IDLE_TIMEOUT_MS } from "./routes.ts";
export { MAX_FUNCTION_BODY_BYTES } from "./validation.ts";
