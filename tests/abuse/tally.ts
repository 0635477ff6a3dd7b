// The abuse suite's bookkeeping. Each group (access, input, uploads, rendering,
// secrets, concurrency, faults, load) counts the cases it tried, the ones the product
// wrongly accepted (an attack or bad value that got through) and the ones that ended in
// an error instead of a clear refusal (a 5xx, a crash, a timeout). It prints one line
// per group, e.g.
//
//   [abuse] access: 1240 cases tried, 0 wrongly accepted, 0 errors (14.2 s)
//
// and the test fails on any wrongly accepted case or error, naming the first few.
//
// `npm test` runs the short version; `npm run test:abuse` sets ABUSE_LONG=1, which
// widens the groups that can grow (more generated values, more requests).
import { expect } from "vitest";

/** True under `npm run test:abuse`. */
export const LONG = process.env.ABUSE_LONG === "1";

/** `short` cases in `npm test`, `long` under `npm run test:abuse`. */
export function scale(short: number, long: number): number {
  return LONG ? long : short;
}

export class Tally {
  tried = 0;
  readonly wronglyAccepted: string[] = [];
  readonly errors: string[] = [];
  /** Cases the stand-in refused as features it does not play: proved only on a real project. */
  readonly notPlayed: string[] = [];
  readonly group: string;
  private readonly started = performance.now();

  constructor(group: string) {
    this.group = group;
  }

  /** A case that must be refused: `refused` says whether it was. */
  refused(name: string, refused: boolean): boolean {
    this.tried += 1;
    if (!refused) this.wronglyAccepted.push(name);
    return refused;
  }

  /** A case that must be allowed or must hold (an invariant): `ok` says whether it did. */
  holds(name: string, ok: boolean): boolean {
    this.tried += 1;
    if (!ok) this.wronglyAccepted.push(name);
    return ok;
  }

  /** A case that ended in an error rather than a clear answer. */
  error(name: string, detail: unknown): void {
    this.tried += 1;
    const text = detail instanceof Error ? detail.message : String(detail);
    this.errors.push(`${name}: ${text}`);
  }

  /** A case the local stand-in refused as a feature it does not play (501 STANDIN501). */
  notPlayedHere(name: string): void {
    this.notPlayed.push(name);
  }

  line(): string {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const notPlayed = this.notPlayed.length
      ? `, ${this.notPlayed.length} not played by the stand-in (proved against a real project only)`
      : "";
    return `[abuse] ${this.group}: ${this.tried} cases tried, ${this.wronglyAccepted.length} wrongly accepted, ${this.errors.length} errors${notPlayed} (${seconds} s)`;
  }

  /** Prints the group's line and fails on anything wrongly accepted or any error. */
  report(): void {
    console.log(this.line());
    expect(this.tried, `${this.group}: no cases were tried`).toBeGreaterThan(0);
    expect(this.wronglyAccepted.slice(0, 20), `${this.group}: wrongly accepted`).toEqual([]);
    expect(this.errors.slice(0, 20), `${this.group}: errors`).toEqual([]);
  }
}
