/**
 * What the bot knows about a key's access level, used up front (in Chinese): a flow the default key
 * was refused says so at its first step and offers the other keys; a new key is offered as default.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { nextShown } from "./buy-support.js";
import { waitUntil } from "../support/wait.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 4401;
const labels = () => h.tg.buttons(USER).map((b) => b.text);
const say = (text: string) => h.tg.sendText({ userId: USER, text, languageCode: "zh" });
const tap = (label: string | RegExp) => h.tg.tapButton({ userId: USER, text: label, languageCode: "zh" });

/** A read-only default key the marketplace already refused a purchase. */
async function givenRefusedDefault(): Promise<{ accountId: string; keyId: number; fingerprint: string }> {
  const { accountId, keyId, apiKey } = await h.givenUserWithKey(USER, { scope: "read", label: "只读" });
  await h.store.apiKeys.markMissingScope(keyId, "purchase");
  return { accountId, keyId, fingerprint: apiKey.slice(-4) };
}

describe("a flow the default key cannot complete", () => {
  it("/buy says so at once and offers the other key; tapping it makes it the default and starts the flow", async () => {
    const { accountId, fingerprint } = await givenRefusedDefault();
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    const other = await h.store.apiKeys.add(USER, { apiKey: purchase, label: "交易" });

    await say("/buy");
    const answer = String((await nextShown(h, /不能下单/)).payload.text);
    expect(answer).toContain(`…${fingerprint}`);
    expect(answer).toContain("它只能读取，不能购买");
    expect(answer).not.toMatch(/purchase|read|full/);
    expect(labels()).toEqual([`⭐ 使用 交易 …${purchase.slice(-4)}`, "🔑 我的密钥"]);

    await tap(/使用 交易/);
    await nextShown(h, /您想购买什么/);
    expect((await h.store.apiKeys.getDefault(USER))?.id).toBe(other.id);
  });

  it("/webhook with a default key refused webhooks offers the full key; tapping it makes it the default and starts the setup", async () => {
    const { accountId, keyId, fingerprint } = await givenRefusedDefault();
    await h.store.apiKeys.markMissingScope(keyId, "full");
    const full = h.sandbox.control.createKey(accountId, { scope: "full" }).key;
    const other = await h.store.apiKeys.add(USER, { apiKey: full, label: "全权" });
    // a key that may not either is not offered
    await h.store.apiKeys.markMissingScope((await h.store.apiKeys.add(USER, { apiKey: h.sandbox.control.createKey(accountId, { scope: "purchase" }).key, label: "交易" })).id, "full");

    await say("/webhook");
    const answer = String((await nextShown(h, /不能管理回调/)).payload.text);
    expect(answer).toContain(`…${fingerprint}`);
    expect(answer).toContain("它只能读取"); // refused purchase as well: a read-only key
    expect(answer).not.toMatch(/purchase|read|full/);
    expect(labels()).toEqual([`⭐ 使用 全权 …${full.slice(-4)}`, "🔑 我的密钥"]);

    await tap(/使用 全权/);
    await nextShown(h, /通过回调即时通知/);
    expect((await h.store.apiKeys.getDefault(USER))?.id).toBe(other.id);
  });

  it("/buy with an address, then another key: the flow resumes with the address kept", async () => {
    const { accountId } = await givenRefusedDefault();
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    await h.store.apiKeys.add(USER, { apiKey: purchase, label: "交易" });
    const address = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

    await say(`/buy ${address}`);
    await nextShown(h, /不能下单/);
    await tap(/使用 交易/);
    const step = String((await nextShown(h, /购买多少/)).payload.text);
    expect(step).toContain(address);
  });

  it("two refusals: only the latest offer resumes its answers; the earlier one starts afresh", async () => {
    const { accountId } = await givenRefusedDefault();
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    await h.store.apiKeys.add(USER, { apiKey: purchase, label: "交易" });
    const first = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    const second = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

    await say(`/buy ${first}`);
    const firstOffer = (await nextShown(h, /不能下单/)).response as { result: { message_id: number } };
    await say(`/buy ${second}`);
    await nextShown(h, /不能下单/);
    // the earlier offer: the flow starts from its first step, with neither address
    await h.tg.tapButton({ userId: USER, messageId: firstOffer.result.message_id, text: /使用 交易/, languageCode: "zh" });
    await nextShown(h, /您想购买什么/);
  });

  it("a whole /buy one-liner, then another key: straight to the preview with every answer", async () => {
    const { accountId } = await givenRefusedDefault();
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    await h.store.apiKeys.add(USER, { apiKey: purchase, label: "交易" });
    const address = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

    await say(`/buy ${address} 1`);
    await nextShown(h, /不能下单/);
    expect(h.tg.callsOf("sendMessage").some((c) => /预览/.test(String(c.payload.text)))).toBe(false);
    await tap(/使用 交易/);
    const preview = String((await nextShown(h, /预览/)).payload.text);
    expect(preview).toContain(address);
  });

  it("/refill with no other key that may: says so and offers adding one", async () => {
    await givenRefusedDefault();
    await say("/refill");
    const answer = String((await nextShown(h, /不能创建或修改自动化规则/)).payload.text);
    expect(answer).toContain("请添加一个具有<b>购买权限</b>的密钥");
    expect(labels()).toEqual(["🔑 添加 API 密钥", "🔑 我的密钥"]);
    // no flow was started
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);
  });
});

describe("a new key", () => {
  it("is offered as the default when the default was refused what the new key was not", async () => {
    const { accountId, keyId } = await givenRefusedDefault();
    const purchase = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
    await say(`/key ${purchase}`);
    // one sentence after the other, as Chinese is written: no space between them
    expect(String((await nextShown(h, /有效，已保存/)).payload.text)).toContain("有效，已保存。您的默认密钥保持不变");
    await tap("跳过");
    const done = String((await nextShown(h, /没有名称/)).payload.text);
    expect(done).toContain("不能下单；新密钥没有因此被拒绝过");
    expect(labels()[0]).toBe("⭐ 将新密钥设为默认");
    expect((await h.store.apiKeys.getDefault(USER))?.id).toBe(keyId);

    await tap("⭐ 将新密钥设为默认");
    await waitUntil(async () => (await h.store.apiKeys.getDefault(USER))?.id !== keyId);
    expect((await h.store.apiKeys.getDefault(USER))?.fingerprint).toBe(purchase.slice(-4));
  });

  it("is not offered as the default when nothing is known against the default", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { scope: "read" });
    await say(`/key ${h.sandbox.control.createKey(accountId, { scope: "full" }).key}`);
    await nextShown(h, /有效，已保存/);
    await tap("跳过");
    const done = String((await nextShown(h, /没有名称/)).payload.text);
    expect(done).not.toContain("设为默认");
    expect(labels()).not.toContain("⭐ 将新密钥设为默认");
  });
});
