// Every route the Storage API server has and the stand-in does not implement answers
// 501 "<feature> is not supported by the local stand-in", in the error shape of that
// part of Storage, so a call never falls into another route's answer (an upload to a
// bucket named "sign", "Bucket not found"). A path Storage does not route at all gets
// Storage's own 404. The routes are those supabase/storage registers (`src/app.ts`,
// `src/http/routes/**`); docs/architecture.md lists what each does on hosted.
import type { Context, Hono } from "hono";
import { ERRORS, send } from "./errors.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Storage's JSON errors; the S3 protocol's XML ones; the Iceberg catalog's JSON ones. */
type Shape = "storage" | "s3" | "iceberg";

interface Unsupported {
  feature: string;
  /** GET answers HEAD too: Hono routes HEAD to GET, as Fastify exposes HEAD routes. */
  methods: Method[];
  /** Hono paths, relative to /storage/v1. */
  paths: string[];
  shape?: Shape;
}

const ANY_METHOD: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
/** A bucket and an object path after it (Storage's `/:bucketName/*`). */
const OBJECT = ":bucket/:name{.*}";
const VECTOR_OPERATIONS = [
  "CreateVectorBucket",
  "DeleteVectorBucket",
  "GetVectorBucket",
  "ListVectorBuckets",
  "CreateIndex",
  "DeleteIndex",
  "GetIndex",
  "ListIndexes",
  "PutVectors",
  "GetVectors",
  "ListVectors",
  "QueryVectors",
  "DeleteVectors",
];
const ICEBERG = "The Iceberg catalog (analytics buckets)";
const NAMESPACE = "/iceberg/v1/:prefix/namespaces/:namespace";

export const UNSUPPORTED: Unsupported[] = [
  { feature: "Listing buckets", methods: ["GET"], paths: ["/bucket", "/bucket/"] },
  { feature: "Creating a bucket", methods: ["POST"], paths: ["/bucket", "/bucket/"] },
  { feature: "Reading a bucket", methods: ["GET"], paths: ["/bucket/:id"] },
  { feature: "Updating a bucket", methods: ["PUT"], paths: ["/bucket/:id"] },
  { feature: "Deleting a bucket", methods: ["DELETE"], paths: ["/bucket/:id"] },
  { feature: "Emptying a bucket", methods: ["POST"], paths: ["/bucket/:id/empty"] },
  { feature: "Copying an object", methods: ["POST"], paths: ["/object/copy"] },
  { feature: "Moving an object", methods: ["POST"], paths: ["/object/move"] },
  { feature: "Creating a signed URL", methods: ["POST"], paths: [`/object/sign/${OBJECT}`] },
  { feature: "Creating signed URLs", methods: ["POST"], paths: ["/object/sign/:bucket"] },
  { feature: "Reading by signed URL", methods: ["GET"], paths: [`/object/sign/${OBJECT}`] },
  {
    feature: "Creating a signed upload URL",
    methods: ["POST"],
    paths: [`/object/upload/sign/${OBJECT}`],
  },
  {
    feature: "Uploading to a signed upload URL",
    methods: ["PUT"],
    paths: [`/object/upload/sign/${OBJECT}`],
  },
  // /object/info/:bucket/*, /object/info/public/:bucket/* and .../authenticated/...
  { feature: "Reading an object's info", methods: ["GET"], paths: [`/object/info/${OBJECT}`] },
  { feature: "Listing objects (list-v2)", methods: ["POST"], paths: ["/object/list-v2/:bucket"] },
  {
    feature: "Deleting one object by its path (DELETE /object/{bucket}/{path})",
    methods: ["DELETE"],
    paths: [`/object/${OBJECT}`],
  },
  {
    feature: "Image transformation",
    methods: ["GET"],
    paths: ["authenticated", "public", "sign"].map((kind) => `/render/image/${kind}/${OBJECT}`),
  },
  {
    feature: "Resumable uploading (TUS)",
    methods: ANY_METHOD,
    paths: ["/upload/resumable", "/upload/resumable/:rest{.*}"],
  },
  { feature: "The S3 protocol", methods: ANY_METHOD, paths: ["/s3", "/s3/:rest{.*}"], shape: "s3" },
  {
    feature: "Purging the CDN cache",
    methods: ["DELETE"],
    paths: ["/cdn", "/cdn/", "/cdn/:bucket", `/cdn/${OBJECT}`],
  },
  {
    feature: "Vector buckets",
    methods: ["POST"],
    paths: VECTOR_OPERATIONS.map((operation) => `/vector/${operation}`),
  },
  {
    feature: ICEBERG,
    methods: ["GET", "POST"],
    paths: ["/iceberg/bucket", "/iceberg/v1/:prefix/namespaces", `${NAMESPACE}/tables`],
    shape: "iceberg",
  },
  { feature: ICEBERG, methods: ["DELETE"], paths: ["/iceberg/bucket/:name"], shape: "iceberg" },
  { feature: ICEBERG, methods: ["GET"], paths: ["/iceberg/v1/config"], shape: "iceberg" },
  { feature: ICEBERG, methods: ["GET", "DELETE"], paths: [NAMESPACE], shape: "iceberg" },
  {
    feature: ICEBERG,
    methods: ["GET", "POST", "DELETE"],
    paths: [`${NAMESPACE}/tables/:table`],
    shape: "iceberg",
  },
  { feature: "The health check", methods: ["GET"], paths: ["/health", "/health/"] },
  { feature: "The version endpoint", methods: ["GET"], paths: ["/version"] },
  { feature: "The status endpoint", methods: ["GET"], paths: ["/status"] },
];

/** Registers the refusals; routes registered before them win. */
export function refuseUnsupported(app: Hono): void {
  for (const route of UNSUPPORTED) {
    app.on(route.methods, route.paths, (c) => refuse(c, route));
  }
}

function refuse(c: Context, route: Unsupported): Response {
  const error = ERRORS.notInStandIn(route.feature);
  if (route.shape === "s3") {
    const resource = storageUrl(c).split("?")[0]?.replace("/s3", "").split("/").filter(Boolean);
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Error xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Resource>${escapeXml(resource?.join("/") ?? "")}</Resource>` +
      `<Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message></Error>`;
    return c.body(xml, 501, { "content-type": "application/xml; charset=utf-8" });
  }
  if (route.shape === "iceberg") {
    return c.json({ error: { message: error.message, type: error.code, code: 501 } }, 501);
  }
  return send(c, error);
}

// The prefixes whose routes call setRestNotFoundHandler (src/http/not-found-handler.ts);
// under any other, Fastify's default 404 answers.
const STORAGE_NOT_FOUND = ["/bucket", "/object", "/render/image", "/cdn", "/vector"];

/** What Storage answers for a method and path it does not route. */
export function routeNotFound(c: Context): Response {
  const url = storageUrl(c);
  const path = url.split("?")[0] ?? "";
  const message = `Route ${c.req.method}:${url} not found`;
  if (STORAGE_NOT_FOUND.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return c.json({ statusCode: "404", error: "Not Found", message, code: "InvalidRequest" }, 404);
  }
  return c.json({ message, error: "Not Found", statusCode: 404 }, 404);
}

const MOUNT = "/storage/v1";

/** The URL Storage itself sees: the gateway strips /storage/v1 and keeps the query. */
function storageUrl(c: Context): string {
  const { pathname, search } = new URL(c.req.url);
  return (pathname.startsWith(MOUNT) ? pathname.slice(MOUNT.length) : pathname) + search;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
