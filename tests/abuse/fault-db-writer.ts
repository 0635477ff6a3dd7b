// A child process for tests/abuse/faults.test.ts: opens the embedded database the way
// `npm start` does (scripts/lib/stack.ts openDatabase: PGlite on <dataDir>/db, with the
// bootstrap, migrations and, on first run, the seed) and commits writes in a loop until
// it is killed. Each write is reported on stdout only AFTER its commit returned:
//
//   ready <created 0|1>
//   committed <n>
//
// Write n (from <first> upwards) is one of three kinds, by n % 3:
//   0: a single insert into public.causes titled `<tag>-<n>`
//   1: one transaction inserting into public.causes AND public.gallery_images (both
//      titled `<tag>-<n>`): after a crash both rows are there or neither
//   2: an update of the counter row (`<tag>-counter`, sort_order = n), then an insert
//      into public.causes titled `<tag>-<n>`, in one transaction
// Every insert fires the content triggers (audit entry, revision bump), so the audit
// log and content_revision are written on every commit too. Descriptions vary in size
// (up to ~5 kB, the column's limit, so some are compressed or TOASTed) to touch more pages per write.
//
// Usage: node tests/abuse/fault-db-writer.ts <dataDir> <tag> <first>
import { openDatabase } from "../../scripts/lib/stack.ts";

const [dataDir, tag, firstArg] = process.argv.slice(2);
if (!dataDir || !tag || !firstArg) {
  console.error("usage: fault-db-writer.ts <dataDir> <tag> <first>");
  process.exit(2);
}
const first = Number(firstArg);
const image = "/images/seed/sample.jpg";

function description(n: number): string {
  const size = 20 + ((n * 7919) % 4900);
  return `write ${n} `.padEnd(size, String.fromCharCode(97 + (n % 26)));
}

const { db, created } = await openDatabase(dataDir);
await db.query(
  `insert into public.causes (title, description, image_url, sort_order)
   select $1, 'the counter of the fault test', $2, 0
   where not exists (select 1 from public.causes where title = $1)`,
  [`${tag}-counter`, image],
);
process.stdout.write(`ready ${created ? 1 : 0}\n`);

const insertCause = `insert into public.causes (title, description, image_url, sort_order)
  values ($1, $2, $3, $4)`;

for (let n = first; ; n++) {
  const title = `${tag}-${n}`;
  const sortOrder = n % 100_000;
  if (n % 3 === 0) {
    await db.query(insertCause, [title, description(n), image, sortOrder]);
  } else if (n % 3 === 1) {
    await db.transaction(async (tx) => {
      await tx.query(insertCause, [title, description(n), image, sortOrder]);
      await tx.query(
        `insert into public.gallery_images (title, category, image_url, sort_order)
         values ($1, 'events', $2, $3)`,
        [title, image, sortOrder],
      );
    });
  } else {
    await db.transaction(async (tx) => {
      await tx.query("update public.causes set sort_order = $2 where title = $1", [
        `${tag}-counter`,
        sortOrder,
      ]);
      await tx.query(insertCause, [title, description(n), image, sortOrder]);
    });
  }
  process.stdout.write(`committed ${n}\n`);
}
