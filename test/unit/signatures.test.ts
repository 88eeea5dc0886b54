import { describe, expect, it } from "vitest";
import {
  isPlausibleSecret,
  safeEqual,
  signHmacHex,
  signStandard,
  signStripe,
  verifySignature,
  type SignatureSettings,
} from "../../src/events/signatures.js";
import { signStandardWebhook } from "../../src/dev/sandbox/sign.js";
import { parseEvent } from "../../src/events/event-payload.js";

// The Standard Webhooks reference vector (DESIGN.md; every official library tests it).
const REF = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

const standard: SignatureSettings = { scheme: "standard", header: "X-Webhook-Signature", toleranceSeconds: 300 };
const headersOf = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];
const body = (s: string) => Buffer.from(s, "utf8");
const at = (seconds: number) => seconds * 1000;

describe("Standard Webhooks", () => {
  const refHeaders = { "webhook-id": REF.id, "webhook-timestamp": String(REF.timestamp), "webhook-signature": REF.signature };

  it("signs the reference vector exactly", () => {
    expect(signStandard(REF.secret, REF.id, REF.timestamp, REF.payload)).toBe(REF.signature);
    // and agrees with the sandbox's signer
    expect(signStandardWebhook(REF.secret, REF.id, REF.timestamp, REF.payload)).toBe(REF.signature);
  });

  it("verifies the reference vector and returns the message id", () => {
    expect(verifySignature(standard, REF.secret, headersOf(refHeaders), body(REF.payload), at(REF.timestamp))).toEqual({ ok: true, messageId: REF.id });
  });

  it("accepts one matching signature among several, and svix-* header names", () => {
    const many = { ...refHeaders, "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")} ${REF.signature} v2,abc` };
    expect(verifySignature(standard, REF.secret, headersOf(many), body(REF.payload), at(REF.timestamp)).ok).toBe(true);
    const svix = { "svix-id": REF.id, "svix-timestamp": String(REF.timestamp), "svix-signature": REF.signature };
    expect(verifySignature(standard, REF.secret, headersOf(svix), body(REF.payload), at(REF.timestamp)).ok).toBe(true);
  });

  it.each([
    ["a wrong secret", { secret: "whsec_" + Buffer.alloc(24, 7).toString("base64") }],
    ["a tampered body", { payload: '{"test": 2432232315}' }],
    ["a different id", { headers: { "webhook-id": "msg_other" } }],
    ["a different timestamp in the header", { headers: { "webhook-timestamp": String(REF.timestamp + 1) } }],
    ["a signature with trailing garbage", { headers: { "webhook-signature": `${REF.signature}AA` } }],
    ["a v2 signature only", { headers: { "webhook-signature": REF.signature.replace("v1,", "v2,") } }],
  ])("refuses %s", (_name, change: { secret?: string; payload?: string; headers?: Record<string, string> }) => {
    const result = verifySignature(
      standard,
      change.secret ?? REF.secret,
      headersOf({ ...refHeaders, ...change.headers }),
      body(change.payload ?? REF.payload),
      at(REF.timestamp),
    );
    expect(result).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses stale and future timestamps beyond the tolerance, accepts within", () => {
    const check = (now: number) => verifySignature(standard, REF.secret, headersOf(refHeaders), body(REF.payload), at(now));
    expect(check(REF.timestamp + 300).ok).toBe(true);
    expect(check(REF.timestamp - 300).ok).toBe(true);
    expect(check(REF.timestamp + 301)).toEqual({ ok: false, reason: "stale" });
    expect(check(REF.timestamp - 301)).toEqual({ ok: false, reason: "future" });
  });

  it("refuses missing headers and a malformed timestamp", () => {
    for (const missing of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      const h: Record<string, string> = { ...refHeaders };
      delete h[missing];
      expect(verifySignature(standard, REF.secret, headersOf(h), body(REF.payload), at(REF.timestamp))).toEqual({ ok: false, reason: "missing-headers" });
    }
    const ts = "1614265330.5";
    const signed = { "webhook-id": REF.id, "webhook-timestamp": ts, "webhook-signature": signStandard(REF.secret, REF.id, ts, REF.payload) };
    expect(verifySignature(standard, REF.secret, headersOf(signed), body(REF.payload), at(REF.timestamp))).toEqual({ ok: false, reason: "bad-timestamp" });
  });

  it("verifies over the raw bytes, not a re-encoded string", () => {
    const raw = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]); // {"a":"\xff"} — not valid UTF-8
    const sig = signStandard(REF.secret, REF.id, REF.timestamp, raw);
    const h = headersOf({ ...refHeaders, "webhook-signature": sig });
    expect(verifySignature(standard, REF.secret, h, raw, at(REF.timestamp)).ok).toBe(true);
    expect(verifySignature(standard, REF.secret, h, Buffer.from(raw.toString("utf8")), at(REF.timestamp)).ok).toBe(false);
  });
});

describe("hex HMAC in a configurable header", () => {
  const settings: SignatureSettings = { scheme: "hmac-hex", header: "X-Hub-Sig", toleranceSeconds: 300 };
  const secret = "plain-shared-secret";
  const payload = '{"type":"order.filled"}';

  it("verifies the hex HMAC of the raw body, with or without a sha256= prefix, any case", () => {
    const hex = signHmacHex(secret, payload);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    for (const value of [hex, `sha256=${hex}`, hex.toUpperCase()]) {
      expect(verifySignature(settings, secret, headersOf({ "x-hub-sig": value }), body(payload), 0)).toEqual({ ok: true });
    }
  });

  it("refuses a wrong secret, a tampered body, a missing header", () => {
    const hex = signHmacHex(secret, payload);
    expect(verifySignature(settings, "other-secret", headersOf({ "x-hub-sig": hex }), body(payload), 0).ok).toBe(false);
    expect(verifySignature(settings, secret, headersOf({ "x-hub-sig": hex }), body(payload + " "), 0).ok).toBe(false);
    expect(verifySignature(settings, secret, headersOf({ "x-webhook-signature": hex }), body(payload), 0)).toEqual({ ok: false, reason: "missing-headers" });
  });
});

describe("Stripe t=,v1=", () => {
  const settings: SignatureSettings = { scheme: "stripe", header: "X-Webhook-Signature", toleranceSeconds: 300 };
  const secret = "whsec_stripe_style_whole_string_is_the_key";
  const payload = '{"type":"order.failed"}';
  const t = 1_700_000_000;

  it("verifies with the whole secret as the key and checks the tolerance", () => {
    const header = signStripe(secret, t, payload);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": header }), body(payload), at(t + 10))).toEqual({ ok: true });
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": `${header},v0=deadbeef` }), body(payload), at(t)).ok).toBe(true);
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": header }), body(payload), at(t + 301))).toEqual({ ok: false, reason: "stale" });
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": header }), body(payload), at(t - 301))).toEqual({ ok: false, reason: "future" });
  });

  it("refuses a wrong secret, a changed t, a missing v1", () => {
    const header = signStripe(secret, t, payload);
    expect(verifySignature(settings, "other", headersOf({ "stripe-signature": header }), body(payload), at(t)).ok).toBe(false);
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": header.replace(`t=${t}`, `t=${t + 1}`) }), body(payload), at(t)).ok).toBe(false);
    expect(verifySignature(settings, secret, headersOf({ "stripe-signature": `t=${t}` }), body(payload), at(t))).toEqual({ ok: false, reason: "missing-headers" });
  });
});

describe("helpers", () => {
  it("safeEqual compares exactly", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });

  it("isPlausibleSecret checks the shape per scheme", () => {
    expect(isPlausibleSecret("standard", REF.secret)).toBe(true);
    expect(isPlausibleSecret("standard", "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toBe(false);
    expect(isPlausibleSecret("standard", "whsec_not base64")).toBe(false);
    expect(isPlausibleSecret("standard", "whsec_")).toBe(false);
    expect(isPlausibleSecret("standard", "whsec_abc")).toBe(false);
    expect(isPlausibleSecret("hmac-hex", "any-long-secret")).toBe(true);
    expect(isPlausibleSecret("hmac-hex", "k")).toBe(true);
    expect(isPlausibleSecret("hmac-hex", "two words")).toBe(false);
    expect(isPlausibleSecret("stripe", "")).toBe(false);
  });
});

describe("event payloads (tolerant)", () => {
  it("reads the sandbox's shape", () => {
    const e = parseEvent(
      JSON.stringify({
        id: "msg_1",
        type: "order.filled",
        createdAt: "2026-01-01T00:00:00Z",
        data: { order: { id: "o-1", status: "Filled", resource: "energy", targetAddress: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", volume: 131000, duration: "1d", totalTrx: "7.86", txId: "ab" } },
      }),
    );
    expect(e).toEqual({
      id: "msg_1",
      type: "order.filled",
      order: { id: "o-1", status: "Filled", resource: "energy", targetAddress: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", volume: 131000n, duration: "1d", totalTrx: "7.86", txId: "ab" },
    });
  });

  it("takes the type from event, the order from data or order, the id from orderId or order_id; big volumes stay exact", () => {
    expect(parseEvent('{"event":"order.failed","data":{"orderId":"o-2","volume":"9007199254740993"}}')).toEqual({
      type: "order.failed",
      order: { id: "o-2", volume: 9007199254740993n },
    });
    expect(parseEvent('{"type":"order.filled","order":{"order_id":"o-3","volume":9007199254740993}}')?.order).toEqual({ id: "o-3", volume: 9007199254740993n });
    expect(parseEvent('{"type":"webhook.ping","data":{}}')).toEqual({ type: "webhook.ping" });
  });

  it("leaves out malformed fields, and refuses what is not an event", () => {
    expect(parseEvent('{"type":"order.filled","data":{"order":{"id":"o","volume":"lots","totalTrx":"7,86"}}}')?.order).toEqual({ id: "o" });
    for (const raw of ["", "not json", "[1,2]", "null", '{"data":{}}', '{"type":""}']) expect(parseEvent(raw)).toBeUndefined();
  });
});
