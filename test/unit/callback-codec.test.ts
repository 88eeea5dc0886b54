/**
 * The one callback codec: buttons (`defineCallback`) and the menus' payloads (`definePayload`) pack
 * the same field kinds, the compact uuid among them, and never past Telegram's 64 bytes.
 */
import { describe, expect, it } from "vitest";
import { defineCallback, definePayload, MAX_CALLBACK_DATA_BYTES } from "../../src/telegram/callback-codec.js";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
const address = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

/** A menu button's callback data at its longest: `<menu>/<row>/<col>/<payload>/` and the plugin's hash (a letter, up to 12 bytes). */
const menuData = (menu: string, payload: string) => `${menu}/ff/ff/${payload}/h${"\u{fffd}".repeat(4)}`;

describe("compact uuid", () => {
  const card = definePayload({ order: "compactUuid", page: "int" }, { menus: ["order"] });

  it("packs a uuid in 22 characters and reads back the same uuid, capitals kept", () => {
    const packed = card.pack({ order: id, page: 3 });
    expect(packed).toMatch(/^[A-Za-z0-9_-]{22}:3$/);
    expect(card.unpack(packed)).toEqual({ order: id, page: 3 });
    expect(card.unpack(card.pack({ order: id.toUpperCase(), page: 1 }))).toEqual({ order: id.toUpperCase(), page: 1 });
  });

  it("refuses what is not a uuid (nor one of mixed case) when packing, and a payload of another shape when reading", () => {
    expect(() => card.pack({ order: "not-a-uuid", page: 1 })).toThrow();
    expect(() => card.pack({ order: id.replace("f", "F"), page: 1 })).toThrow();
    for (const payload of ["", "3", `${id}:3`, "AAAA:3", `${"A".repeat(22)}:x`, `${"A".repeat(22)}:3:4`]) expect(card.unpack(payload)).toBeUndefined();
  });

  it("is the same field kind in a button's data", () => {
    const open = defineCallback("t.open", { id: "compactUuid" });
    expect(open.unpack(open.pack({ id }))).toEqual({ id });
    expect(open.pattern.test(open.pack({ id }))).toBe(true);
  });
});

describe("menu payloads", () => {
  it("fit beside the longest of their menus within 64 bytes, or are refused when packed", () => {
    const addressCard = definePayload({ address: "address", page: "int" }, { menus: ["adr", "adrc", "adrf"] });
    const packed = addressCard.pack({ address, page: 9999 });
    expect(Buffer.byteLength(menuData("adrc", packed))).toBeLessThanOrEqual(MAX_CALLBACK_DATA_BYTES);
    const longMenu = definePayload({ address: "address", page: "int" }, { menus: ["a-much-longer-menu"] });
    expect(() => longMenu.pack({ address, page: 9999 })).toThrow(/longer than/);
  });

  it("never hold the menu plugin's separator", () => {
    const p = definePayload({ verb: "word", page: "int", id: "compactUuid" }, { menus: ["rule-f"] });
    for (let i = 0; i < 50; i++) expect(p.pack({ verb: "f", page: i, id: crypto.randomUUID() })).not.toContain("/");
  });
});
