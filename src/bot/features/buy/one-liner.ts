/**
 * `/buy …` typed on one line, checked against /orders/options:
 * - `/buy <address> <n> [<duration>]`: energy for n USDT transfers, for the default duration (1 hour);
 *   an amount in place of n (`65k`, `131 000`) is that much energy;
 * - `/buy <address>`: the flow with the address filled in;
 * - `/buy energy|bandwidth <address> <volume> <duration>` (and its beginnings).
 * Complete and valid → the preview card. A part that is wrong is answered with the reason, and the
 * flow then asks that part with buttons of what is on offer (durations in words), keeping the parts
 * typed after it: no dead end, nothing to type twice.
 * Without a key the line is remembered (pending.ts) and resumed once a key is added.
 */
import { leaveOpenFlows } from "../../flow/enter.js";
import type { BotContext } from "../../context.js";
import type { OrderOptions } from "../../../marketplace/index.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { clipped } from "../../../format/html.js";
import { defaultDuration, transfersVolume } from "../../../orders/presets.js";
import {
  checkVolume,
  matchDuration,
  parseAmount,
  parseBuyArgs,
  resourceOptions,
  typedVolumeExamples,
  type BuyAmount,
  type BuyAnswers,
  type BuyArgs,
  type BuyRequest,
} from "../../../orders/request.js";
import { parseVolumeInput } from "../../../tron/volume.js";
import { rememberPendingBuy } from "./pending.js";
import { sendPreviewCard } from "./preview.js";
import { BUY_FLOW, type BuyFlowArgs } from "./flow.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";

/** How the one-liner goes on when a step is left to ask: the flow (index.ts enters it, and passes it in). */
export type AskRest = (ctx: BotContext, args: BuyFlowArgs) => Promise<void>;

function volumeOf(amount: BuyAmount): bigint {
  return amount.kind === "transfers" ? transfersVolume(amount.count) : amount.volume;
}

/**
 * The volume and duration typed after a wrong address, as answers for the flow (which checks them
 * against the options, and asks again what does not fit).
 */
function keptAfterBadAddress(args: Extract<BuyArgs, { kind: "bad_address" }>): BuyAnswers {
  const amount = args.amountText === undefined ? undefined : parseAmount(args.amountText);
  const volume = args.volumeText !== undefined ? parseVolumeInput(args.volumeText) : amount && volumeOf(amount);
  return { ...(volume !== undefined ? { volume: volume.toString() } : {}), ...(args.durationText !== undefined ? { duration: args.durationText } : {}) };
}

export async function runOneLiner(ctx: BotContext, text: string, askRest: AskRest): Promise<void> {
  if (!ctx.from) return;
  const { t } = ctx.locale;
  let args = parseBuyArgs(text);
  // a word that is neither an address nor a resource may be the name of a saved address
  if (args.kind === "bad_resource" || args.kind === "bad_address") args = parseBuyArgs(text, await ctx.deps.store.recentAddresses.entries(ctx.from.id));
  /** The reason, then the step it is about, asked with its buttons. */
  const explainAndAsk = async (reason: string, given: BuyAnswers, more: Omit<BuyFlowArgs, "given"> = {}) => {
    await ctx.reply(reason);
    await askRest(ctx, { given, ...more });
  };
  switch (args.kind) {
    case "empty":
      return askRest(ctx, {});
    case "bad_resource":
      return explainAndAsk(t("buy-resource-unknown", { value: clipped(args.word, 32) }), {});
    case "bad_address": {
      // only the address is asked again: what followed it is kept (the flow checks it like any answer);
      // an amount that cannot be read is said so now, not dropped silently
      const kept = keptAfterBadAddress(args);
      const amountTyped = args.volumeText ?? args.amountText;
      const unread = amountTyped !== undefined && kept.volume === undefined ? [t("buy-kept-unreadable", { text: clipped(amountTyped, 32) })] : [];
      return explainAndAsk(
        [t("buy-address-invalid", { text: clipped(args.text, 64) }), ...unread].join("\n"),
        { resource: args.resource, ...kept },
        // `/buy <address> <n>` without a duration means the default one, as with the address right
        { defaultDuration: args.amountText !== undefined },
      );
    }
    default:
      break;
  }
  if (!(await ctx.deps.store.apiKeys.getDefault(ctx.from.id))) {
    await rememberPendingBuy(ctx, text);
    return;
  }
  let options: OrderOptions;
  try {
    options = await withUserClient(ctx.deps, ctx.from.id, (client) => client.orderOptions());
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const resource = args.kind === "transfers" ? "energy" : args.kind === "full" ? args.resource : args.given.resource!;
  const limits = resourceOptions(options, resource);
  if (!limits || limits.durations.length === 0) {
    await ctx.reply(t("buy-resource-unavailable", { resource: t(`buy-resource-${resource}`) }));
    return;
  }
  const address = args.kind === "partial" ? args.given.address : args.address;
  const given: BuyAnswers = { resource, ...(address ? { address } : {}) };
  const range = { min: ctx.fmt.volume(limits.minVolume), max: ctx.fmt.volume(limits.maxVolume) };

  // ── The volume: n transfers, or an amount ──
  let volume: bigint | undefined;
  if (args.kind === "transfers") {
    if (args.amountText === undefined) return askRest(ctx, { given });
    const amount = parseAmount(args.amountText);
    if (amount === undefined) return explainAndAsk(t("buy-transfers-unreadable", { text: clipped(args.amountText, 32) }), given);
    volume = volumeOf(amount);
    if (!checkVolume(volume, limits).ok) {
      const reason =
        amount.kind === "transfers"
          ? t("buy-transfers-out-of-range", { count: Number(amount.count), countText: ctx.fmt.integer(amount.count), volume: ctx.fmt.volume(volume), ...range })
          : t("buy-volume-out-of-range", { volume: ctx.fmt.volume(volume), ...range });
      return explainAndAsk(reason, given);
    }
  } else if (args.volumeText !== undefined) {
    const checked = checkVolume(args.volumeText, limits);
    if (!checked.ok) {
      const reason =
        checked.reason === "unreadable"
          ? t("buy-volume-unreadable", { text: clipped(args.volumeText, 64), examples: ctx.fmt.list(typedVolumeExamples(resource, limits), "or") })
          : t("buy-volume-out-of-range", { volume: ctx.fmt.volume(checked.volume), ...range });
      return explainAndAsk(reason, given);
    }
    volume = checked.volume;
  }
  if (volume === undefined || address === undefined) return askRest(ctx, { given });
  given.volume = volume.toString();

  // ── The duration: as typed, or the default for a count of transfers ──
  const durationText = args.kind === "partial" ? undefined : args.durationText;
  if (durationText === undefined && args.kind !== "transfers") return askRest(ctx, { given });
  const duration = durationText === undefined ? defaultDuration(limits.durations) : matchDuration(durationText, limits.durations, (d) => ctx.fmt.duration(d, t));
  if (duration === undefined) {
    const allowed = ctx.fmt.list(limits.durations.map((d) => ctx.fmt.duration(d, t)));
    return explainAndAsk(t("buy-duration-unknown", { value: clipped(durationText ?? "", 32), allowed }), given);
  }
  const request: BuyRequest = { resource, address, volume, duration };
  // a default key known unable to buy says so before the preview; another key resumes with every answer
  if (!(await defaultKeyMay(ctx, "orders", BUY_FLOW, { given: { ...given, duration } } satisfies BuyFlowArgs))) return;
  await leaveOpenFlows(ctx);
  await sendPreviewCard(ctx, request);
}
