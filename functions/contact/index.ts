// The contact form's endpoint: POST /functions/v1/contact with
//   { name, email, phone?, subject, message, inquiryType?, website? }
// (`website` is the honeypot). Validates with the site's own rules, rate-limits per
// sender and overall in the database, and stores the message with the secret key.
// config.toml sets verify_jwt = false: the public form calls it with the publishable
// key, which is no JWT.
// The answers are listed in handler.ts.
import { secretKey } from "../_shared/caller.ts";
import { clientAddress } from "./client-address.ts";
import { createContactHandler } from "./handler.ts";
import { hashClientAddress, hashSecret } from "./hash.ts";
import { createStore } from "./store.ts";

const secret = hashSecret(Deno.env);

Deno.serve(
  createContactHandler({
    clientAddress,
    hashAddress: (address) => hashClientAddress(address, secret),
    store: createStore(Deno.env.get("SUPABASE_URL"), secretKey(Deno.env)),
  }),
);
