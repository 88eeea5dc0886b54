/**
 * The one way the client puts a value into a path below /api/v1. A value that could name another
 * route once some server or proxy on the way decodes it is refused before any request: `.` and `..`
 * (the WHATWG URL parser reads `%2e%2e` as `..`, so `/blog/posts/%2E%2E` became `/blog/`), and `/`,
 * `\`, `?` and `#` in any percent-encoding (`%2F`, `%252F`, …). Ids must be UUIDs (the spec's
 * identifiers): an id typed or tapped that is not one cannot name anything. A refused value is a
 * MarketplaceError of kind `bad_path`, which reads as "not found" (nothing by that name exists).
 */
import { wellFormed } from "../format/html.js";
import { MarketplaceError } from "./errors.js";

/** The spec's identifiers (order, rule, webhook endpoint): 8-4-4-4-12 hexadecimal digits. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Characters that end or split a path segment, `\` included (a URL parser reads it as `/` for http). */
const ROUTE_CHARS = /[/\\?#]/;
const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

/** What a segment is: an id (a UUID), or free text such as a blog post's slug. */
export type SegmentKind = "id" | "text";

/**
 * The value with its percent escapes undone byte by byte until none is left: every way a server
 * decoding once, twice or more could read it. The characters checked are ASCII, and no byte of a
 * multi-byte UTF-8 character is one, so decoding bytes (not characters) is enough and never throws.
 */
function decodedForms(value: string): string[] {
  const forms = [value];
  for (let current = value; ; ) {
    const next = current.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
}

/** Whether `value`, decoded any number of times, is a dot segment or holds a character that ends a segment. */
export function isUnsafeSegment(value: string): boolean {
  return decodedForms(value).some((form) => form === "." || form === ".." || ROUTE_CHARS.test(form));
}

/**
 * One path segment, checked and encoded (`kind` "id": a UUID). Throws a MarketplaceError of kind
 * `bad_path` for a value that cannot be one; the message does not quote the value (it is user input).
 */
export function pathSegment(value: string, kind: SegmentKind = "id"): string {
  const refused = (why: string) => new MarketplaceError("bad_path", `refused before the request: ${why}`);
  if (value === "") throw refused("an empty path segment");
  if (kind === "id" && !UUID.test(value)) throw refused("an id that is not a UUID");
  if (isUnsafeSegment(value)) throw refused("a path segment that could change the route");
  // a lone surrogate (encodeURIComponent would throw) becomes U+FFFD, as URLSearchParams does
  return encodeURIComponent(wellFormed(value));
}

/**
 * The route a path below /api/v1 was built from, for metrics: ids (UUIDs) become `:id` and a blog
 * post's slug `:slug`, so one endpoint is one label whatever it was called with.
 */
export function routeOf(path: string): string {
  const route = path.split("?")[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id");
  return route.startsWith("/blog/posts/") ? "/blog/posts/:slug" : route;
}
