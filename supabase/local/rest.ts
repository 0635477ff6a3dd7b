import { Hono } from "hono";
import type { StandInContext } from "./context.ts";

export function restRoutes(_ctx: StandInContext): Hono {
  return new Hono();
}
