import { PGlite } from "@electric-sql/pglite";
const t0 = performance.now();
const db = new PGlite();
await db.exec(`create role anon nologin; create table t (id int primary key, a bool); alter table t enable row level security;
grant select on t to anon; create policy p on t for select to anon using (a); insert into t values (1,true),(2,false);`);
const r = await db.transaction(async (tx) => { await tx.exec("set local role anon"); return tx.query("select * from t"); });
console.log(r.rows, (performance.now()-t0).toFixed(0), "ms", typeof (db as any).clone);
try { await db.transaction(async (tx) => { await tx.exec("set local role anon"); await tx.query("insert into t values (3,true)"); }); } catch (e: any) { console.log("err", e.code, e.message); }
const v = await db.query("select version(), gen_random_uuid() u"); console.log(v.rows);
const t1 = performance.now(); const c = await (db as any).clone(); console.log("clone", (performance.now()-t1).toFixed(0), (await c.query("select count(*) from t")).rows);
