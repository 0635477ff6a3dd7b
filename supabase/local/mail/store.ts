// The caught messages, newest first, in the shape Mailpit's API (v1) gives them, so
// the same tests and tools read the local catcher and `supabase start`'s Mailpit.
// Kept in memory: mail is for looking at now, not for keeping.
import { randomUUID } from "node:crypto";

export interface MailAddress {
  Name: string;
  Address: string;
}

/** A message as Mailpit's `GET /api/v1/message/{ID}` answers it (the fields kept here). */
export interface CaughtMessage {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  /** Envelope recipients no header names. */
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  Date: string;
  Tags: string[];
  Text: string;
  HTML: string;
  Size: number;
  Inline: [];
  Attachments: [];
}

/** A message as Mailpit's message list shows it. */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Created: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

/** How many messages are kept; older ones give way. */
export const MAX_MESSAGES = 1000;
const SNIPPET_CHARS = 250;

export type NewMessage = Omit<CaughtMessage, "ID" | "Tags" | "Inline" | "Attachments">;

export class MailStore {
  readonly #messages: CaughtMessage[] = [];
  readonly #read = new Set<string>();
  readonly #created = new Map<string, string>();

  add(message: NewMessage): CaughtMessage {
    const stored: CaughtMessage = {
      ...message,
      ID: randomUUID(),
      Tags: [],
      Inline: [],
      Attachments: [],
    };
    this.#messages.unshift(stored);
    this.#created.set(stored.ID, new Date().toISOString());
    for (const dropped of this.#messages.splice(MAX_MESSAGES)) {
      this.#read.delete(dropped.ID);
      this.#created.delete(dropped.ID);
    }
    return stored;
  }

  get(id: string): CaughtMessage | undefined {
    return this.#messages.find((message) => message.ID === id);
  }

  markRead(id: string): void {
    if (this.get(id)) this.#read.add(id);
  }

  /** Newest first. */
  all(): CaughtMessage[] {
    return [...this.#messages];
  }

  summary(message: CaughtMessage): MessageSummary {
    return {
      ID: message.ID,
      MessageID: message.MessageID,
      Read: this.#read.has(message.ID),
      From: message.From,
      To: message.To,
      Cc: message.Cc,
      Bcc: message.Bcc,
      ReplyTo: message.ReplyTo,
      Subject: message.Subject,
      Created: this.#created.get(message.ID) ?? message.Date,
      Tags: message.Tags,
      Size: message.Size,
      Attachments: 0,
      Snippet: message.Text.replace(/\s+/g, " ").trim().slice(0, SNIPPET_CHARS),
    };
  }

  unread(): number {
    return this.#messages.filter((message) => !this.#read.has(message.ID)).length;
  }

  /** Removes the given messages, or all of them. */
  delete(ids?: string[]): void {
    const doomed = ids ? new Set(ids) : undefined;
    for (let i = this.#messages.length - 1; i >= 0; i -= 1) {
      const message = this.#messages[i] as CaughtMessage;
      if (doomed && !doomed.has(message.ID)) continue;
      this.#messages.splice(i, 1);
      this.#read.delete(message.ID);
      this.#created.delete(message.ID);
    }
  }
}

/** Everyone a message went to: the To and Cc headers and the envelope. */
export function recipientsOf(message: CaughtMessage): string[] {
  return [...message.To, ...message.Cc, ...message.Bcc].map((to) => to.Address.toLowerCase());
}

function terms(query: string): { field: string; value: string }[] {
  const found: { field: string; value: string }[] = [];
  const pattern = /(?:(\w+):)?(?:"([^"]*)"|(\S+))/g;
  for (const match of query.matchAll(pattern)) {
    const value = (match[2] ?? match[3] ?? "").toLowerCase();
    if (value) found.push({ field: (match[1] ?? "").toLowerCase(), value });
  }
  return found;
}

/**
 * Mailpit's search, the part tests use: `to:`, `from:` and `subject:` terms, and plain
 * words found in the subject or the text. Every term must match.
 */
export function matches(message: CaughtMessage, query: string): boolean {
  return terms(query).every(({ field, value }) => {
    if (field === "to") return recipientsOf(message).some((to) => to.includes(value));
    if (field === "from") return message.From.Address.toLowerCase().includes(value);
    if (field === "subject") return message.Subject.toLowerCase().includes(value);
    return `${message.Subject}\n${message.Text}`.toLowerCase().includes(value);
  });
}
