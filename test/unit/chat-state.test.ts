import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { PLUGIN_DATA_VERSION } from "@grammyjs/conversations";
import { createStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { currentConversationsOnly } from "../../src/bot/middlewares/chat-state.js";

describe("conversation state of another version", () => {
  let store: Store;
  afterEach(() => store.close());

  it("is deleted on first read, so the chat no longer counts as being in a conversation", () => {
    store = createStore(":memory:", createSealer([randomBytes(32)]));
    const current = { version: [PLUGIN_DATA_VERSION, 2], state: { buy: [{}] } };
    store.conversations.write("1", current);
    store.conversations.write("2", { version: [PLUGIN_DATA_VERSION, 1], state: { buy: [{}] } });
    store.conversations.write("3", { state: {} }); // no version at all
    const adapter = currentConversationsOnly(store.conversations, 2);

    expect(adapter.read("1")).toEqual(current);
    expect(adapter.read("2")).toBeUndefined();
    expect(adapter.read("3")).toBeUndefined();
    expect(adapter.read("4")).toBeUndefined();
    expect(["1", "2", "3", "4"].map((k) => store.conversations.has(k))).toEqual([true, false, false, false]);
  });
});
