/** The marketplace client's path guard (src/marketplace/paths.ts): what may become a path segment. */
import { describe, expect, it } from "vitest";
import { isUnsafeSegment, MarketplaceError, pathSegment } from "../../src/marketplace/index.js";

const ID = "6f1c2d4e-8a9b-4c3d-9e8f-0a1b2c3d4e5f";

function refusal(run: () => unknown): MarketplaceError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(MarketplaceError);
    return err as MarketplaceError;
  }
  throw new Error("expected a refusal");
}

describe("isUnsafeSegment", () => {
  it("finds dot segments and route characters in any percent-encoding, decoded any number of times", () => {
    for (const value of [".", "..", "%2e", "%2E%2e", ".%2E", "%2e.", "%252e%252e", "%25252E%25252E", "a/b", "a%2Fb", "a%252fb", "a\\b", "a%5Cb", "a?b", "a%3Fb", "a#b", "a%23b", "%2F", "/"]) {
      expect(isUnsafeSegment(value), value).toBe(true);
    }
  });

  it("lets through slugs and ids, dots inside a name, stray percent signs and non-ASCII text", () => {
    for (const value of ["how-to-save-on-usdt-fees", ID, "v1.2", "...", "a..b", "100%", "%zz", "%", "héllo", "能量", "%C3%A9"]) {
      expect(isUnsafeSegment(value), value).toBe(false);
    }
  });
});

describe("pathSegment", () => {
  it("takes an id only when it is a UUID (either case), and encodes text", () => {
    expect(pathSegment(ID)).toBe(ID);
    expect(pathSegment(ID.toUpperCase())).toBe(ID.toUpperCase());
    expect(pathSegment("héllo wörld", "text")).toBe("h%C3%A9llo%20w%C3%B6rld");
    expect(pathSegment("lone\ud800", "text")).toBe("lone%EF%BF%BD");
  });

  it("refuses with a not-found error of kind bad_path that does not quote the value", () => {
    for (const [value, kind] of [["..", "text"], ["%2e%2e", "text"], ["a%2Fb", "text"], ["", "text"], ["12345", "id"], [`${ID}/..`, "id"], [`${ID}x`, "id"]] as const) {
      const err = refusal(() => pathSegment(value, kind));
      expect(err.kind).toBe("bad_path");
      expect(err.isNotFound).toBe(true);
      expect(err.isTransient).toBe(false);
      if (value.length > 2) expect(err.message).not.toContain(value);
    }
  });
});
