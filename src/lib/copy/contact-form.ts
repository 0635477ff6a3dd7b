// The contact form's fixed labels: its fields' names, its button and what it says after
// sending. Kept apart from contact.ts so the form's island loads nothing else.

export const contactFormLabels = {
  required: { before: "Fields marked", asterisk: "with an asterisk", after: "are required." },
  fields: {
    name: "Full Name",
    email: "Email Address",
    phone: "Phone Number (optional)",
    subject: "Subject",
    inquiryType: "Inquiry Type",
    message: "Message",
  },
  /** The hidden field only robots fill in. */
  honeypot: "Website (leave this empty)",
  send: "Send Message",
  sending: "Sending...",
  sent: "Thank you for your message! We will get back to you soon.",
  invalid: "Please check the highlighted fields and send again.",
  rateLimited:
    "You have sent several messages in a short time, so we could not accept this one yet.",
  stillInForm: "Your message is still in the form.",
  retryLater: "Please try again later.",
  retrySoon: "Please try again in a minute or two.",
  retryIn: (minutes: number) => `Please try again in about ${minutes} minutes.`,
  failed: "Sorry, your message could not be sent. Please try again",
  directly: ", or reach us directly",
  byPhone: "by phone on",
  or: " or",
  byEmail: "by e-mail at",
} as const;
