// A function's notification mail reaches the mail catcher: the stack gives the
// functions the catcher's SMTP secrets, as `npm start` does, and a fixture function
// sends through functions/_shared/mail.ts. The fixture is not deployed to a real
// project, so this runs on the embedded stack only.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "./mail.ts";
import { anonClient, embeddedOnly, REAL_PROJECT, startTestStack, type TestStack } from "./stack.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "functions");

describe.skipIf(REAL_PROJECT)(
  `function mail ${embeddedOnly("the fixture function is not deployed")}`,
  () => {
    let stack: TestStack;

    beforeAll(async () => {
      stack = await startTestStack({ functionsDir: fixtures, mailSecrets: true });
    }, 60_000);

    afterAll(async () => {
      await stack?.close();
    });

    it("goes over SMTP to the catcher, to every recipient, with its text and HTML", {
      timeout: 60_000,
    }, async () => {
      const to = ["board@helpinghands.example", "office@helpinghands.example"];
      const { data, error } = await anonClient(stack).functions.invoke("notify", {
        body: {
          to,
          subject: "A new message arrived",
          text: "Someone wrote through the contact form.",
          html: "<p>Someone wrote through the <b>contact form</b>.</p>",
        },
      });
      expect(error).toBeNull();
      expect(data).toEqual({ sent: true, via: "smtp" });
      for (const address of to) {
        const [mail] = await waitForMail(stack, address);
        expect(mail?.Subject).toBe("A new message arrived");
        expect(mail?.From.Address).toBe("noreply@helpinghands.local");
        expect(mail?.Text.trim()).toBe("Someone wrote through the contact form.");
        expect(mail?.HTML).toContain("<b>contact form</b>");
        expect(mail?.To.map((entry) => entry.Address)).toEqual(to);
      }
    });
  },
);
