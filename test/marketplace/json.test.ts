import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonExact, quoteUnsafeIntegers, stringifyJson } from "../../src/marketplace/json.js";

type Tree = null | boolean | number | string | bigint | Tree[] | { [key: string]: Tree };

/** Serialises with bigints as raw integer literals, the way a server in another language would. */
function rawJson(value: Tree): string {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(rawJson).join(", ")}]`;
  if (value && typeof value === "object") {
    return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)} :${rawJson(v)}`).join(",\n")} }`;
  }
  return JSON.stringify(value);
}

/** What parseJsonExact must give: safe integers as numbers, others as their exact digits. */
function expected(value: Tree): unknown {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(expected);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expected(v)]));
  const text = JSON.stringify(value);
  // A double written as a long integer literal (e.g. 2^53) is indistinguishable from an int64: kept as digits.
  if (typeof value === "number" && /^-?\d+$/.test(text) && !Number.isSafeInteger(value)) return text;
  return JSON.parse(text) as unknown; // e.g. -0 is written as 0
}

const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const tricky = fc.constantFrom(
  9007199254740991n,
  9007199254740992n,
  9007199254740993n,
  -9007199254740993n,
  10n ** 16n,
  2n ** 63n - 1n,
  10n ** 30n,
  0n,
);
const nastyString = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.constantFrom('"', "\\", '\\"12345678901234567890', '12345678901234567890"', "-9007199254740993", "1e400", "\u2028"),
);
const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    nastyString,
    int64,
    tricky,
    fc.array(tie("tree"), { maxLength: 5 }),
    fc.dictionary(nastyString, tie("tree"), { maxKeys: 5 }),
  ),
}));

describe("parseJsonExact", () => {
  it("keeps every integer exact and leaves everything else as JSON.parse would", () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(parseJsonExact(rawJson(value))).toEqual(expected(value));
      }),
      { numRuns: 500 },
    );
  });

  it("equals JSON.parse on any JSON text without unsafe integers", () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const plain = JSON.parse(text) as unknown;
        if (/\d{16}/.test(text)) return; // may contain unsafe integers: covered above
        expect(parseJsonExact(text)).toEqual(plain);
      }),
      { numRuns: 500 },
    );
  });

  it("quotes only integer literals outside the safe range", () => {
    expect(quoteUnsafeIntegers('{"v":9007199254740993,"w":9007199254740991}')).toBe('{"v":"9007199254740993","w":9007199254740991}');
    expect(quoteUnsafeIntegers("[-18446744073709551616,1.2345678901234567e5,12345678901234567.5,1e400]")).toBe(
      '["-18446744073709551616",1.2345678901234567e5,12345678901234567.5,1e400]',
    );
    expect(quoteUnsafeIntegers('{"s":"12345678901234567890 \\" 12345678901234567890"}')).toBe('{"s":"12345678901234567890 \\" 12345678901234567890"}');
  });

  it("still rejects malformed JSON and tolerates a BOM", () => {
    for (const bad of ["", "{", "<html></html>", "[01234567890123456789]", "[12345678901234567890 1]", "[-]"]) {
      expect(() => parseJsonExact(bad)).toThrow(SyntaxError);
    }
    expect(parseJsonExact('\ufeff{"a":1}')).toEqual({ a: 1 });
  });
});

describe("stringifyJson", () => {
  it("writes safe bigints as numbers and others as strings", () => {
    expect(stringifyJson({ a: 65000n, b: 9007199254740993n, c: -(2n ** 60n), d: undefined, e: "x" })).toBe(
      '{"a":65000,"b":"9007199254740993","c":"-1152921504606846976","e":"x"}',
    );
  });
});
