import { describe, expect, it } from "vitest";
import { createFormatter } from "../../src/format/formatter.js";
import { renderError } from "../../src/bot/errors/render.js";
import { untilUtcMidnight } from "../../src/format/utc-day.js";
import { MarketplaceError, findErrorCode } from "../../src/marketplace/errors.js";
import { NoApiKeyError } from "../../src/bot/marketplace/with-user-client.js";
import { decodeError, decodeJson, encodeError, encodeJson } from "../../src/bot/flow/external.js";

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}(${JSON.stringify(vars)})` : key);
const locale = { t, fmt: createFormatter("en") };

describe("formatter", () => {
  it("formats TRX without floats, with locale separators", () => {
    const en = createFormatter("en");
    expect(en.trx("1234.500000")).toBe("1,234.50 TRX");
    expect(en.trx("0.000001")).toBe("0.000001 TRX");
    expect(en.trx(-2_500_000n)).toBe("-2.50 TRX");
    expect(en.trx("92233720368547.758070", { unit: false })).toBe("92,233,720,368,547.76");
    const ru = createFormatter("ru");
    expect(ru.trx("1234.5")).toBe("1\u00a0234,50 TRX");
    expect(createFormatter("zh").trx("1234567.891")).toBe("1,234,567.89 TRX");
  });
  it("shows every amount by one precision rule, by magnitude (issue 30)", () => {
    const en = createFormatter("en");
    const shown = (sun: bigint) => en.trx(sun);
    // from 1 TRX up: cents
    expect(shown(1_029_300_000n)).toBe("1,029.30 TRX");
    expect(shown(4_285_000n)).toBe("4.29 TRX");
    expect(shown(4_284_999n)).toBe("4.28 TRX");
    expect(shown(5_362_500n)).toBe("5.36 TRX");
    expect(shown(10_000_000n)).toBe("10.00 TRX");
    // below 1 TRX: two significant digits, two to six decimals
    expect(shown(610_000n)).toBe("0.61 TRX");
    expect(shown(500_000n)).toBe("0.50 TRX");
    expect(shown(612_857n)).toBe("0.61 TRX");
    expect(shown(125_000n)).toBe("0.13 TRX");
    expect(shown(2_500n)).toBe("0.0025 TRX");
    expect(shown(50_000n)).toBe("0.05 TRX");
    expect(shown(123n)).toBe("0.00012 TRX");
    expect(shown(1n)).toBe("0.000001 TRX");
    expect(shown(999_999n)).toBe("1.00 TRX");
    // zero is 0, never 0.00 or 0.0000
    expect(shown(0n)).toBe("0 TRX");
    expect(en.trx("0.000000", { unit: false })).toBe("0");
    expect(createFormatter("ru").trx(0n)).toBe("0 TRX");
  });
  it("rounds what is missing up, so that depositing what is shown is enough", () => {
    const en = createFormatter("en");
    expect(en.trx(1_000_001n, { up: true })).toBe("1.01 TRX");
    expect(en.trx(1_000_001n)).toBe("1.00 TRX");
    expect(en.trx(2_501n, { up: true })).toBe("0.0026 TRX");
    expect(en.trx(3_000_000n, { up: true })).toBe("3.00 TRX");
  });
  it("rounds an estimate to 0.01 TRX, half up, unless that leaves nothing", () => {
    const en = createFormatter("en");
    expect(en.trx(2_470_285n, { about: true })).toBe("2.47 TRX");
    expect(en.trx("2.475000", { about: true })).toBe("2.48 TRX");
    expect(en.trx(-2_475_000n, { about: true })).toBe("-2.48 TRX");
    expect(en.trx("0.004", { about: true })).toBe("0.004 TRX");
    expect(createFormatter("ru").trx(2_470_285n, { about: true })).toBe("2,47 TRX");
  });
  it("formats int64 volumes exactly", () => {
    expect(createFormatter("en").volume("9007199254740993")).toBe("9,007,199,254,740,993");
    expect(createFormatter("en").volume(131000)).toBe("131,000");
    expect(createFormatter("zh").volume(65000n)).toBe("65,000");
  });
  it("formats an integer it has formatted before the same way, past the number it keeps", () => {
    const ru = createFormatter("ru");
    const icu = new Intl.NumberFormat("ru", { useGrouping: true, maximumFractionDigits: 0 });
    // more distinct values than a formatter keeps (4,096), each asked twice, bigints and numbers
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5_000; i++) {
        const value = 1_000_000n + BigInt(i) * 7_919n;
        expect(ru.volume(value)).toBe(icu.format(value));
        expect(ru.integer(Number(value))).toBe(icu.format(value));
      }
    }
    expect(ru.trx(1_234_500_000n)).toBe("1\u00a0234,50 TRX");
  });
  it("humanises durations and dates", () => {
    const en = createFormatter("en");
    expect(en.duration("3d", t)).toBe('duration-day({"count":3})');
    expect(en.duration("weird", t)).toBe("weird");
    expect(en.dateTime("2026-11-21T14:05:00Z")).toBe("Nov 21, 2026, 2:05 PM UTC");
    // to the minute: any instant of one minute reads the same, the next minute and an earlier one do not
    expect(en.dateTime(Date.parse("2026-11-21T14:05:59.999Z"))).toBe("Nov 21, 2026, 2:05 PM UTC");
    expect(en.dateTime(new Date("2026-11-21T14:06:00Z"))).toBe("Nov 21, 2026, 2:06 PM UTC");
    expect(en.dateTime("2026-11-20T09:30:00Z")).toBe("Nov 20, 2026, 9:30 AM UTC");
    expect(en.dateTime("1969-12-31T23:59:30Z")).toBe("Dec 31, 1969, 11:59 PM UTC");
    expect(createFormatter("ru").dateTime("2026-11-21T14:05:00Z")).toBe(`${new Intl.DateTimeFormat("ru", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(Date.parse("2026-11-21T14:05:00Z"))} UTC`);
    expect(en.dateTime("garbage")).toBe("garbage");
    // values shown raw because they were not recognised are still HTML-safe
    expect(en.duration("<1 week>", t)).toBe("&lt;1 week&gt;");
    expect(en.dateTime("a<b")).toBe("a&lt;b");
    expect(en.percent("n/a & <x>")).toBe("n/a &amp; &lt;x&gt;");
  });
});

describe("error mapping", () => {
  const now = Date.UTC(2026, 10, 21, 19, 30);
  it("finds error codes where DESIGN.md says", () => {
    expect(findErrorCode({ code: "wallet.insufficient_balance" })).toBe("wallet.insufficient_balance");
    expect(findErrorCode({ errorCode: "api_key.insufficient_scope" })).toBe("api_key.insufficient_scope");
    expect(findErrorCode({ type: "https://x.example/errors/api_key.spend_limit_exceeded" })).toBe("api_key.spend_limit_exceeded");
    expect(findErrorCode({ title: "address_checker.unavailable" })).toBe("address_checker.unavailable");
    expect(findErrorCode({ title: "Not Found" })).toBeUndefined();
    expect(findErrorCode("<html>")).toBeUndefined();
  });
  it("maps each kind to one localised sentence with a next step", () => {
    const http = (status: number, code?: string) => new MarketplaceError("http", "x", status, code);
    expect(renderError(http(402, "wallet.insufficient_balance"), locale, now).text).toBe("error-insufficient-balance");
    expect(renderError(http(402, "wallet.insufficient_balance"), locale, now).keyboard).toBeDefined();
    expect(renderError(http(403, "api_key.insufficient_scope"), locale, now).text).toBe("error-insufficient-scope");
    expect(renderError(http(403, "api_key.spend_limit_exceeded"), locale, now).text).toBe('error-spend-limit({"hours":4,"minutes":30})');
    expect(renderError(http(401, "api_key.invalid"), locale, now).text).toBe("error-key-rejected");
    expect(renderError(http(403), locale, now).text).toBe("error-key-rejected");
    expect(renderError(http(502, "provider.failed"), locale, now).text).toBe("error-provider-failed");
    const proxyPage = new MarketplaceError("http", "x", 502, undefined, undefined, undefined, { problem: false });
    expect(renderError(proxyPage, locale, now).text).toBe("error-marketplace-unreachable");
    expect(renderError(http(503, "address_checker.unavailable"), locale, now).text).toBe("error-checker-unavailable");
    expect(renderError(http(404), locale, now).text).toBe("error-not-found");
    expect(renderError(new MarketplaceError("ambiguous", "x"), locale, now).text).toBe("error-ambiguous");
    expect(renderError(new MarketplaceError("timeout", "x"), locale, now).text).toBe("error-marketplace-unreachable");
    expect(renderError(new NoApiKeyError(), locale, now).text).toBe("error-no-key");
    const internal = renderError(new TypeError("secret internals"), locale, now);
    expect(internal).toMatchObject({ text: "error-internal", expected: false });
    expect(renderError(new MarketplaceError("http", "x", 400, undefined, "Bad", "<b>volume</b> too small"), locale, now).text).toBe(
      'error-request-rejected-detail({"detail":"&lt;b&gt;volume&lt;/b&gt; too small"})',
    );
  });
  it("counts down to the UTC midnight reset", () => {
    expect(untilUtcMidnight(Date.UTC(2026, 0, 1, 23, 59, 30))).toEqual({ hours: 0, minutes: 1 });
    expect(untilUtcMidnight(Date.UTC(2026, 0, 1, 0, 0))).toEqual({ hours: 24, minutes: 0 });
  });
});

describe("conversation replay encoding", () => {
  it("keeps bigints and marketplace errors through JSON", () => {
    const value = { volume: 9_007_199_254_740_993n, list: [1n, "a"], nested: { x: null } };
    expect(decodeJson(JSON.parse(JSON.stringify(encodeJson(value))))).toEqual(value);
    // the value itself is left alone (it may be a cached object): its copy is marked
    expect(value.volume).toBe(9_007_199_254_740_993n);
    // plain JSON is stored as it is; anything JSON would change is copied as before (a Map as {})
    const plain = { address: "T…", prices: [1, 2.5], label: null, ok: true };
    expect(encodeJson(plain)).toBe(plain);
    expect(encodeJson({ seen: new Map([["a", 1]]) })).toEqual({ seen: {} });
    const notANumber = { n: Number.NaN };
    expect(encodeJson(notANumber)).not.toBe(notANumber);
    // only a lone marker is a bigint
    expect(decodeJson(JSON.parse('{"a":{"$bigint":"5"},"b":{"$bigint":"5","c":1},"d":[{"$bigint":"-7"}]}'))).toEqual({ a: 5n, b: { $bigint: "5", c: 1 }, d: [-7n] });
    const err = new MarketplaceError("http", "m", 402, "wallet.insufficient_balance", "t", "d");
    const back = decodeError(JSON.parse(JSON.stringify(encodeError(err)))) as MarketplaceError;
    expect(back).toBeInstanceOf(MarketplaceError);
    expect(back.isInsufficientBalance).toBe(true);
    // Whether a 502 came from the marketplace itself (refunded) or a proxy (unknown) survives replay.
    const roundTrip = (e: MarketplaceError) => decodeError(JSON.parse(JSON.stringify(encodeError(e)))) as MarketplaceError;
    const proxy502 = new MarketplaceError("http", "m", 502, undefined, undefined, undefined, { problem: false });
    const refused502 = new MarketplaceError("http", "m", 502, undefined, undefined, undefined, { problem: true });
    expect([roundTrip(proxy502).isProviderFailed, roundTrip(proxy502).isTransient]).toEqual([false, true]);
    expect([roundTrip(refused502).isProviderFailed, roundTrip(refused502).isTransient]).toEqual([true, false]);
    expect(decodeError(JSON.parse(JSON.stringify(encodeError(new NoApiKeyError()))))).toBeInstanceOf(NoApiKeyError);
  });
});
