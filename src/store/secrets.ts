/**
 * Sealing of secrets at rest: AES-256-GCM with a 16-byte tag, bound by AAD to its owner (a value
 * sealed for one user cannot be opened as another's), prefixed with the master key's id so the
 * master key can be rotated: new seals use the current key, old ones open with a previous key.
 *
 *   s1.<keyId>.<iv>.<tag>.<ciphertext>     (base64url parts)
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "s1";
const TAG_LENGTH = 16;

export class SealError extends Error {
  override readonly name = "SealError";
}

export interface Sealer {
  seal(plaintext: string, owner: string): string;
  open(sealed: string, owner: string): string;
  /** True when the value was sealed with a previous master key and should be sealed again. */
  isStale(sealed: string): boolean;
}

export function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

export function createSealer(masterKeys: Buffer[]): Sealer {
  if (masterKeys.length === 0) throw new SealError("no master key");
  for (const k of masterKeys) if (k.length !== 32) throw new SealError("master keys must be 32 bytes");
  const current = masterKeys[0]!;
  const currentId = keyId(current);
  const byId = new Map(masterKeys.map((k) => [keyId(k), k]));

  return {
    seal(plaintext, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_LENGTH });
      cipher.setAAD(Buffer.from(owner, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, currentId, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    open(sealed, owner) {
      const parts = sealed.split(".");
      if (parts.length !== 5 || parts[0] !== VERSION) throw new SealError("not a sealed value");
      const [, id, iv, tag, ciphertext] = parts as [string, string, string, string, string];
      const key = byId.get(id);
      if (!key) throw new SealError("sealed with an unknown master key");
      const tagBytes = Buffer.from(tag, "base64url");
      if (tagBytes.length !== TAG_LENGTH) throw new SealError("bad authentication tag");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_LENGTH });
        decipher.setAAD(Buffer.from(owner, "utf8"));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SealError("cannot open: tampered, wrong owner or wrong key");
      }
    },
    isStale(sealed) {
      return sealed.split(".")[1] !== currentId;
    },
  };
}

/** What a re-sealing pass did: values sealed again, already current, or sealed with a master key this bot does not have. */
export interface ResealCount {
  resealed: number;
  current: number;
  unreadable: number;
}

export type Reseal = { kind: "current" } | { kind: "resealed"; sealed: string } | { kind: "unreadable" };

/**
 * Seals `sealed` again with the current master key when it was sealed with a previous one, for
 * master-key rotation in one pass over a table. "unreadable": sealed with a master key this bot
 * does not have (or tampered).
 */
export function reseal(sealer: Sealer, sealed: string, owner: string): Reseal {
  if (!sealer.isStale(sealed)) return { kind: "current" };
  try {
    return { kind: "resealed", sealed: sealer.seal(sealer.open(sealed, owner), owner) };
  } catch (err) {
    if (err instanceof SealError) return { kind: "unreadable" };
    throw err;
  }
}

export function countReseal(count: ResealCount, outcome: Reseal): void {
  count[outcome.kind === "current" ? "current" : outcome.kind === "resealed" ? "resealed" : "unreadable"]++;
}
