/**
 * The label step after adding a key sends its text nowhere (issue 29): a label too long (33
 * characters) or a TRON address is asked again, and a pasted secret ends the step and is answered
 * as any pasted key (deleted, offered to be saved);
 * in no case does the text reach the marketplace as X-Api-Key. Only the key prompt tries a key.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { recordRequestsTo, type RequestRecorder } from "../support/marketplace-requests.js";
import { waitUntil } from "../support/wait.js";
import { textOf } from "../support/payload.js";

let h: Harness;
let sent: RequestRecorder;
beforeEach(async () => {
  h = await startHarness();
  sent = recordRequestsTo(h.sandbox.url);
});
afterEach(async () => {
  sent.stop();
  await h.stop();
});

const USER = 3101;
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const shown = (pattern: string | RegExp) =>
  h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => (typeof pattern === "string" ? textOf(p).includes(pattern) : pattern.test(textOf(p))));

/** Adds a sandbox key through /key and waits until its label step is open (its state stored). */
async function atLabelStep(): Promise<string> {
  const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
  const key = h.sandbox.control.createKey(accountId, { scope: "purchase" }).key;
  await h.tg.sendText({ userId: USER, text: `/key ${key}` });
  await shown("works and is saved");
  await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes('"keys-label"'));
  return key;
}

/** The API keys the marketplace was sent, in order. */
const keysSent = () => sent.requests.map((r) => r.headers["x-api-key"]).filter((k) => k !== undefined);

describe("the label step after adding a key", () => {
  for (const [what, text] of [
    ["a label of 33 characters", "Binance-hot-wallet-for-payouts-24"],
    ["a TRON address", TRON_ADDRESS],
  ] as const) {
    it(`${what}: asked again as a label, never sent as a key`, async () => {
      const key = await atLabelStep();
      expect(keysSent()).toEqual([key]);
      await h.tg.sendText({ userId: USER, text });
      await shown("A label is one line of 1 to 32 characters");
      expect(h.tg.lastBotMessage(USER)?.text).toContain("Send a label for it");
      expect(keysSent()).toEqual([key]);

      await h.tg.sendText({ userId: USER, text: "Payouts" });
      await shown("is now labelled <b>Payouts</b>");
      expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual(["Payouts"]);
      expect(keysSent()).toEqual([key]);
    });
  }

  it("a pasted secret is deleted, offered to be saved as any pasted key, and ends the step; it is not tried as a key, and the key stays unlabelled", async () => {
    const key = await atLabelStep();
    const secret = "aB3dEf9GhIjK2lMnOpQrStUvWxYz12345";
    const pasted = await h.tg.sendText({ userId: USER, text: secret });
    await h.tg.waitForCall("deleteMessage", (p) => p.message_id === pasted.messageId);
    await shown(`That looked like an API key (ending …${secret.slice(-4)}), so I deleted your message`);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["➕ Save as my key", "✖️ Don't save"]);
    expect(keysSent()).toEqual([key]);
    expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual([""]);
    expect(JSON.stringify((await h.store.conversations.read(String(USER))) ?? null)).not.toContain(secret);
    // the step is over: a label sent now is not taken
    await h.tg.sendText({ userId: USER, text: "Payouts" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && !textOf(p).includes("secret key"));
    expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual([""]);
  });
});
