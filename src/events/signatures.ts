/**
 * Verification of a marketplace event's signature over the raw body, by the configured scheme:
 * - standard: Standard Webhooks — `webhook-id`, `webhook-timestamp`, `webhook-signature:
 *   v1,<base64 HMAC-SHA256 of id.timestamp.body>` (space-separated list), the key is the base64
 *   after `whsec_`; `svix-*` header names are accepted too;
 * - hmac-hex: hex HMAC-SHA256 of the raw body (optionally `sha256=`-prefixed) in a configurable
 *   header, keyed with the whole secret; no timestamp, so no tolerance;
 * - stripe: `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of t.body>`, keyed with the whole secret.
 * Every comparison is constant-time; timestamps outside the tolerance (either way) are refused.
 * Pure functions: the signing helpers are what verification computes, and what tests sign with.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignatureScheme = "standard" | "hmac-hex" | "stripe";

export interface SignatureSettings {
  scheme: SignatureScheme;
  /** The header of the hmac-hex scheme (e.g. X-Webhook-Signature). */
  header: string;
  toleranceSeconds: number;
}

/** Case-insensitive header lookup (Headers.get fits). */
export type HeaderLookup = (name: string) => string | null | undefined;

export type VerifyFailure = "missing-headers" | "bad-timestamp" | "stale" | "future" | "bad-signature" | "bad-secret";

export type Verification = { ok: true; messageId?: string } | { ok: false; reason: VerifyFailure };

const STANDARD_PREFIX = "whsec_";
const STRIPE_HEADER = "stripe-signature";

/** The HMAC key of a Standard Webhooks secret: the base64 after `whsec_`. */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : secret, "base64");
}

/** True for a secret of the shape the scheme expects (checked before it is stored). */
export function isPlausibleSecret(scheme: SignatureScheme, secret: string): boolean {
  if (/\s/.test(secret) || secret.length > 512) return false;
  if (scheme === "standard") {
    const encoded = secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : "";
    return /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && encoded.length % 4 === 0 && standardKey(secret).length >= 16;
  }
  return secret.length > 0;
}

function hmac(key: Buffer | string, ...parts: Array<string | Buffer>): Buffer {
  const mac = createHmac("sha256", key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** `v1,<base64>` for a Standard Webhooks message. */
export function signStandard(secret: string, id: string, timestamp: number | string, body: Buffer | string): string {
  return `v1,${hmac(standardKey(secret), `${id}.${timestamp}.`, body).toString("base64")}`;
}

export function signHmacHex(secret: string, body: Buffer | string): string {
  return hmac(secret, body).toString("hex");
}

/** `t=<seconds>,v1=<hex>` as Stripe sends it. */
export function signStripe(secret: string, timestamp: number, body: Buffer | string): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.`, body).toString("hex")}`;
}

/** Constant-time equality of two strings (a length mismatch is answered without comparing). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkTimestamp(raw: string, toleranceSeconds: number, nowMs: number): VerifyFailure | undefined {
  if (!/^\d{1,12}$/.test(raw)) return "bad-timestamp";
  const drift = Math.floor(nowMs / 1000) - Number(raw);
  if (drift > toleranceSeconds) return "stale";
  if (drift < -toleranceSeconds) return "future";
  return undefined;
}

function verifyStandard(settings: SignatureSettings, secret: string, headers: HeaderLookup, body: Buffer, nowMs: number): Verification {
  const id = headers("webhook-id") ?? headers("svix-id");
  const timestamp = headers("webhook-timestamp") ?? headers("svix-timestamp");
  const signatures = headers("webhook-signature") ?? headers("svix-signature");
  if (!id || !timestamp || !signatures) return { ok: false, reason: "missing-headers" };
  if (standardKey(secret).length === 0) return { ok: false, reason: "bad-secret" };
  const expected = signStandard(secret, id, timestamp.trim(), body);
  const matched = signatures
    .split(" ")
    .filter((s) => s.startsWith("v1,"))
    .some((s) => safeEqual(s, expected));
  // The signature is checked before the time: a forged message learns nothing about the clock.
  if (!matched) return { ok: false, reason: "bad-signature" };
  const late = checkTimestamp(timestamp.trim(), settings.toleranceSeconds, nowMs);
  return late ? { ok: false, reason: late } : { ok: true, messageId: id };
}

function verifyHmacHex(settings: SignatureSettings, secret: string, headers: HeaderLookup, body: Buffer): Verification {
  const value = headers(settings.header)?.trim();
  if (!value) return { ok: false, reason: "missing-headers" };
  if (secret.length === 0) return { ok: false, reason: "bad-secret" };
  const given = value.replace(/^sha256=/i, "").toLowerCase();
  return safeEqual(given, signHmacHex(secret, body)) ? { ok: true } : { ok: false, reason: "bad-signature" };
}

function verifyStripe(settings: SignatureSettings, secret: string, headers: HeaderLookup, body: Buffer, nowMs: number): Verification {
  const value = headers(STRIPE_HEADER);
  if (!value) return { ok: false, reason: "missing-headers" };
  if (secret.length === 0) return { ok: false, reason: "bad-secret" };
  const pairs = value.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamp = pairs.find(([k]) => k === "t")?.[1];
  const candidates = pairs.filter(([k, v]) => k === "v1" && v).map(([, v]) => v!.toLowerCase());
  if (!timestamp || candidates.length === 0) return { ok: false, reason: "missing-headers" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "bad-timestamp" };
  const expected = hmac(secret, `${timestamp}.`, body).toString("hex");
  if (!candidates.some((c) => safeEqual(c, expected))) return { ok: false, reason: "bad-signature" };
  const late = checkTimestamp(timestamp, settings.toleranceSeconds, nowMs);
  return late ? { ok: false, reason: late } : { ok: true };
}

export function verifySignature(settings: SignatureSettings, secret: string, headers: HeaderLookup, body: Buffer, nowMs: number): Verification {
  switch (settings.scheme) {
    case "standard":
      return verifyStandard(settings, secret, headers, body, nowMs);
    case "hmac-hex":
      return verifyHmacHex(settings, secret, headers, body);
    case "stripe":
      return verifyStripe(settings, secret, headers, body, nowMs);
  }
}
