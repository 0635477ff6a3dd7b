// The contact form's rules for the site (the ContactForm island). They live with the
// Edge Functions, in functions/_shared/contact-rules.ts, because a function may only
// import files under functions/ (hosted bundles only what it deploys, and the local
// stand-in lets Deno read nothing else); the site imports them from there, so the form
// and the `contact` function can never disagree.
export * from "../../functions/_shared/contact-rules.ts";
