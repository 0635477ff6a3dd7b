// The /functions/v1 stand-in, and the environment it gives functions.
export { functionRoutes } from "./routes.ts";
export { MAX_FUNCTION_BODY_BYTES } from "./validation.ts";
