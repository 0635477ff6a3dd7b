// The mail catcher over real SMTP: what it keeps of a message, Mailpit's search and
// delete, its page, and what it refuses to store.
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "./index.ts";
import { MAX_MESSAGES, MailStore } from "./store.ts";

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
});

afterAll(async () => {
  await catcher?.close();
});

beforeEach(async () => {
  await fetch(`${catcher.url}/api/v1/messages`, { method: "DELETE" });
});

async function send(message: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: catcher.smtpHost,
    port: catcher.smtpPort,
    secure: false,
  });
  await transport.sendMail({ from: "Site <noreply@site.test>", ...message });
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${catcher.url}/api/v1${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

interface List {
  total: number;
  messages_count: number;
  messages: { ID: string; Subject: string; Snippet: string; Read: boolean }[];
}

describe("the mail catcher", () => {
  it("keeps what arrives over SMTP, in Mailpit's shapes, newest first", async () => {
    await send({ to: "a@site.test", subject: "First", text: "one" });
    await send({
      to: ["a@site.test", "b@site.test"],
      bcc: "hidden@site.test",
      subject: "Second",
      html: '<p>Go <a href="http://x.test/verify?token=1&amp;type=recovery">here</a></p>',
    });
    const list = await api<List>("/messages");
    expect(list.total).toBe(2);
    expect(list.messages.map((m) => m.Subject)).toEqual(["Second", "First"]);
    const second = await api<Record<string, unknown>>(`/message/${list.messages[0]?.ID}`);
    expect(second).toMatchObject({
      From: { Name: "Site", Address: "noreply@site.test" },
      To: [
        { Name: "", Address: "a@site.test" },
        { Name: "", Address: "b@site.test" },
      ],
      Bcc: [{ Name: "", Address: "hidden@site.test" }],
      Subject: "Second",
    });
    expect(second.HTML).toContain("verify?token=1&amp;type=recovery");
    expect(String(second.Text)).toContain("http://x.test/verify?token=1&type=recovery");
    expect((await api<List>("/messages")).messages[0]?.Read).toBe(true);
  });

  it("searches by recipient (envelope included), sender, subject and words", async () => {
    await send({ to: "a@site.test", subject: "Reset your password", text: "a link" });
    await send({ to: "b@site.test", bcc: "c@site.test", subject: "Invited", text: "welcome" });
    const count = async (query: string) =>
      (await api<List>(`/search?query=${encodeURIComponent(query)}`)).messages_count;
    expect(await count('to:"a@site.test"')).toBe(1);
    expect(await count("to:c@site.test")).toBe(1);
    expect(await count("from:noreply@site.test")).toBe(2);
    expect(await count('subject:"reset your"')).toBe(1);
    expect(await count("welcome")).toBe(1);
    expect(await count("to:b@site.test welcome")).toBe(1);
    expect(await count("to:nobody@site.test")).toBe(0);
  });

  it("deletes some or all, and says when a message is not there", async () => {
    await send({ to: "a@site.test", subject: "One", text: "1" });
    await send({ to: "a@site.test", subject: "Two", text: "2" });
    const [newest] = (await api<List>("/messages")).messages;
    const some = await fetch(`${catcher.url}/api/v1/messages`, {
      method: "DELETE",
      body: JSON.stringify({ IDs: [newest?.ID] }),
    });
    expect(await some.text()).toBe("ok");
    expect((await api<List>("/messages")).messages.map((m) => m.Subject)).toEqual(["One"]);
    await fetch(`${catcher.url}/api/v1/messages`, { method: "DELETE" });
    expect((await api<List>("/messages")).total).toBe(0);
    expect((await fetch(`${catcher.url}/api/v1/message/${newest?.ID}`)).status).toBe(404);
  });

  it("shows the mail on its page, links followable, HTML sandboxed", async () => {
    await send({
      to: "a@site.test",
      subject: "<b>Hi</b>",
      html: '<p><a href="http://x.test/verify?token=1&amp;type=invite">Accept</a></p><script>alert(1)</script>',
    });
    const page = await (await fetch(`${catcher.url}/`)).text();
    expect(page).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    const id = (await api<List>("/messages")).messages[0]?.ID;
    const view = await (await fetch(`${catcher.url}/view/${id}`)).text();
    expect(view).toContain('href="http://x.test/verify?token=1&amp;type=invite"');
    expect(view).toContain("<iframe sandbox srcdoc=");
    expect(view).not.toContain("<script>");
  });
});

describe("the store", () => {
  it("keeps at most MAX_MESSAGES, dropping the oldest", () => {
    const store = new MailStore();
    const base = {
      MessageID: "",
      From: { Name: "", Address: "a@site.test" },
      To: [],
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      ReturnPath: "",
      Date: new Date().toISOString(),
      Text: "",
      HTML: "",
      Size: 1,
    };
    for (let i = 0; i <= MAX_MESSAGES; i += 1) store.add({ ...base, Subject: `m${i}` });
    const all = store.all();
    expect(all).toHaveLength(MAX_MESSAGES);
    expect(all[0]?.Subject).toBe(`m${MAX_MESSAGES}`);
    expect(all.at(-1)?.Subject).toBe("m1");
  });
});
