// The local host's deploy notifications, sent as Netlify sends them: a POST of the
// deploy as JSON, signed in X-Webhook-Signature with a JWS (HS256, the notification's
// secret) whose claims are iss = "netlify" and sha256 = the hex SHA-256 of the body.
import { createHash } from "node:crypto";
import { SignJWT } from "jose";

export interface DeployNotice {
  id: string;
  state: "ready" | "error";
  context: "production" | "deploy-preview";
  /** When the deploy was created: a notice never settles a run asked for after it. */
  created_at: string;
  error_message?: string;
}

export type Notify = (deploy: DeployNotice) => Promise<void>;

export function createNotifier(options: { url: string; secret: string }): Notify {
  return async (deploy) => {
    const body = JSON.stringify({
      ...deploy,
      branch: "main",
      error_message: deploy.error_message ?? null,
    });
    const sha256 = createHash("sha256").update(body).digest("hex");
    const signature = await new SignJWT({ sha256 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("netlify")
      .sign(new TextEncoder().encode(options.secret));
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-webhook-signature": signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (!response.ok) console.warn(`[host] the deploy notification got HTTP ${response.status}.`);
    } catch (error) {
      console.warn(`[host] the deploy notification could not be sent: ${(error as Error).message}`);
    }
  };
}
