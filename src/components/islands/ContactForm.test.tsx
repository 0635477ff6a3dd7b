// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_MESSAGES, INQUIRY_TYPE_LABELS, INQUIRY_TYPES } from "../../lib/contact";
import { DEFAULT_SITE as site } from "../../lib/site";
import DefaultContactForm, { CONTACT_SUCCESS_TEXT, ContactForm } from "./ContactForm";

const ENDPOINT = "http://127.0.0.1:54321/functions/v1/contact";
const PUBLISHABLE_KEY = "sb_publishable_for_tests";

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
let fetchMock: FetchMock;

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A fetch whose answer the test gives later, to look at the form while it waits. */
function pendingFetch() {
  let resolve: (response: Response) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  fetchMock.mockImplementationOnce(
    () =>
      new Promise<Response>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return {
    answer: (response: Response) => act(async () => resolve(response)),
    fail: (error: unknown) => act(async () => reject(error)),
  };
}

/** The form as the contact page renders it, with the organisation's first contacts. */
const form = () => (
  <ContactForm
    endpoint={ENDPOINT}
    publishableKey={PUBLISHABLE_KEY}
    phone={site.phones[0]}
    email={site.emails[0]}
  />
);

function setup() {
  const user = userEvent.setup();
  render(form());
  const field = {
    name: () => screen.getByLabelText(/^Full Name/),
    email: () => screen.getByLabelText(/^Email Address/),
    phone: () => screen.getByLabelText("Phone Number (optional)"),
    subject: () => screen.getByLabelText(/^Subject/),
    inquiryType: () => screen.getByLabelText("Inquiry Type") as HTMLSelectElement,
    message: () => screen.getByLabelText(/^Message/),
  };
  const submit = () => screen.getByRole("button", { name: /send message|sending/i });
  const fillValid = async () => {
    await user.type(field.name(), "Asha Rai");
    await user.type(field.email(), "asha@example.org");
    await user.type(field.phone(), "+977 1 234 5678");
    await user.type(field.subject(), "Volunteering");
    await user.selectOptions(field.inquiryType(), "volunteer");
    await user.type(field.message(), "I would like to help at the children's home.");
  };
  return { user, field, submit, fillValid };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ContactForm", () => {
  it("is the same component as the default export", () => {
    expect(DefaultContactForm).toBe(ContactForm);
  });

  it("server-renders every field with its label", () => {
    const html = renderToString(form());
    const doc = new DOMParser().parseFromString(html, "text/html");
    const labels = [...doc.querySelectorAll("label")].map((l) => l.textContent?.trim());
    expect(labels).toEqual([
      "Full Name*",
      "Email Address*",
      "Phone Number (optional)",
      "Subject*",
      "Inquiry Type",
      "Message*",
      "Website (leave this empty)",
    ]);
    for (const label of doc.querySelectorAll("label")) {
      expect(doc.getElementById(label.htmlFor)).not.toBeNull();
    }
    // Before hydration the browser would submit the form itself: never by GET (the text
    // would end up in the address), and the button waits for React.
    expect(doc.querySelector("form")?.getAttribute("method")).toBe("post");
    expect(doc.querySelector("button[type='submit']")?.hasAttribute("disabled")).toBe(true);
  });

  it("shows the contact fields, with the inquiry types labelled and general chosen", () => {
    const { field } = setup();
    expect(field.email()).toHaveProperty("type", "email");
    expect(field.phone()).toHaveProperty("type", "tel");
    expect(field.message().tagName).toBe("TEXTAREA");
    const options = within(field.inquiryType()).getAllByRole("option");
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([...INQUIRY_TYPES]);
    expect(options.map((o) => o.textContent)).toEqual(
      INQUIRY_TYPES.map((t) => INQUIRY_TYPE_LABELS[t]),
    );
    expect(options[0]?.textContent).toBe("General Inquiry");
    expect(field.inquiryType().value).toBe("general");
    for (const required of [field.name(), field.email(), field.subject(), field.message()]) {
      expect(required.getAttribute("aria-required")).toBe("true");
    }
    expect(field.phone().hasAttribute("aria-required")).toBe(false);
  });

  it("an empty submit shows each required field's message inline and focuses Full Name", async () => {
    const { user, field, submit } = setup();
    await user.click(submit());
    expect(fetchMock).not.toHaveBeenCalled();
    const cases = [
      [field.name(), CONTACT_MESSAGES.nameRequired],
      [field.email(), CONTACT_MESSAGES.emailRequired],
      [field.subject(), CONTACT_MESSAGES.subjectRequired],
      [field.message(), CONTACT_MESSAGES.messageRequired],
    ] as const;
    for (const [element, message] of cases) {
      expect(element.getAttribute("aria-invalid")).toBe("true");
      const describedBy = element.getAttribute("aria-describedby") ?? "";
      expect(describedBy).not.toBe("");
      expect(document.getElementById(describedBy)?.textContent).toBe(message);
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(field.phone().hasAttribute("aria-invalid")).toBe(false);
    expect(document.activeElement).toBe(field.name());
    expect(screen.queryByRole("status")?.textContent).toBe("");
  });

  it("a bad email is refused with its message, and focus goes to it", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    await user.clear(field.email());
    await user.type(field.email(), "asha@example");
    await user.click(submit());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(field.email().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field.email());
  });

  it("a message turns valid again as it is corrected", async () => {
    const { user, field, submit } = setup();
    await user.click(submit());
    expect(screen.getByText(CONTACT_MESSAGES.nameRequired)).toBeTruthy();
    await user.type(field.name(), "A");
    expect(screen.queryByText(CONTACT_MESSAGES.nameRequired)).toBeNull();
    expect(field.name().hasAttribute("aria-invalid")).toBe(false);
    expect(field.name().hasAttribute("aria-describedby")).toBe(false);
    // Other fields keep their messages until they are fixed.
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeTruthy();
  });

  it("sends the fields with the publishable key, shows Sending... and thanks only after a 2xx", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    const request = pendingFetch();
    await user.click(submit());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(ENDPOINT);
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({
      "Content-Type": "application/json",
      apikey: PUBLISHABLE_KEY,
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Asha Rai",
      email: "asha@example.org",
      phone: "+977 1 234 5678",
      subject: "Volunteering",
      message: "I would like to help at the children's home.",
      inquiryType: "volunteer",
      website: "",
    });

    // While waiting: disabled, 'Sending...', and no thank-you yet.
    expect(submit()).toHaveProperty("disabled", true);
    expect(submit().textContent).toBe("Sending...");
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).toBeNull();
    await user.click(submit());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await request.answer(jsonResponse({ ok: true }, 201));
    const status = screen.getByRole("status");
    expect(status.textContent).toBe(CONTACT_SUCCESS_TEXT);
    expect(CONTACT_SUCCESS_TEXT).toBe("Thank you for your message! We will get back to you soon.");
    expect(submit()).toHaveProperty("disabled", false);
    expect(submit().textContent).toBe("Send Message");
    // The form is empty again, inquiry type back to general.
    for (const element of [
      field.name(),
      field.email(),
      field.phone(),
      field.subject(),
      field.message(),
    ]) {
      expect((element as HTMLInputElement).value).toBe("");
    }
    expect(field.inquiryType().value).toBe("general");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a 500 says it could not be sent, offers phone and e-mail, and keeps the text", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: "unavailable" }, 500));
    await user.click(submit());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/could not be sent/);
    expect(alert.textContent).toMatch(/try again/);
    const phone = site.phones[0] ?? "";
    const email = site.emails[0] ?? "";
    expect(within(alert).getByRole("link", { name: phone }).getAttribute("href")).toMatch(/^tel:/);
    expect(within(alert).getByRole("link", { name: email }).getAttribute("href")).toBe(
      `mailto:${email}`,
    );
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).toBeNull();
    expect((field.name() as HTMLInputElement).value).toBe("Asha Rai");
    expect((field.message() as HTMLTextAreaElement).value).toBe(
      "I would like to help at the children's home.",
    );
    expect(field.inquiryType().value).toBe("volunteer");
    expect(submit()).toHaveProperty("disabled", false);
  });

  it("a network failure says the same and keeps the text", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    const request = pendingFetch();
    await user.click(submit());
    await request.fail(new TypeError("Failed to fetch"));
    expect(screen.getByRole("alert").textContent).toMatch(/could not be sent/);
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).toBeNull();
    expect((field.subject() as HTMLInputElement).value).toBe("Volunteering");
  });

  it("a 429 says they sent several messages and to try later, and keeps the text", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: "rate_limited", retryAfter: 420 }, 429, { "Retry-After": "420" }),
    );
    await user.click(submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/sent several messages/);
    expect(alert.textContent).toMatch(/try again in about 7 minutes/);
    expect(screen.queryByText(CONTACT_SUCCESS_TEXT)).toBeNull();
    expect((field.email() as HTMLInputElement).value).toBe("asha@example.org");
  });

  it("a 429 without a time still says to try again later", async () => {
    const { user, submit, fillValid } = setup();
    await fillValid();
    fetchMock.mockResolvedValueOnce(new Response("", { status: 429 }));
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toMatch(/try again later/);
  });

  it("the server's field messages are shown on their fields", async () => {
    const { user, field, submit, fillValid } = setup();
    await fillValid();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: "validation", fields: { subject: "The subject is not allowed." } },
        400,
      ),
    );
    await user.click(submit());
    expect(await screen.findByText("The subject is not allowed.")).toBeTruthy();
    expect(field.subject().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field.subject());
    expect(screen.getByRole("alert").textContent).toMatch(/check the highlighted fields/);
    expect((field.subject() as HTMLInputElement).value).toBe("Volunteering");
  });

  it("after a failure, sending again can succeed", async () => {
    const { user, submit, fillValid } = setup();
    await fillValid();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: "unavailable" }, 500))
      .mockResolvedValueOnce(jsonResponse({ ok: true }, 201));
    await user.click(submit());
    expect(await screen.findByRole("alert")).toBeTruthy();
    await user.click(submit());
    expect((await screen.findByRole("status")).textContent).toBe(CONTACT_SUCCESS_TEXT);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("has a honeypot hidden from people: not focusable, no autocomplete, aria-hidden", async () => {
    const { user, field } = setup();
    const honeypot = document.querySelector<HTMLInputElement>("input[name='website']");
    if (!honeypot) throw new Error("no honeypot");
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute("autocomplete")).toBe("off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
    // Not in the accessibility tree: role queries do not find it.
    expect(screen.queryByRole("textbox", { name: /website/i })).toBeNull();
    // Tab order goes from the message straight to the button.
    field.message().focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Send Message" }));
  });

  it("sends what a bot put in the honeypot, so the function can drop it", async () => {
    const { user, submit, fillValid } = setup();
    await fillValid();
    const honeypot = document.querySelector<HTMLInputElement>("input[name='website']");
    if (!honeypot) throw new Error("no honeypot");
    await user.type(honeypot, "http://spam.example");
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }, 200));
    await user.click(submit());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body)).website).toBe("http://spam.example");
  });
});
