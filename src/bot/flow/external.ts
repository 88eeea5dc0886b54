/**
 * conversations v2 replays a conversation from a log that is stored as JSON. Results of side
 * effects must survive that: bigint volumes and MarketplaceError (with its class and predicates)
 * are encoded before storing and restored after loading. Use `external` for every marketplace or
 * store call inside a conversation.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { Context } from "grammy";
import { MarketplaceError, type MarketplaceErrorKind } from "../../marketplace/errors.js";
import { KeyUnreadableError, NoApiKeyError } from "../marketplace/with-user-client.js";

const BIGINT = "$bigint";
const MP_ERROR = "$marketplaceError";
const NO_KEY = "$noApiKey";
const KEY_UNREADABLE = "$keyUnreadable";

/** Whether `value` is JSON as it stands (plain objects, arrays, strings, finite numbers, booleans, null): stored as it is. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object") return false;
  if (Array.isArray(value)) return value.every(isPlainJson);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * What the log stores of `value`: most results (addresses, a card's id) are plain JSON and go as they
 * are; a tree with a bigint (or anything else JSON would change) is copied with its bigints marked.
 * The plugin hands the flow a copy but keeps `value` itself in the log until the update's state is
 * written, so a task must not return an object it changes later (none does: results are built
 * fresh, and the memos replace their entries rather than edit them).
 */
export function encodeJson(value: unknown): unknown {
  return isPlainJson(value) ? value : encodeCopy(value);
}

function encodeCopy(value: unknown): unknown {
  if (typeof value === "bigint") return { [BIGINT]: value.toString() };
  if (Array.isArray(value)) return value.map(encodeCopy);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeCopy(v)]));
  }
  return value;
}

const isMarkedBigint = (value: unknown): value is Record<typeof BIGINT, string> => {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const rec = value as Record<string, unknown>;
  if (typeof rec[BIGINT] !== "string") return false;
  for (const key in rec) if (key !== BIGINT) return false;
  return true;
};

/**
 * The stored value with its bigints back. The plugin hands `afterLoad` a copy of its own
 * (structuredClone), so the tree is changed in place: only a marked bigint is replaced.
 */
export function decodeJson(value: unknown): unknown {
  if (isMarkedBigint(value)) return BigInt(value[BIGINT]);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeJson(value[i]);
  } else if (value && typeof value === "object") {
    const rec = value as Record<string, unknown>;
    for (const key in rec) rec[key] = decodeJson(rec[key]);
  }
  return value;
}

export function encodeError(err: unknown): unknown {
  if (err instanceof NoApiKeyError) return { [NO_KEY]: true };
  if (err instanceof KeyUnreadableError) return { [KEY_UNREADABLE]: true };
  if (err instanceof MarketplaceError) {
    return {
      [MP_ERROR]: { kind: err.kind, message: err.message, status: err.status, code: err.code, title: err.title, detail: err.detail, problem: err.problem },
    };
  }
  return { message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : "Error" };
}

export function decodeError(value: unknown): unknown {
  const rec = value as Record<string, unknown> | undefined;
  const mp = rec?.[MP_ERROR] as
    | { kind: MarketplaceErrorKind; message: string; status?: number; code?: string; title?: string; detail?: string; problem?: boolean }
    | undefined;
  if (rec?.[NO_KEY] === true) return new NoApiKeyError();
  if (rec?.[KEY_UNREADABLE] === true) return new KeyUnreadableError();
  if (mp) {
    // A log written before `problem` existed leaves it out: the constructor's default then applies.
    const options = typeof mp.problem === "boolean" ? { problem: mp.problem } : undefined;
    return new MarketplaceError(mp.kind, mp.message, mp.status, mp.code, mp.title, mp.detail, options);
  }
  if (value instanceof Error) return value;
  const e = new Error(typeof rec?.message === "string" ? rec.message : "error");
  e.name = typeof rec?.name === "string" ? rec.name : "Error";
  return e;
}

/**
 * `task` runs once, live; a replay takes its stored result. It is given the update's context outside
 * the conversation (the bot's own `ctx`, whose calls are not logged by the plugin).
 */
export function external<T, OC extends Context = Context, C extends Context = Context>(conversation: Conversation<OC, C>, task: (outside: OC) => T | Promise<T>): Promise<T> {
  return conversation.external({
    task: (outside: OC) => task(outside),
    beforeStore: (v: T) => encodeJson(v),
    afterLoad: (v: unknown) => decodeJson(v) as T,
    beforeStoreError: encodeError,
    afterLoadError: decodeError,
  });
}
