import { Hono } from "hono";
import type { StandInContext } from "./context.ts";

export function functionRoutes(_ctx: StandInContext): { app: Hono; close(): Promise<void> } {
  return { app: new Hono(), close: async () => {} };
}
