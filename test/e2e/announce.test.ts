/**
 * Announcements (issue 33, item 6): an operator's /announce is previewed (as users will see it, with
 * Send to N users), then sent through the outbox to every user who takes announcements (not to one
 * who turned them off in /settings, nor to one who sent /stop), with a final count from the rows'
 * states (a user who blocked the bot counts as blocked). Interrupted by a restart between batches,
 * it carries on and sends nobody a second copy, even when a batch is written again. A non-operator's
 * /announce is answered as an unknown command. ANNOUNCE_PAID_BROADCAST: announcement rows only go
 * with allow_paid_broadcast.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createAnnouncer, type Announcer } from "../../src/notices/announcer.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import type { Sender } from "../../src/notices/sender.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { testEngine } from "../support/test-store.js";

const OPERATOR = 7001;
const texts = loadTranslations("en");
const t = (locale: string, key: string, vars?: Record<string, string | number>) => texts.t(locale, key, vars);
const textOf = (payload: Record<string, unknown>) => (typeof payload.text === "string" ? payload.text : "");

let n: NoticesHarness;
afterEach(async () => {
  await n.stop();
});

async function setUp(options: { paidBroadcast?: boolean; batchSize?: number } = {}) {
  n = await startNoticesHarness({
    startSender: true,
    harness: { extendDeps: (deps) => ({ ...deps, announce: { operatorIds: new Set([OPERATOR]), paidBroadcast: options.paidBroadcast ?? false } }) },
  });
  await n.h.store.users.touch(OPERATOR, OPERATOR);
  return newAnnouncer(options.batchSize ?? 200, n.sender);
}

function newAnnouncer(batchSize: number, sender: Sender): Announcer {
  return createAnnouncer({
    get store() {
      return n.h.store;
    },
    translator: createNoticeTranslator("en"),
    defaultLocale: "en",
    logger: n.h.deps.logger,
    now: Date.now,
    onEnqueued: () => sender.wake(),
    batchSize,
  });
}

/** The operator's /announce <text> and its preview; returns the announcement's id. */
async function announce(text: string, audience: number): Promise<number> {
  await n.h.tg.sendText({ userId: OPERATOR, text: `/announce ${text}` });
  await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === OPERATOR && JSON.stringify(p.reply_markup ?? "").includes(t("en", "announce-button-send", { count: audience })));
  return lastAnnouncement();
}

/** The newest announcement's id (ids count up from 1 in each test's database). */
async function lastAnnouncement(): Promise<number> {
  let id = 0;
  while (await n.h.store.announcements.get(id + 1)) id++;
  if (id === 0) throw new Error("no announcement");
  return id;
}

/** Passes of the announcer, each followed by the sender's drain, until the announcement is done. */
async function sendAll(announcer: Announcer, sender: Sender, id: number): Promise<void> {
  for (let pass = 0; pass < 30; pass++) {
    await announcer.tick();
    await sender.drain();
    if ((await n.h.store.announcements.get(id))?.status === "done") return;
  }
  throw new Error("the announcement did not finish");
}

/** Tapped Send on the preview, and the tap was handled (the preview became the progress line). */
async function tapSend(audience: number): Promise<void> {
  await n.h.tg.tapButton({ userId: OPERATOR, text: t("en", "announce-button-send", { count: audience }) });
  await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).startsWith("📣 <b>Sending the announcement</b>"));
}

const copiesTo = (chatId: number, marker: string) => n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId && textOf(c.payload) === marker);

describe(`announcements (${testEngine})`, () => {
  it("previews, then sends to every user who takes announcements; /settings off and /stop get nothing; a blocked user counts as blocked", async () => {
    const announcer = await setUp();
    const { tg, store } = n.h;
    const [on1, on2, offInSettings, stopped, blocked] = [7101, 7102, 7103, 7104, 7105];
    for (const user of [on1, on2, offInSettings, stopped, blocked]) await store.users.touch(user, user);

    // announcements off on the /settings card (in Russian), and with /stop (in Chinese)
    await tg.sendText({ userId: offInSettings, text: "/settings", languageCode: "ru" });
    await tg.waitForCall("sendMessage", (p) => p.chat_id === offInSettings && textOf(p).includes(t("ru", "settings-announcements-on")));
    await tg.tapButton({ userId: offInSettings, text: t("ru", "settings-button-announcements-off") });
    await tg.waitForCall("editMessageText", (p) => p.chat_id === offInSettings && textOf(p).includes(t("ru", "settings-announcements-off")));
    await tg.sendText({ userId: stopped, text: "/stop", languageCode: "zh" });
    await tg.waitForCall("sendMessage", (p) => p.chat_id === stopped && textOf(p) === t("zh", "stop-done"));
    expect(t("zh", "stop-done")).toContain("/settings");
    expect(await store.users.get(stopped)).toMatchObject({ announcementsEnabled: false });
    tg.blockChat(blocked);

    // the preview is the text exactly as users get it (escaped: nobody's markup), with Send to 4 users
    const id = await announce("Maintenance tonight <b>22:00</b> UTC", 4);
    const shown = "Maintenance tonight &lt;b&gt;22:00&lt;/b&gt; UTC";
    const preview = tg.callsOf("sendMessage").find((c) => c.payload.chat_id === OPERATOR)!;
    expect(textOf(preview.payload)).toBe(shown);
    // nothing is sent before Send
    await announcer.tick();
    await n.sender.drain();
    expect(copiesTo(on1, shown)).toHaveLength(0);

    await tg.tapButton({ userId: OPERATOR, text: t("en", "announce-button-send", { count: 4 }) });
    await tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).startsWith("📣 <b>Sending the announcement</b>: 0 sent, 0 blocked, 0 failed, 4 to go."));
    // a second tap on Send (a copy of the button) starts nothing
    expect(await store.announcements.leaveDraft(id, OPERATOR, "sending")).toBe(false);

    await sendAll(announcer, n.sender, id);
    await n.sender.drain();
    for (const user of [on1, on2]) expect(copiesTo(user, shown)).toHaveLength(1);
    expect(copiesTo(OPERATOR, shown)).toHaveLength(2); // the preview, and the operator's own copy
    for (const user of [offInSettings, stopped]) expect(copiesTo(user, shown)).toHaveLength(0);
    // tried once, refused with 403: nothing reached the chat
    expect(copiesTo(blocked, shown)).toHaveLength(1);
    expect(tg.messages(blocked).filter((m) => m.from === "bot")).toEqual([]);
    expect(await store.announcements.counts(id)).toEqual({ total: 4, sent: 3, blocked: 1, failed: 0, pending: 0 });
    // the final count on the operator's message, without a Refresh button
    const final = await tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).startsWith(t("en", "announce-done", { sent: 3, blocked: 1, failed: 0 })));
    expect(textOf(final.payload)).toContain(shown);
    expect(final.payload.reply_markup).toBeUndefined();
    expect((await store.users.get(blocked))?.blocked).toBe(true);
    // not a paid broadcast unless configured
    expect(copiesTo(on1, shown)[0]!.payload.allow_paid_broadcast).toBeUndefined();
  });

  it("an announcement interrupted by a restart between batches resumes and sends nobody a second copy", async () => {
    const announcer = await setUp({ batchSize: 2 });
    const users = [7201, 7202, 7203, 7204, 7205];
    for (const user of users) await n.h.store.users.touch(user, user);
    const id = await announce("New prices from Monday", 6);
    await tapSend(6);
    expect(textOf(n.h.tg.callsOf("editMessageText").at(-1)!.payload)).toContain("6 to go");

    // one batch of two goes out, then the process stops
    await announcer.tick();
    await n.sender.drain();
    expect((await n.h.store.announcements.counts(id)).sent).toBe(2);
    await n.sender.stop();
    await n.h.restart();

    // after the restart: a new sender and announcer; the first batch is even written again (its
    // cursor lost, as if the process died between the rows and the cursor): nobody gets it twice
    await n.h.store.announcements.advance(id, null, false);
    const sender = n.newSender();
    await sender.start();
    await sendAll(newAnnouncer(2, sender), sender, id);
    await sender.drain();
    for (const user of users) expect(copiesTo(user, "New prices from Monday")).toHaveLength(1);
    expect(copiesTo(OPERATOR, "New prices from Monday")).toHaveLength(2); // the preview, and the operator's own copy
    expect(await n.h.store.announcements.counts(id)).toEqual({ total: 6, sent: 6, blocked: 0, failed: 0, pending: 0 });
    await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).startsWith(t("en", "announce-done", { sent: 6, blocked: 0, failed: 0 })));
  });

  it("Refresh shows the progress on request; Cancel on a preview sends nothing", async () => {
    const announcer = await setUp({ batchSize: 1 });
    await n.h.store.users.touch(7301, 7301);
    await announce("Cancelled one", 2);
    await n.h.tg.tapButton({ userId: OPERATOR, text: t("en", "announce-button-cancel") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p) === t("en", "announce-cancelled"));
    const id = await announce("Kept one", 2);
    await tapSend(2);
    const progress = n.h.tg.messages(OPERATOR).find((m) => m.text?.startsWith("📣"))!;
    await announcer.tick();
    await n.sender.drain();
    await n.h.tg.tapButton({ userId: OPERATOR, messageId: progress.messageId, text: t("en", "announce-button-refresh") });
    await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).includes("1 sent, 0 blocked, 0 failed, 1 to go"));
    await sendAll(announcer, n.sender, id);
    expect(n.h.tg.callsOf("sendMessage").filter((c) => textOf(c.payload) === "Cancelled one")).toHaveLength(1); // the preview only
  });

  it("a non-operator's /announce is answered as an unknown command and creates nothing", async () => {
    await setUp();
    const someone = 7401;
    await n.h.tg.sendText({ userId: someone, text: "/announce Free energy for all" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === someone && textOf(p) === t("en", "fallback-message"));
    await n.h.tg.sendText({ userId: someone, text: "/announce" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === someone && textOf(p) === t("en", "fallback-message") && n.h.tg.callsOf("sendMessage").length === 2);
    expect(await n.h.store.announcements.get(1)).toBeUndefined();
    expect(n.h.tg.callsOf("sendMessage").map((c) => textOf(c.payload))).toEqual([t("en", "fallback-message"), t("en", "fallback-message")]);
  });

  it("asks for the text when /announce has none; too long a text is refused; ANNOUNCE_PAID_BROADCAST sends its rows (only) as paid broadcasts", async () => {
    const announcer = await setUp({ paidBroadcast: true });
    await n.sender.stop();
    const sender = n.newSender({ paidPerSecond: 1000 });
    await sender.start();
    await n.h.store.users.touch(7501, 7501);
    await n.h.tg.sendText({ userId: OPERATOR, text: "/announce" });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === OPERATOR && textOf(p) === t("en", "announce-ask"));
    await n.h.tg.sendText({ userId: OPERATOR, text: "x".repeat(3801) });
    await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p).startsWith(t("en", "announce-too-long", { max: 3800 })));
    await n.h.tg.sendText({ userId: OPERATOR, text: "Paid one" });
    await n.h.tg.waitForCall("editMessageText", (p) => p.chat_id === OPERATOR && textOf(p) === "Paid one" && JSON.stringify(p.reply_markup).includes("Send to 2 users"));
    await tapSend(2);
    const id = await lastAnnouncement();
    await sendAll(announcer, sender, id);
    await sender.drain();
    const copies = copiesTo(7501, "Paid one");
    expect(copies).toHaveLength(1);
    expect(copies[0]!.payload.allow_paid_broadcast).toBe(true);
    // the operator's own progress edits are never paid
    const edits = n.h.tg.callsOf("editMessageText").filter((c) => c.payload.chat_id === OPERATOR);
    expect(edits.every((c) => c.payload.allow_paid_broadcast === undefined)).toBe(true);
  });
});
