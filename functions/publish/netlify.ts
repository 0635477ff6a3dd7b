// Netlify's deploy notifications ("Deploy succeeded", "Deploy failed"), sent as outgoing
// webhooks: a POST whose body is the deploy as JSON, signed in the X-Webhook-Signature
// header with a JWS (HS256, the "JWS secret token" set on the notification) whose
// claims are iss = "netlify" and sha256 = the hex SHA-256 of the raw body.
import { jwtVerify } from "npm:jose@6";

interface NoticeBase {
  context: string;
  /** When the host created the deploy (ISO 8601), if the notice says. */
  createdAt: string | null;
}

export type DeployNotice =
  | (NoticeBase & { kind: "ready" })
  | (NoticeBase & { kind: "error"; reason: string })
  | (NoticeBase & { kind: "other"; state: string });

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** True when the signature was made with the secret over exactly this body. */
export async function verifyNetlifySignature(
  body: Uint8Array,
  signature: string,
  secret: string,
): Promise<boolean> {
  if (!secret || !signature) return false;
  try {
    const { payload } = await jwtVerify(signature, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer: "netlify",
    });
    return typeof payload.sha256 === "string" && payload.sha256 === (await sha256Hex(body));
  } catch {
    return false;
  }
}

/** What a deploy notification says; null when the body is not a deploy. */
export function readDeployNotice(body: unknown): DeployNotice | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const deploy = body as {
    state?: unknown;
    context?: unknown;
    error_message?: unknown;
    created_at?: unknown;
  };
  if (typeof deploy.state !== "string") return null;
  const context = typeof deploy.context === "string" ? deploy.context : "";
  const createdAt =
    typeof deploy.created_at === "string" && !Number.isNaN(Date.parse(deploy.created_at))
      ? new Date(deploy.created_at).toISOString()
      : null;
  if (deploy.state === "ready") return { kind: "ready", context, createdAt };
  if (deploy.state === "error") {
    const message = typeof deploy.error_message === "string" ? deploy.error_message.trim() : "";
    return {
      kind: "error",
      context,
      createdAt,
      reason: `The host could not deploy the site${message ? `: ${message.slice(0, 500)}` : "."}`,
    };
  }
  return { kind: "other", context, createdAt, state: deploy.state };
}
