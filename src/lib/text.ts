// How the pages read an editor's plain text: paragraphs split by a blank line, lists
// written one item per line.

/** The paragraphs of a text, split where a blank line stands between them. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The items of a text written one per line, blank lines left out. */
export function lines(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
