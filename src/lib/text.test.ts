import { describe, expect, it } from "vitest";
import { lines, paragraphs } from "./text";

describe("an editor's plain text", () => {
  it("splits paragraphs at blank lines, even ones holding spaces, and trims them", () => {
    expect(paragraphs("One\nstill one\n\n  Two  \n \t\nThree")).toEqual([
      "One\nstill one",
      "Two",
      "Three",
    ]);
  });

  it("reads a list one item per line, dropping blank lines and Windows line ends", () => {
    expect(lines("Finance\r\n\n  Logistics \nDisaster response\n")).toEqual([
      "Finance",
      "Logistics",
      "Disaster response",
    ]);
  });

  it("reads nothing from a blank or missing text", () => {
    expect(lines(null)).toEqual([]);
    expect(paragraphs("  \n\n ")).toEqual([]);
  });
});
