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

/** A caught message and what the catcher knows of it besides. */
interface Entry {
  message: CaughtMessage;
  /** When it arrived. */
  created: string;
  /** Whether it has been opened (page or API). */
  read: boolean;
}

export class MailStore {
  /** By ID, oldest first (the order they arrived in). */
  readonly #entries = new Map<string, Entry>();

  add(message: NewMessage): CaughtMessage {
    const stored: CaughtMessage = {
      ...message,
      ID: randomUUID(),
      Tags: [],
      Inline: [],
      Attachments: [],
    };
    this.#entries.set(stored.ID, {
      message: stored,
      created: new Date().toISOString(),
      read: false,
    });
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= MAX_MESSAGES) break;
      this.#entries.delete(id);
    }
    return stored;
  }

  get(id: string): CaughtMessage | undefined {
    return this.#entries.get(id)?.message;
  }

  markRead(id: string): void {
    const entry = this.#entries.get(id);
    if (entry) entry.read = true;
  }

  isRead(id: string): boolean {
    return this.#entries.get(id)?.read ?? false;
  }

  /** Newest first. */
  all(): CaughtMessage[] {
    return [...this.#entries.values()].reverse().map((entry) => entry.message);
  }

  summary(message: CaughtMessage): MessageSummary {
    const entry = this.#entries.get(message.ID);
    return {
      ID: message.ID,
      MessageID: message.MessageID,
      Read: entry?.read ?? false,
      From: message.From,
      To: message.To,
      Cc: message.Cc,
      Bcc: message.Bcc,
      ReplyTo: message.ReplyTo,
      Subject: message.Subject,
      Created: entry?.created ?? message.Date,
      Tags: message.Tags,
      Size: message.Size,
      Attachments: 0,
      Snippet: message.Text.replace(/\s+/g, " ").trim().slice(0, SNIPPET_CHARS),
    };
  }

  unread(): number {
    let count = 0;
    for (const entry of this.#entries.values()) if (!entry.read) count += 1;
    return count;
  }

  /** Removes the given messages, or all of them. */
  delete(ids?: string[]): void {
    if (!ids) this.#entries.clear();
    else for (const id of ids) this.#entries.delete(id);
  }
}

/** Everyone a message went to: the To and Cc headers and the envelope. */
function recipientsOf(message: CaughtMessage): string[] {
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
