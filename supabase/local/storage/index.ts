// The /storage/v1 stand-in, and the rules its tests check on their own.
export { boundaryOf } from "./multipart.ts";
export { isValidObjectName } from "./paths.ts";
export { parseRange } from "./read.ts";
export { storageRoutes } from "./routes.ts";
export { isAllowedMimeType } from "./validation.ts";
