/**
 * /webhook through the fake Bot API: the receiver URL, the endpoint id, the secret (deleted at once,
 * never stored in plaintext, not even in conversation state), the test ping verified by the real
 * receiver; what to check when it does not arrive or does not verify; the status card's buttons.
 * The sandbox's `createWebhook` plays the dashboard, handing out an endpoint id and secret.
 */
import { en, enAny, enPattern } from "../support/locale.js";
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness, type NoticesHarnessOptions } from "../support/notices-harness.js";
import { waitUntil } from "../support/wait.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";

const USER = 8080;

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!; // a test that starts none must not stop the previous one again
});

const say = (text: string) => n.h.tg.sendText({ userId: USER, text });
/** The setup's steps, the status card and the test ping's success, by their texts in en.ftl. */
const SETUP = enPattern("webhook-setup-steps");
const ASK_SECRET = enAny("webhook-setup-ask-secret-standard", "webhook-setup-ask-secret");
const STATUS = enPattern("webhook-status-title");
const CONNECTED = enPattern("webhook-ping-verified");
const botSaid = (pattern: RegExp, timeoutMs = 5000) => n.h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && pattern.test(String(p.text)), timeoutMs);

async function setUp(options: NoticesHarnessOptions & { scope?: "read" | "purchase" | "full" } = {}) {
  n = await startNoticesHarness({ pingWaitMs: 3000, ...options });
  return await n.h.givenUserWithKey(USER, { scope: options.scope ?? "full" });
}

/** /webhook up to the secret prompt; returns the receiver URL and the dashboard's endpoint. */
async function upToSecret(accountId: string, options: { endpointUrl?: (url: string) => string } = {}) {
  await say("/webhook");
  const steps = String((await botSaid(SETUP)).payload.text);
  const url = /http:\/\/127\.0\.0\.1:\d+\/hooks\/[A-Za-z0-9_-]{32}/.exec(steps)?.[0];
  expect(url).toBeDefined();
  expect(steps).toContain(`<code>${url}</code>`);
  expect(steps).toContain("order.filled");
  const endpoint = n.h.sandbox.control.createWebhook(accountId, options.endpointUrl ? options.endpointUrl(url!) : url!);
  await say(endpoint.id);
  await botSaid(ASK_SECRET);
  return { url: url!, endpoint };
}

async function storedState(): Promise<string> {
  const { db, t } = n.h.store.raw.conn;
  return (await db.select().from(t.botStorage)).map((r) => `${r.key}=${r.value}`).join("\n");
}

describe("/webhook setup", () => {
  it("takes the id and the secret (deleted, sealed, never in conversation state), pings, and reports 'connected'", async () => {
    const { accountId } = await setUp();
    const { endpoint } = await upToSecret(accountId);
    const secretKeyPart = endpoint.secret.slice("whsec_".length);

    const sent = await say(endpoint.secret);
    await n.h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    // While the bot waits for the test event, the conversation's state holds no secret either.
    await botSaid(enPattern("webhook-secret-saved"));
    expect(await storedState()).toContain("webhook-setup");
    expect(await storedState()).toContain(endpoint.id);
    expect(await storedState()).not.toContain(secretKeyPart);
    const card = String((await botSaid(CONNECTED)).payload.text);
        expect(card).toContain(en("webhook-status-endpoint", { id: `<code>${endpoint.id}</code>` }));
    expect(card).toMatch(enPattern("webhook-status-last-verified", { type: "<code>webhook.ping</code>" }));
    // the whole setup ran in one message; the status card's actions are one tap away
    expect(n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-manage") });
    await n.h.tg.waitForCall("editMessageText", (p) => STATUS.test(String(p.text)) && !CONNECTED.test(String(p.text)));
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual(["webhook-button-test", "webhook-button-notices-off", "webhook-button-change", "webhook-button-delete"].map((key) => en(key)));

    expect(n.h.tg.messages(USER).find((m) => m.messageId === sent.messageId)?.deleted).toBe(true);
    const row = (await n.h.store.webhooks.forUser(USER))!;
    expect(row.endpointId).toBe(endpoint.id);
    expect(row.sealedSecret).not.toContain(secretKeyPart);
    expect(await n.h.store.webhooks.revealSecret(row)).toBe(endpoint.secret);
    // The conversation ended with the secret's update: its state is gone, not rewritten.
    await waitUntil(async () => !(await storedState()).includes("webhook-setup"));
    expect(await storedState()).not.toContain(secretKeyPart);
    expect(n.h.logs.join("\n")).not.toContain(secretKeyPart);
    // The test ping is reported by the flow itself, not pushed a second time.
    expect(await n.h.store.outbox.listForChat(USER)).toEqual([]);
  });

  it("explains a bad id, refuses a secret of the wrong shape (deleted, nothing stored), and can be cancelled", async () => {
    const { accountId } = await setUp();
    await say("/webhook");
    await botSaid(SETUP);
    await say("not-an-id");
    await botSaid(enPattern("webhook-setup-bad-id"));
    const endpoint = n.h.sandbox.control.createWebhook(accountId, "https://example.test/hooks/x");
    await say(endpoint.id);
    await botSaid(ASK_SECRET);
    const sent = await say("my secret is hunter2");
    await n.h.tg.waitForCall("deleteMessage", (p) => p.message_id === sent.messageId);
    await botSaid(enAny("webhook-secret-bad-standard", "webhook-secret-bad"));
    expect((await n.h.store.webhooks.forUser(USER))?.sealedSecret).toBeNull();
    await say("hello?");
    await botSaid(enPattern("fallback-message")); // the conversation has ended

    await say("/webhook");
    await botSaid(SETUP);
    await n.h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await botSaid(enPattern("cancel-done"));
  });

  it("Cancel on every step: the id, then the secret; nothing is kept and later text is not taken", async () => {
    const { accountId } = await setUp();
    await say("/webhook");
    await botSaid(SETUP);
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    await say("not-an-id");
    const retry = String((await botSaid(enPattern("webhook-setup-bad-id"))).payload.text);
    expect(retry).toMatch(SETUP); // the step again, in the same message
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    await n.h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.text === en("cancel-done"));
    const endpoint = n.h.sandbox.control.createWebhook(accountId, "https://example.test/hooks/x");
    await say(endpoint.id);
    await botSaid(enPattern("fallback-message"));
    expect((await n.h.store.webhooks.forUser(USER))?.endpointId ?? null).toBeNull();

    await upToSecret(accountId);
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-cancel")]);
    await n.h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.text === en("cancel-done"));
    expect(n.h.tg.buttons(USER)).toEqual([]);
    expect((await n.h.store.webhooks.forUser(USER))?.sealedSecret).toBeNull();
    // all of each setup in its one message
    expect(n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER && SETUP.test(String(c.payload.text)))).toHaveLength(2);
  });

  it("a secret that does not match: the ping arrives but does not verify, and the user is told so", async () => {
    const { accountId } = await setUp();
    await upToSecret(accountId);
    await say("whsec_" + Buffer.alloc(24, 3).toString("base64"));
    const card = String((await botSaid(enPattern("webhook-ping-unverified"))).payload.text);
    expect(card).toMatch(enPattern("webhook-status-last-unverified"));
  });

  it("when no test event arrives in time, says what to check", async () => {
    const { accountId } = await setUp({ pingWaitMs: 1200 });
    const { url, endpoint } = await upToSecret(accountId, { endpointUrl: (u) => u.replace(/hooks\/.*/, `hooks/${"Z".repeat(32)}`) });
    await say(endpoint.secret);
    await botSaid(enPattern("webhook-ping-timeout", { seconds: 1, url: `<code>${url}</code>` }));
    expect(n.h.sandbox.control.deliveries(endpoint.id).every((d) => d.status === 404)).toBe(true);
  });

  it("a key without full access: why, and the button to add one; no key: add one; no PUBLIC_URL: what the operator must do", async () => {
    const { accountId } = await setUp({ scope: "purchase" });
    await upToSecret(accountId);
    await say("whsec_" + Buffer.alloc(24, 5).toString("base64"));
    const refused = String((await botSaid(/can't manage webhooks/)).payload.text);
    expect(refused).toContain("<b>full access</b>");
    // the way out, as at a second /webhook: no other key may, so the button to add one
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual(["🔑 Add API key", "🔑 My keys"]);
    await n.stop();

    n = await startNoticesHarness();
    await n.h.tg.sendText({ userId: USER + 1, text: "/webhook" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER + 1 && p.text === en("error-no-key"));
    await n.stop();

    n = await startNoticesHarness({ noPublicUrl: true });
    await n.h.givenUserWithKey(USER, { scope: "full" });
    await say("/webhook");
    await botSaid(/PUBLIC_URL/);
    await n.h.tg.sendText({ userId: USER, chatId: -100, chatType: "group", text: "/webhook" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === -100 && p.text === en("private-only"));
  });
});

describe("/webhook status", () => {
  async function configured() {
    const { accountId, apiKey, keyId } = await setUp();
    const row = await n.h.store.webhooks.ensureForUser(USER, keyId);
    const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
    await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
    await n.h.store.webhooks.setSecret(row, endpoint.secret);
    return { endpoint, apiKey };
  }

  it("shows the status; Test again pings and reports; Notices off/on flips the user's notices", async () => {
    await configured();
    await say("/webhook");
    expect(String((await botSaid(STATUS)).payload.text)).toContain(en("webhook-status-no-events"));
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-test") });
    const toast = await n.h.tg.waitForCall("answerCallbackQuery");
    expect(toast.payload.text).toBe(en("webhook-test-started", { seconds: 3 }));
    const edited = await n.h.tg.waitForCall("editMessageText", (p) => CONNECTED.test(String(p.text)));
    expect(String(edited.payload.text)).toMatch(enPattern("webhook-status-last-verified"));

    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-notices-off") });
    await n.h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("webhook-status-notices-off")));
    expect((await n.h.store.users.get(USER))?.noticesEnabled).toBe(false);
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-notices-on") });
    await n.h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("webhook-status-notices-on")));
    expect((await n.h.store.users.get(USER))?.noticesEnabled).toBe(true);
  });

  it("Delete asks first (the secret is lost), deletes the marketplace endpoint and forgets it; a second tap changes nothing", async () => {
    const { endpoint, apiKey } = await configured();
    await say("/webhook");
    await botSaid(STATUS);
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-delete") });
    const confirm = String((await n.h.tg.waitForCall("editMessageText", (p) => p.text === en("webhook-delete-confirm"))).payload.text);
    expect(confirm).toBe(en("webhook-delete-confirm"));
    const confirmMessage = n.h.tg.lastBotMessage(USER)!.messageId;
    const yes = n.h.tg.buttons(USER).find((b) => b.text === en("webhook-button-delete-confirm"))!.callbackData!;
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-delete-confirm") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.text === en("webhook-deleted"));
    expect(await n.h.store.webhooks.forUser(USER)).toBeUndefined();
    const ping = await n.h.marketplace.forKey(apiKey).pingWebhook(endpoint.id).catch((e: unknown) => e);
    expect(ping instanceof MarketplaceError && ping.isNotFound).toBe(true);

    expect(n.h.tg.buttons(USER, confirmMessage)).toEqual([]);
    await n.h.tg.tap({ userId: USER, messageId: confirmMessage, data: yes });
    const again = await n.h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("webhook-none"));
    expect(again).toBeDefined();
    await say("/webhook");
    await botSaid(SETUP); // set up anew
  });

  it("Back on the delete confirmation keeps the endpoint; Change endpoint runs the setup in the card", async () => {
    const { endpoint } = await configured();
    await say("/webhook");
    await botSaid(STATUS);
    const card = n.h.tg.lastBotMessage(USER)!.messageId;
    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-delete") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.text === en("webhook-delete-confirm"));
    await n.h.tg.tapButton({ userId: USER, text: en("button-back") });
    await n.h.tg.waitForCall("editMessageText", (p) => STATUS.test(String(p.text)));
    expect((await n.h.store.webhooks.forUser(USER))?.endpointId).toBe(endpoint.id);

    await n.h.tg.tapButton({ userId: USER, text: en("webhook-button-change") });
    const steps = await n.h.tg.waitForCall("editMessageText", (p) => SETUP.test(String(p.text)));
    expect(steps.payload.message_id).toBe(card);
    await n.h.tg.tapButton({ userId: USER, text: en("button-cancel") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.message_id === card && p.text === en("cancel-done"));
    expect((await n.h.store.webhooks.forUser(USER))?.endpointId).toBe(endpoint.id);
  });

  it("a status-card button forged in a group does nothing", async () => {
    await configured();
    await say("/webhook");
    await botSaid(STATUS);
    const off = n.h.tg.buttons(USER).find((b) => b.text === en("webhook-button-notices-off"))!.callbackData!;
    const del = n.h.tg.buttons(USER).find((b) => b.text === en("webhook-button-delete"))!.callbackData!;
    await n.h.tg.sendText({ userId: USER, chatId: -400, chatType: "group", text: "/webhook" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === -400);
    const inGroup = n.h.tg.lastBotMessage(-400)!.messageId;
    for (const data of [off, del]) {
      await n.h.tg.tap({ userId: USER, chatId: -400, messageId: inGroup, data });
      await n.h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("private-only-button"));
    }
    expect((await n.h.store.users.get(USER))?.noticesEnabled).toBe(true);
    expect((await n.h.store.webhooks.forUser(USER))?.endpointId).toBeTruthy();
    expect(n.h.tg.callsOf("editMessageText")).toHaveLength(0);
  });
});
