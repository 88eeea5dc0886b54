/**
 * The feature router (issue 28): each update reaches only the features that answer it, in their
 * order, and the bot's table of features answers every command and every shared button.
 */
import { Bot, Composer } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { namespaceOf, routeFeatures, type Answers, type Feature } from "../../src/bot/feature-router.js";
import { projectRoot } from "../../src/paths.js";
import type { BotContext } from "../../src/bot/context.js";
import { features, flowEntries } from "../../src/bot/features/index.js";
import { COMMANDS } from "../../src/bot/commands.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { testBotInfo } from "../../src/dev/telegram-fake/bot-info.js";

const chat = { id: 1, type: "private" as const, first_name: "A" };
const from = { id: 1, is_bot: false, first_name: "A" };
let nextId = 1;
const text = (t: string, commandLength?: number): Update => ({
  update_id: nextId++,
  message: { message_id: 1, date: 0, chat, from, text: t, ...(commandLength ? { entities: [{ type: "bot_command", offset: 0, length: commandLength }] } : {}) },
});
const tap = (data: string): Update => ({ update_id: nextId++, callback_query: { id: "q", chat_instance: "c", from, data, message: { message_id: 1, date: 0, chat, text: "card" } } });
const member: Update = {
  update_id: nextId++,
  my_chat_member: { chat, from, date: 0, old_chat_member: { status: "member", user: from }, new_chat_member: { status: "kicked", user: from, until_date: 0 } },
};

/** A bot whose features (and the card menus) record their name for each update they see, then pass it on. */
function recordingBot(table: Array<[string, Answers | undefined, { drawsCards?: boolean }?]>) {
  const seen: string[] = [];
  const recording = (name: string) => {
    const composer = new Composer<BotContext>();
    composer.use(async (_ctx, next) => {
      seen.push(name);
      await next();
    });
    return composer;
  };
  const routed: Feature[] = table.map(([name, answers, more]) => ({ middleware: recording(name), answers, ...more }));
  const bot = new Bot<BotContext>("1:test", { botInfo: testBotInfo() });
  bot.use(routeFeatures(routed, recording("cards")));
  return {
    async see(update: Update): Promise<string[]> {
      seen.length = 0;
      await bot.handleUpdate(update);
      return [...seen];
    },
  };
}

describe("routeFeatures", () => {
  const bot = recordingBot([
    ["keys", { commands: ["key"], buttons: ["key"] }, { drawsCards: true }],
    ["members", {}],
    ["start", { commands: ["start"] }],
    ["balance", { commands: ["balance"], buttons: ["bal"] }],
    ["legacy", undefined],
  ]);

  it("hands a command to the features that answer it and to those that say nothing, in order", async () => {
    expect(await bot.see(text("/balance", 8))).toEqual(["balance", "legacy"]);
    expect(await bot.see(text("/start@energy_test_bot payload", 22))).toEqual(["start", "legacy"]);
    expect(await bot.see(text("/key sbx_full_0123", 4))).toEqual(["cards", "keys", "legacy"]);
    expect(await bot.see(text("/nothing", 8))).toEqual(["legacy"]);
  });

  it("puts the card menus before a command only when one of its features draws a card", async () => {
    expect(await bot.see(text("/key", 4))).toEqual(["cards", "keys", "legacy"]);
    expect(await bot.see(text("/balance", 8))).not.toContain("cards");
  });

  it("hands a tap to the card menus, then the features whose namespace its data starts with", async () => {
    expect(await bot.see(tap("bal"))).toEqual(["cards", "balance", "legacy"]);
    expect(await bot.see(tap("bal.r"))).toEqual(["cards", "balance", "legacy"]);
    expect(await bot.see(tap("key.use:3:buy"))).toEqual(["cards", "keys", "legacy"]);
    // a card's own tap (a menu's data) names no feature: the menus answer it
    expect(await bot.see(tap("orders/0/1//abc"))).toEqual(["cards", "legacy"]);
  });

  it("hands plain messages and other updates to the card menus and every feature", async () => {
    const all = ["cards", "keys", "members", "start", "balance", "legacy"];
    expect(await bot.see(text("TM93SiHBNy4n2uPvhgUk8aCGaiMhsqZN3t"))).toEqual(all);
    // a slash without a command entity is a plain message
    expect(await bot.see(text("/balance"))).toEqual(all);
    expect(await bot.see(member)).toEqual(all);
  });
});

/** Every `what` the source files under `dir` name, by the first group of `pattern`. */
function named(dir: string, pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(pattern)) found.add(match[1]!);
  }
  return found;
}

describe("the bot's features", () => {
  const declared = (pick: (a: Answers) => readonly string[] | undefined) => new Set(features.flatMap((f) => (f.answers ? (pick(f.answers) ?? []) : [])));

  it("declare every command a feature registers, and every command of the menu", () => {
    const commands = declared((a) => a.commands);
    // /cancel is answered before the features (and in every flow)
    const registered = [...named(join(projectRoot, "src/bot/features"), /\.command\("([a-z_]+)"/g), ...COMMANDS.map((c) => c.name)].filter((c) => c !== "cancel");
    expect(registered.filter((c) => !commands.has(c))).toEqual([]);
  });

  it("say they draw cards when their folder has a card menu or shows another feature's card", async () => {
    const root = join(projectRoot, "src/bot/features");
    const folders = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const source = (folder: string) => readdirSync(join(root, folder), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => readFileSync(join(root, folder, f), "utf8")).join("\n");
    // which folder each exported value (a feature's composer, a folder's registry entries) comes from
    const folderOf = new Map<unknown, string>();
    for (const folder of folders) {
      for (const file of readdirSync(join(root, folder)).filter((f) => f.endsWith(".ts"))) {
        const exported = (await import(join(root, folder, file))) as Record<string, unknown>;
        for (const value of Object.values(exported)) folderOf.set(value, folder);
      }
    }
    const hasCards = (folder: string) => /createCardMenu\(|new Menu\b/.test(source(folder));
    // the registry's entries that show a card (those of a folder with card menus)
    const cardEntries = flowEntries.filter((entries) => hasCards(folderOf.get(entries)!)).flatMap((entries) => Object.keys(entries));
    expect(cardEntries).toContain("show-order-card");
    // buy shows the order card only from its Confirm tap, and every tap's route has the menus
    const onlyFromTaps = ["buy"];
    const expected = features.map((f) => {
      const folder = folderOf.get(f.middleware);
      if (!folder) throw new Error("a feature not exported from a folder of src/bot/features");
      const drawsCards = hasCards(folder) || (!onlyFromTaps.includes(folder) && cardEntries.some((id) => source(folder).includes(`"${id}"`)));
      return `${folder}: ${drawsCards}`;
    });
    expect(features.map((f) => `${folderOf.get(f.middleware)}: ${f.drawsCards === true}`)).toEqual(expected);
    expect(expected.filter((e) => e.endsWith("true")).length).toBeGreaterThan(5);
  });

  it("declare the namespace of every button codec, but for the flows' own steps", () => {
    const buttons = declared((a) => a.buttons);
    // a flow's step buttons are taken by the open flow (before the features), FlowCancel by the fallback after them
    const flowsOnly = ["auto", "sch", "flow"];
    const namespaces = [...named(join(projectRoot, "src"), /defineCallback\("([a-z0-9]+)/g)].filter((ns) => !flowsOnly.includes(ns));
    expect(namespaces.filter((ns) => !buttons.has(ns))).toEqual([]);
    expect(Object.values(SharedButtons).map((b) => namespaceOf(b.prefix)).filter((ns) => !buttons.has(ns))).toEqual([]);
  });
});
