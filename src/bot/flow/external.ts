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

export function encodeJson(value: unknown): unknown {
  if (typeof value === "bigint") return { [BIGINT]: value.toString() };
  if (Array.isArray(value)) return value.map(encodeJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeJson(v)]));
  }
  return value;
}

export function decodeJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeJson);
  if (value && typeof value === "object") {
    const rec = value as Record<string, unknown>;
    if (typeof rec[BIGINT] === "string" && Object.keys(rec).length === 1) return BigInt(rec[BIGINT]);
    return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, decodeJson(v)]));
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function external<T, C extends Context = Context>(conversation: Conversation<any, C>, task: () => T | Promise<T>): Promise<T> {
  return conversation.external({
    task: () => task(),
    beforeStore: (v: T) => encodeJson(v),
    afterLoad: (v: unknown) => decodeJson(v) as T,
    beforeStoreError: encodeError,
    afterLoadError: decodeError,
  });
}
