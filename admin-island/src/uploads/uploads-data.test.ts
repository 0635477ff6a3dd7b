// Removing an upload never saved, against the embedded stack: by the public address the
// media function answered, only inside this project's media bucket, and only by an
// administrator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import type { Backend } from "../api/backend.ts";
import { MEDIA_BUCKET, removeUpload } from "./media-upload-mutation.ts";

let stack: TestStack;
let admin: Backend;
let user: Backend;

beforeAll(async () => {
  stack = await startTestStack();
  const backend = (client: Backend["client"]): Backend => ({
    client,
    url: stack.url,
    publishableKey: stack.publishableKey,
  });
  admin = backend((await signedInUser(stack, { admin: true })).client);
  user = backend((await signedInUser(stack)).client);
});
afterAll(() => stack?.close());

const png = (bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: "image/png" });

describe("removeUpload", () => {
  it("removes an unsaved upload by its public URL, and nothing outside the bucket", async () => {
    const media = serviceClient(stack).storage.from(MEDIA_BUCKET);
    const path = `gallery/home/2026/${crypto.randomUUID()}.png`;
    const stored = await media.upload(path, png([137, 80, 78, 71]), { contentType: "image/png" });
    expect(stored.error).toBeNull();
    const url = media.getPublicUrl(path).data.publicUrl;
    expect((await fetch(url)).status).toBe(200);

    await removeUpload(admin, "https://elsewhere.example/storage/v1/object/public/media/x.png");
    await removeUpload(admin, "/images/seed/banner-1.jpg");
    expect((await fetch(url)).status).toBe(200);
    await removeUpload(admin, url);
    expect((await fetch(url)).status).not.toBe(200);
    // A non-admin removes nothing.
    const other = `gallery/home/2026/${crypto.randomUUID()}.png`;
    await media.upload(other, png([1]), { contentType: "image/png" });
    const otherUrl = media.getPublicUrl(other).data.publicUrl;
    await removeUpload(user, otherUrl);
    expect((await fetch(otherUrl)).status).toBe(200);
  });
});
