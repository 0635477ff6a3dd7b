// Assertions for the functions' `deno test` suites. jsr:@std/assert cannot be fetched
// here and `node:assert` needs npm:@types/node resolved by Deno itself (not possible
// with nodeModulesDir "manual"), so these few are written out.

export class AssertionError extends Error {
  override name = "AssertionError";
}

function show(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    return (
      JSON.stringify(value, (_key, v) => (v === undefined ? "<undefined>" : v)) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

function fail(message: string, note?: string): never {
  throw new AssertionError(note ? `${note}: ${message}` : message);
}

/** Structural equality of plain data: primitives (Object.is), arrays, plain objects. */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export function assertEquals(actual: unknown, expected: unknown, note?: string): void {
  if (!isDeepEqual(actual, expected)) {
    fail(`expected ${show(expected)}, got ${show(actual)}`, note);
  }
}

export function assertNotEquals(actual: unknown, unexpected: unknown, note?: string): void {
  if (isDeepEqual(actual, unexpected)) fail(`expected anything but ${show(unexpected)}`, note);
}

export function assert(condition: unknown, note?: string): asserts condition {
  if (!condition) fail("expected a truthy value", note);
}

export function assertMatch(text: string, pattern: RegExp, note?: string): void {
  if (!pattern.test(text)) fail(`expected ${show(text)} to match ${pattern}`, note);
}

export function assertThrows(fn: () => unknown, note?: string): void {
  try {
    fn();
  } catch {
    return;
  }
  fail("expected a throw", note);
}

export async function assertRejects(fn: () => Promise<unknown>, note?: string): Promise<void> {
  try {
    await fn();
  } catch {
    return;
  }
  fail("expected a rejection", note);
}
