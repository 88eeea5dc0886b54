import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSealer, SealError } from "../../src/store/secrets.js";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe("secret sealing", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealer = createSealer([keyA]);
    const sealed = sealer.seal("mk_live_supersecretvalue", "api-key:42");
    expect(sealed).not.toContain("supersecret");
    expect(sealer.open(sealed, "api-key:42")).toBe("mk_live_supersecretvalue");
    expect(sealer.seal("same", "o")).not.toBe(sealer.seal("same", "o"));
  });
  it("refuses a tampered ciphertext, tag or iv", () => {
    const sealer = createSealer([keyA]);
    const parts = sealer.seal("secret", "owner").split(".");
    for (const index of [2, 3, 4]) {
      const copy = [...parts];
      const bytes = Buffer.from(copy[index]!, "base64url");
      bytes[0] = bytes[0]! ^ 1;
      copy[index] = bytes.toString("base64url");
      expect(() => sealer.open(copy.join("."), "owner")).toThrow(SealError);
    }
  });
  it("refuses a truncated tag", () => {
    const sealer = createSealer([keyA]);
    const parts = sealer.seal("secret", "owner").split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 4).toString("base64url");
    expect(() => sealer.open(parts.join("."), "owner")).toThrow(SealError);
  });
  it("is bound to its owner", () => {
    const sealer = createSealer([keyA]);
    const sealed = sealer.seal("secret", "api-key:1");
    expect(() => sealer.open(sealed, "api-key:2")).toThrow(SealError);
  });
  it("supports master key rotation", () => {
    const old = createSealer([keyA]);
    const sealedWithOld = old.seal("secret", "o");
    const rotated = createSealer([keyB, keyA]);
    expect(rotated.open(sealedWithOld, "o")).toBe("secret");
    expect(rotated.isStale(sealedWithOld)).toBe(true);
    const resealed = rotated.seal("secret", "o");
    expect(rotated.isStale(resealed)).toBe(false);
    expect(() => old.open(resealed, "o")).toThrow(/unknown master key/);
    expect(() => createSealer([keyB]).open(sealedWithOld, "o")).toThrow(SealError);
  });
  it("rejects bad master keys and garbage", () => {
    expect(() => createSealer([])).toThrow(SealError);
    expect(() => createSealer([randomBytes(16)])).toThrow(SealError);
    expect(() => createSealer([keyA]).open("plain-text", "o")).toThrow(SealError);
  });
});
