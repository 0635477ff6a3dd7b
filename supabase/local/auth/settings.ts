// GET /settings and GET /health: what this project's Auth offers. Only email and
// password sign-in is on; whether sign-ups are (config.toml: enable_signup) and whether
// email sign-ups need a confirmation (enable_confirmations) come from the settings.
import type { AuthSettings } from "./config.ts";

/** The external providers GoTrue lists in /settings, all off here. */
const PROVIDERS = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin_oidc",
  "notion",
  "slack_oidc",
  "spotify",
  "twitch",
  "twitter",
  "workos",
  "zoom",
];

export function settingsJson(settings: AuthSettings) {
  const external: Record<string, boolean> = Object.fromEntries(
    PROVIDERS.map((name) => [name, false]),
  );
  external.email = true;
  external.phone = false;
  return {
    external,
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: settings.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: "twilio",
    saml_enabled: false,
  };
}

export function healthJson() {
  return {
    version: "local stand-in",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  };
}
