// How the conformance suite talks to a Supabase: supabase-js (and so postgrest-js) with
// the secret key, its fetch recorded so each answer's status, headers and body can be
// held to PostgREST's documentation; and a raw request for what the client cannot send.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { TestStack } from "../contract/stack.ts";

export interface Answer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON when it is JSON, else its text ("" when none). */
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  if (/json/.test(response.headers.get("content-type") ?? "") && text !== "")
    body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

/** Hosted runs PostgREST 14 (supabase/cli pins v14.12): postgrest-js offers its methods. */
// biome-ignore lint/suspicious/noExplicitAny: the suite's tables are its own fixture, untyped.
type Untyped = any;
type Client = SupabaseClient<Untyped, { PostgrestVersion: "14" }>;

export interface Conformance {
  /** supabase-js as a server uses it (the secret key); `last()` is what it was answered. */
  client: Client;
  last(): Answer;
  /** A raw request to /rest/v1/<path>, with the secret key. */
  rest(path: string, init?: RequestInit & { prefer?: string }): Promise<Answer>;
  /** Whether the suite runs against the embedded stand-in. */
  embedded: boolean;
}

export function conformance(stack: TestStack): Conformance {
  let recorded: Answer | undefined;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    recorded = await answerOf(response.clone());
    return response;
  };
  const client: Client = createClient<Untyped, { PostgrestVersion: "14" }>(
    stack.url,
    stack.secretKey,
    {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: recording },
    },
  );
  return {
    client,
    embedded: stack.embedded,
    last() {
      if (!recorded) throw new Error("No request was sent");
      return recorded;
    },
    async rest(path, init = {}) {
      const { prefer, headers, ...rest } = init;
      const response = await fetch(`${stack.url}/rest/v1/${path}`, {
        ...rest,
        headers: {
          apikey: stack.secretKey,
          ...(stack.secretKey.startsWith("sb_")
            ? {}
            : { Authorization: `Bearer ${stack.secretKey}` }),
          "Content-Type": "application/json",
          ...(prefer ? { Prefer: prefer } : {}),
          ...(headers as Record<string, string> | undefined),
        },
      });
      return answerOf(response);
    },
  };
}
