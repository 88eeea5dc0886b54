/**
 * /webhook on the embedded sandbox (no PUBLIC_URL, no dashboard): the bot creates the endpoint with
 * the user's key, delivering to its own receiver, keeps the secret sealed, and the test event
 * verifies. In Russian.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";

const USER = 8181;

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

const say = (text: string) => n.h.tg.sendText({ userId: USER, text, languageCode: "ru" });
const botSaid = (pattern: RegExp, timeoutMs = 5000) =>
  n.h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && pattern.test(String(p.text)), timeoutMs);

describe("/webhook on the embedded sandbox", () => {
  it("creates the endpoint for the user, tests it and shows it connected; Change endpoint replaces it", async () => {
    n = await startNoticesHarness({ embeddedSandbox: true, pingWaitMs: 3000 });
    const { apiKey } = await n.h.givenUserWithKey(USER, { scope: "full" });

    await say("/webhook");
    const creating = String((await botSaid(/песочниц/)).payload.text);
    expect(creating).toContain(`${n.receiver.url}/hooks/`);
    const card = String((await botSaid(/Подключено/)).payload.text);
    const row = (await n.h.store.webhooks.forUser(USER))!;
    expect(row.endpointId).toMatch(/^[0-9a-f-]{36}$/);
    expect(card).toContain(`<code>${row.endpointId}</code>`);
    expect(card).toContain("webhook.ping");
    // the secret is the sandbox's, sealed; it reached neither the chat nor the log
    const secret = (await n.h.store.webhooks.revealSecret(row))!;
    expect(secret).toMatch(/^whsec_/);
    expect(row.sealedSecret).not.toContain(secret.slice(6));
    const everything = n.h.tg.callsOf("sendMessage").concat(n.h.tg.callsOf("editMessageText")).map((c) => String(c.payload.text)).join("\n");
    expect(everything).not.toContain(secret.slice(6));
    expect(n.h.logs.join("\n")).not.toContain(secret.slice(6));
    // one message for the whole setup
    expect(n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    const first = n.h.sandbox.control.deliveries(row.endpointId!);
    expect(first.map((d) => [d.type, d.status])).toEqual([["webhook.ping", 200]]);

    // Change endpoint: a new one replaces the old, which the sandbox no longer delivers to
    await n.h.tg.tapButton({ userId: USER, text: /Управлять/ });
    await botSaid(/Уведомления через вебхук/);
    const tapped = n.h.tg.callsOf("editMessageText").length;
    await n.h.tg.tapButton({ userId: USER, text: /Сменить/ });
    await n.h.tg.waitForCall("editMessageText", (p) => /Подключено/.test(String(p.text)) && !String(p.text).includes(row.endpointId!));
    // while it works, the card's message says so with no buttons: not the card's, whose menu was tapped
    const working = n.h.tg.callsOf("editMessageText").slice(tapped).find((c) => /песочниц/.test(String(c.payload.text)))!;
    expect(working.payload.reply_markup).toEqual({ inline_keyboard: [] });
    const replaced = (await n.h.store.webhooks.forUser(USER))!;
    expect(replaced.endpointId).not.toBe(row.endpointId);
    await expect(n.h.marketplace.forKey(apiKey).pingWebhook(row.endpointId!)).rejects.toMatchObject({ status: 404 });
  });

  it("in Chinese, every word of the setup and the status card is Chinese (no 'endpoint', no 'webhook')", async () => {
    n = await startNoticesHarness({ embeddedSandbox: true, pingWaitMs: 3000 });
    await n.h.givenUserWithKey(USER, { scope: "full" });
    await n.h.tg.sendText({ userId: USER, text: "/webhook", languageCode: "zh" });
    const card = String((await botSaid(/已连接/)).payload.text);
    expect(card).toContain("回调通知");
    expect(card).toContain("端点编号：<code>");
    const readable = card.replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<[^>]+>/g, "");
    expect(readable).not.toMatch(/endpoint|webhook|Webhook|URL/);
    await n.h.tg.tapButton({ userId: USER, text: /管理端点/ });
    await botSaid(/回调通知/);
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual(["🔁 再次测试", "🔕 关闭通知", "✏️ 更换端点", "🗑 删除端点"]);
  });

  it("a key without full access gets why, with the way out, and nothing is created", async () => {
    n = await startNoticesHarness({ embeddedSandbox: true, pingWaitMs: 3000 });
    await n.h.givenUserWithKey(USER, { scope: "purchase" });
    await say("/webhook");
    await botSaid(/не может управлять вебхуками: у него нет полного доступа/);
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual(["🔑 Добавить API-ключ", "🔑 Мои ключи"]);
    expect((await n.h.store.webhooks.forUser(USER))?.endpointId ?? null).toBeNull();
  });
});
