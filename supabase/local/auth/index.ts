// The /auth/v1 stand-in, for the server and the scripts that create users.
export { AUTH_CONFIG } from "./config.ts";
export { AuthApiError } from "./errors.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { authRoutes } from "./routes.ts";
export { isEmailFormat, isUuid } from "./validation.ts";
