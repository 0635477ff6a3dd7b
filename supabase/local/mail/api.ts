// The catcher's web side on 127.0.0.1: a page listing the caught mail (open a message,
// follow its links), and the part of Mailpit's REST API (v1) that tests and tools use,
// with Mailpit's paths and shapes:
//   GET    /api/v1/messages?start=&limit=        newest first
//   GET    /api/v1/search?query=&start=&limit=   to:, from:, subject: and plain words
//   GET    /api/v1/message/{ID}                  one message, with Text and HTML
//   DELETE /api/v1/messages                      all, or {"IDs": [...]}
import { Hono } from "hono";
import { type CaughtMessage, type MailStore, matches } from "./store.ts";

const DEFAULT_LIMIT = 50;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}

function pageNumber(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
}

function listJson(
  store: MailStore,
  found: CaughtMessage[],
  all: number,
  start: number,
  limit: number,
) {
  const page = found.slice(start, start + limit);
  return {
    total: all,
    unread: store.unread(),
    count: page.length,
    messages_count: found.length,
    messages_unread: found.filter((message) => !store.isRead(message.ID)).length,
    start,
    tags: [],
    messages: page.map((message) => store.summary(message)),
  };
}

/** The links a message carries (its HTML's hrefs, or addresses in its text). */
function linksIn(message: Pick<CaughtMessage, "HTML" | "Text">): string[] {
  const links = new Set<string>();
  for (const match of message.HTML.matchAll(/href="([^"]+)"/g)) {
    links.add((match[1] ?? "").replace(/&amp;/g, "&"));
  }
  for (const match of message.Text.matchAll(/https?:\/\/[^\s<>"\]]+/g)) links.add(match[0]);
  return [...links];
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
iframe{border:1px solid #ccc;width:100%;height:24rem}pre{white-space:pre-wrap}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function listPage(store: MailStore): string {
  const rows = store
    .all()
    .map((message) => {
      const to = message.To.map((entry) => entry.Address).join(", ");
      return `<tr><td>${escapeHtml(message.Date)}</td><td>${escapeHtml(to)}</td><td><a href="/view/${message.ID}">${escapeHtml(message.Subject || "(no subject)")}</a></td></tr>`;
    })
    .join("");
  const table = rows
    ? `<table><tr><th>Sent</th><th>To</th><th>Subject</th></tr>${rows}</table>`
    : "<p>No mail yet. Everything the local Auth and Edge Functions send lands here.</p>";
  return page(
    "Local mail",
    `<h1>Local mail</h1><p>Caught by the local stand-in; nothing leaves this machine.</p>${table}`,
  );
}

function messagePage(message: CaughtMessage): string {
  const links = linksIn(message)
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link)}" rel="noopener noreferrer">${escapeHtml(link)}</a></li>`,
    )
    .join("");
  const html = message.HTML
    ? `<h2>As sent (HTML)</h2><iframe sandbox srcdoc="${escapeHtml(message.HTML)}"></iframe>`
    : "";
  const text = message.Text ? `<h2>Text</h2><pre>${escapeHtml(message.Text)}</pre>` : "";
  const to = message.To.map((entry) => entry.Address).join(", ");
  return page(
    message.Subject,
    `<p><a href="/">All mail</a></p><h1>${escapeHtml(message.Subject || "(no subject)")}</h1>
<p>From ${escapeHtml(message.From.Address)} to ${escapeHtml(to)}, ${escapeHtml(message.Date)}</p>
${links ? `<h2>Links</h2><ul>${links}</ul>` : ""}${html}${text}`,
  );
}

export function mailApi(store: MailStore): Hono {
  const app = new Hono();
  app.get("/", (c) => c.html(listPage(store)));
  app.get("/view/:id", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.text("message not found", 404);
    store.markRead(message.ID);
    return c.html(messagePage(message));
  });

  app.get("/api/v1/messages", (c) => {
    const all = store.all();
    const start = pageNumber(c.req.query("start"), 0);
    const limit = pageNumber(c.req.query("limit"), DEFAULT_LIMIT) || DEFAULT_LIMIT;
    return c.json(listJson(store, all, all.length, start, limit));
  });
  app.get("/api/v1/search", (c) => {
    const all = store.all();
    const query = c.req.query("query") ?? "";
    const found = all.filter((message) => matches(message, query));
    const start = pageNumber(c.req.query("start"), 0);
    const limit = pageNumber(c.req.query("limit"), DEFAULT_LIMIT) || DEFAULT_LIMIT;
    return c.json(listJson(store, found, all.length, start, limit));
  });
  app.get("/api/v1/message/:id", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.text("message not found", 404);
    store.markRead(message.ID);
    return c.json(message);
  });
  app.delete("/api/v1/messages", async (c) => {
    const text = await c.req.text();
    let ids: string[] | undefined;
    if (text.trim()) {
      try {
        const body = JSON.parse(text) as { IDs?: unknown };
        if (Array.isArray(body.IDs) && body.IDs.length > 0) ids = body.IDs.map(String);
      } catch {
        return c.text("invalid JSON", 400);
      }
    }
    store.delete(ids);
    return c.text("ok");
  });
  app.notFound((c) => c.text("404 page not found", 404));
  return app;
}
