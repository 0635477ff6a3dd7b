// Test-only: images.ts where there is no canvas (Node, jsdom). prepareImage hands the
// file back, named by its type; the checks stay real. In a test file:
//   vi.mock("…/uploads/images.ts", async (original) =>
//     (await import("…/testing/fake-images.ts")).withoutCanvas(original));
import { vi } from "vitest";

type Images = typeof import("../uploads/images.ts");

export async function withoutCanvas(original: () => Promise<Images>): Promise<Images> {
  return {
    ...(await original()),
    prepareImage: vi.fn(async (file: File) => ({
      blob: new Blob([file], { type: file.type }),
      extension: file.type === "image/png" ? "png" : "jpg",
      width: 800,
      height: 600,
    })),
  };
}
