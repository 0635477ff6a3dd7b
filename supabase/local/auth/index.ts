// The /auth/v1 stand-in, for the server and the scripts that create users.
export { hashPassword, verifyPassword } from "./passwords.ts";
export { authRoutes } from "./routes.ts";
export { isEmailFormat } from "./validation.ts";
