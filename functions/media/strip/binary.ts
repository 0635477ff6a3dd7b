// Byte reading and writing shared by the format walkers, and the one error they throw.

/**
 * Why a file is refused rather than stored: "damaged" when its structure does not hold
 * together (a length past the end, a missing end marker, a bad checksum), "unremovable"
 * when it carries metadata that cannot be taken out without risking the picture.
 */
export class Refusal extends Error {
  override name = "Refusal";
  readonly reason: "damaged" | "unremovable";
  constructor(reason: "damaged" | "unremovable", message: string) {
    super(message);
    this.reason = reason;
  }
}

export const damaged = (message: string) => new Refusal("damaged", message);
export const unremovable = (message: string) => new Refusal("unremovable", message);

/** Throws a "damaged" refusal unless [at, at + length) lies within the bytes. */
export function need(bytes: Uint8Array, at: number, length: number, what: string): void {
  if (at < 0 || length < 0 || at + length > bytes.length) {
    throw damaged(`${what} runs past the end of the file`);
  }
}

export function u16be(bytes: Uint8Array, at: number): number {
  need(bytes, at, 2, "a 16-bit field");
  return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
}

export function u32be(bytes: Uint8Array, at: number): number {
  need(bytes, at, 4, "a 32-bit field");
  return (
    (bytes[at] as number) * 0x1000000 +
    (((bytes[at + 1] as number) << 16) |
      ((bytes[at + 2] as number) << 8) |
      (bytes[at + 3] as number))
  );
}

export function u32le(bytes: Uint8Array, at: number): number {
  need(bytes, at, 4, "a 32-bit field");
  return (
    (bytes[at + 3] as number) * 0x1000000 +
    (((bytes[at + 2] as number) << 16) | ((bytes[at + 1] as number) << 8) | (bytes[at] as number))
  );
}

/** Reads an unsigned big-endian integer of 0, 4 or 8 bytes (8 only while it fits 2^53). */
export function uintbe(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return u32be(bytes, at);
  if (size === 8) {
    const high = u32be(bytes, at);
    if (high >= 0x200000) throw damaged("a 64-bit field is too large");
    return high * 0x100000000 + u32be(bytes, at + 4);
  }
  throw damaged(`a field of ${size} bytes is not allowed here`);
}

export function putU16be(target: Uint8Array, at: number, value: number): void {
  target[at] = (value >>> 8) & 0xff;
  target[at + 1] = value & 0xff;
}

export function putU32be(target: Uint8Array, at: number, value: number): void {
  target[at] = (value >>> 24) & 0xff;
  target[at + 1] = (value >>> 16) & 0xff;
  target[at + 2] = (value >>> 8) & 0xff;
  target[at + 3] = value & 0xff;
}

export function putU32le(target: Uint8Array, at: number, value: number): void {
  target[at] = value & 0xff;
  target[at + 1] = (value >>> 8) & 0xff;
  target[at + 2] = (value >>> 16) & 0xff;
  target[at + 3] = (value >>> 24) & 0xff;
}

/** The bytes at [at, at + length) as Latin-1 text, e.g. a four-character code. */
export function latin1(bytes: Uint8Array, at: number, length: number): string {
  need(bytes, at, length, "a name");
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** True when the bytes at `at` are the given ASCII text. */
export function hasText(bytes: Uint8Array, at: number, text: string): boolean {
  if (at < 0 || at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i += 1) {
    if (bytes[at + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The most segments, chunks, blocks or boxes a file may have: real pictures have far fewer. */
export const MAX_PARTS = 100_000;

/** Counts the parts of a file as it is walked and refuses one with too many. */
export function partCounter(): () => void {
  let count = 0;
  return () => {
    count += 1;
    if (count > MAX_PARTS) throw damaged(`the file has more than ${MAX_PARTS} parts`);
  };
}

/** What was taken out of a file, by name; a few dozen names at most. */
export class Removed {
  readonly names = new Set<string>();
  add(name: string): void {
    if (this.names.size < 32) this.names.add(name);
  }
  list(): string[] {
    return [...this.names];
  }
}

/**
 * A copy of a file made of kept byte ranges (adjacent ones joined) and inserted bytes.
 * `result()` is the original array itself when every byte was kept in order and nothing
 * was inserted.
 */
export class Splicer {
  private readonly source: Uint8Array;
  private readonly pieces: Uint8Array[] = [];
  private runStart = 0;
  private runEnd = 0;
  private changed = false;

  constructor(source: Uint8Array) {
    this.source = source;
  }

  keep(from: number, to: number): void {
    if (from !== this.runEnd) {
      this.flush();
      this.runStart = from;
      this.changed = true;
    }
    this.runEnd = to;
  }

  insert(bytes: Uint8Array): void {
    this.flush();
    this.pieces.push(bytes);
    this.runStart = this.runEnd;
    this.changed = true;
  }

  result(): Uint8Array {
    this.flush();
    if (!this.changed && this.runEnd === this.source.length) return this.source;
    return concat(this.pieces);
  }

  private flush(): void {
    if (this.runEnd > this.runStart)
      this.pieces.push(this.source.subarray(this.runStart, this.runEnd));
    this.runStart = this.runEnd;
  }
}
