// Test-only: two small queries of a rendered form that Testing Library has no words for.

/** The text of the error message a form control points to with aria-describedby. */
export function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((entry) => entry.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The current value of an input, textarea or select. */
export function inputValue(element: HTMLElement): string {
  return (element as HTMLInputElement).value;
}
