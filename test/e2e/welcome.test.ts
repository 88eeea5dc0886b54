/** The welcome of a user without a key (in Chinese): it leads to adding one, and on the embedded sandbox to its demo keys. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import type { DemoKeys } from "../../src/bot/context.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";

let h: Harness;
// filled once the sandbox has made its demo account; the bot's deps hold this same object
const demoKeys: DemoKeys = { read: "", purchase: "", full: "" };
beforeEach(async () => {
  h = await startHarness({ sandbox: { seedDemo: true }, extendDeps: (deps) => ({ ...deps, demoKeys }) });
  Object.assign(demoKeys, h.sandbox.demo!.keys);
});
afterEach(async () => {
  await h.stop();
});

const USER = 4201;
const start = () => h.tg.sendText({ userId: USER, text: "/start", languageCode: "zh" });

describe("/start without a key", () => {
  it("offers adding a key and the sandbox's demo keys; a demo key is added, verified and becomes the default", async () => {
    await start();
    const welcome = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("演示密钥"));
    expect(String(welcome.payload.text)).toContain("沙盒");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["🔑 添加 API 密钥", "👁 演示密钥：只读", "🛒 演示密钥：购买", "🔑 演示密钥：完全权限", "⚡ 购买能量", "💰 余额"]);
    // the buttons carry the scope only
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain(SharedButtons.addDemoKey.pack({ scope: "purchase" }));

    await h.tg.tapButton({ userId: USER, text: "🛒 演示密钥：购买", languageCode: "zh" });
    await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => String(p.text).includes(`…${demoKeys.purchase.slice(-4)}`));
    const keys = await h.store.apiKeys.list(USER);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.isDefault).toBe(true);
    expect(await h.store.apiKeys.reveal(keys[0]!)).toBe(demoKeys.purchase);
    for (const c of h.tg.calls) expect(JSON.stringify(c.payload)).not.toContain(demoKeys.purchase);

    // with a key, the welcome no longer offers keys
    await h.tg.tapButton({ userId: USER, text: /跳过/, languageCode: "zh" });
    await start();
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("欢迎回来"));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).not.toContain(SharedButtons.addDemoKey.pack({ scope: "read" }));
  });

  it("without a sandbox the welcome offers adding a key only", async () => {
    await h.stop();
    h = await startHarness();
    await start();
    await h.tg.waitForCall("sendMessage");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["key.add", "buy", "bal"]);
  });
});
