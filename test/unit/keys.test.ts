import { describe, expect, it } from "vitest";
import { isPlausibleApiKey } from "../../src/credentials/shape.js";
import { normaliseLabel } from "../../src/bot/features/keys/flow.js";
import { looksLikeCredential } from "../../src/credentials/shape.js";
import { keyButtonLabel, keyCardText, keysListText, removeConfirmText } from "../../src/bot/features/keys/views.js";
import { refusedOperation } from "../../src/bot/errors/scope-operation.js";
import { renderError } from "../../src/bot/errors/render.js";
import { createFormatter } from "../../src/format/formatter.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import type { ApiKeyRow } from "../../src/store/api-keys.js";

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}(${JSON.stringify(vars)})` : key);
const locale = { t, fmt: createFormatter("en") };

function row(over: Partial<ApiKeyRow>): ApiKeyRow {
  return { id: 1, userId: 7, label: "Main", fingerprint: "ab<d", sealedKey: "s1.x", isDefault: false, missingScopes: "[]", createdAt: Date.UTC(2026, 10, 21), lastUsedAt: null, ...over };
}

describe("key shape", () => {
  it("accepts one token of printable ASCII of sane length", () => {
    expect(isPlausibleApiKey("sbx_purchase_AbCdEf0123456789")).toBe(true);
    expect(isPlausibleApiKey("short")).toBe(false);
    expect(isPlausibleApiKey("two words here")).toBe(false);
    expect(isPlausibleApiKey("line\nbreak-in-the-key")).toBe(false);
    expect(isPlausibleApiKey("tab\tinside-the-key")).toBe(false);
    expect(isPlausibleApiKey("ключ-не-ascii-символы")).toBe(false);
    expect(isPlausibleApiKey("x".repeat(257))).toBe(false);
    expect(isPlausibleApiKey("")).toBe(false);
  });
});

describe("labels", () => {
  it("are one line of 1–32 characters", () => {
    expect(normaliseLabel("  Main   key ")).toBe("Main key");
    expect(normaliseLabel("  ")).toBeUndefined();
    expect(normaliseLabel("x".repeat(33))).toBeUndefined();
    expect(normaliseLabel("🔑".repeat(32))).toBe("🔑".repeat(32));
    expect(normaliseLabel("bad\u0000label")).toBeUndefined();
    expect(normaliseLabel("bad\u202elabel")).toBeUndefined();
    expect(normaliseLabel("👨\u200d👩\u200d👧 family")).toBe("👨\u200d👩\u200d👧 family");
    expect(normaliseLabel("two\nlines")).toBe("two lines");
  });

  it("at the label step only the one credential test tells a pasted secret from a label (no length rule)", () => {
    expect(looksLikeCredential("sbx_purchase_AbCdEf0123456789xyzABCDEF")).toBe(true);
    expect(looksLikeCredential("k3yW1thD1g1tsAndL3tters")).toBe(true);
    expect(looksLikeCredential("aB3dEf9GhIjK2lMnOpQr")).toBe(true);
    expect(looksLikeCredential("Main")).toBe(false);
    expect(looksLikeCredential("Trading bot 2026")).toBe(false);
    expect(looksLikeCredential("savings-account-wallet")).toBe(false);
    // a long label written in one word is a label, not a key
    expect(looksLikeCredential("BinanceHotWallet2024")).toBe(false);
    expect(looksLikeCredential("MyTradingAccountMain2")).toBe(false);
    // too long for a label (33 characters) or a TRON address: a label asked again, never a key
    expect(looksLikeCredential("Binance-hot-wallet-for-payouts-24")).toBe(false);
    expect(looksLikeCredential("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
  });
});

describe("keys list", () => {
  it("shows label, fingerprint, default, date and missing scopes, escaping everything", () => {
    const keys = [row({ id: 1, isDefault: true, label: "<Main>" }), row({ id: 2, label: "", fingerprint: "9999", missingScopes: '["purchase"]' })];
    const text = keysListText(keys, locale);
    expect(text).toContain("1. <b>&lt;Main&gt;</b> <code>…ab&lt;d</code> keys-default-badge");
    expect(text).toContain('keys-added-on({"date":"Nov 21, 2026"})');
    expect(text).toContain("2. <b>keys-no-label</b> <code>…9999</code>\n");
    expect(text).toContain('keys-cannot({"lacks":"purchase"})');
    expect(keysListText([], locale, "note")).toBe("note\n\nkeys-list-empty");
  });

  it("a key's button and card: plain-text label, default mark, the card with its lines", () => {
    expect(keyButtonLabel(row({ isDefault: true, label: "<Main>" }), t)).toBe("⭐ <Main> …ab<d");
    expect(keyButtonLabel(row({ label: "" }), t)).toBe("keys-no-label …ab<d");
    const card = keyCardText(row({ missingScopes: '["full"]' }), locale, "done");
    expect(card).toMatch(/^done\n\n🔑 <b>Main<\/b> <code>…ab&lt;d<\/code>\n/);
    expect(card).toContain('keys-cannot({"lacks":"full"})');
  });

  it("asks before removing", () => {
    expect(removeConfirmText(row({ id: 5 }), t)).toBe('keys-remove-confirm({"name":"Main","fingerprint":"…ab&lt;d"})');
  });
});

describe("scope refusals", () => {
  const scopeError = (label: string) => new MarketplaceError("http", `${label} failed: HTTP 403 api_key.insufficient_scope`, 403, "api_key.insufficient_scope");
  it("name what the key can't do and the scope that can", () => {
    expect(refusedOperation(scopeError("POST /api/v1/orders"))).toEqual({ operation: "orders", scope: "purchase" });
    expect(refusedOperation(scopeError("POST /api/v1/automations/abc/pause"))).toEqual({ operation: "rules", scope: "purchase" });
    expect(refusedOperation(scopeError("DELETE /api/v1/webhooks/abc"))).toEqual({ operation: "webhooks", scope: "full" });
    expect(refusedOperation(scopeError("GET /api/v1/wallet/balance"))).toBeUndefined();
    expect(renderError(scopeError("POST /api/v1/orders"), locale, 0).text).toBe('keys-error-scope-op({"operation":"keys-scope-op-orders","scope":"purchase"})');
    expect(renderError(scopeError("something else"), locale, 0).text).toBe("error-insufficient-scope");
  });
});

describe("amounts given as decimal strings (USDT, SUN per unit)", () => {
  it("follow the one precision rule without floats, rounding half up", () => {
    const en = createFormatter("en");
    expect(en.amount("28.5")).toBe("28.50");
    expect(en.amount("28.335")).toBe("28.34");
    expect(en.amount("28.334")).toBe("28.33");
    expect(en.amount("0.999")).toBe("1.00");
    expect(en.amount("5")).toBe("5.00");
    expect(en.amount("12345678901234567890.123456789")).toBe("12,345,678,901,234,567,890.12");
    expect(en.amount("0.0123456")).toBe("0.012");
    expect(en.amount("-0.0000001")).toBe("0");
    expect(en.amount("0.000")).toBe("0");
    expect(en.amount("not a <number>")).toBe("not a &lt;number&gt;");
    expect(createFormatter("ru").amount("1234.5")).toBe("1\u00a0234,50");
  });
});
