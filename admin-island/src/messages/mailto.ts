// Reply links to contact-form senders. The address is whatever a visitor typed, so it
// is percent-encoded (RFC 6068) around its @: an address such as
// `a@example.org?bcc=me%40evil.example` stays one odd recipient and cannot add
// recipients, a body or headers to the administrator's reply.

export function mailtoHref(address: string, subject?: string): string {
  const to = address.split("@").map(encodeURIComponent).join("@");
  return subject === undefined
    ? `mailto:${to}`
    : `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
