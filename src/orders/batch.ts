/**
 * Batch purchases (issue 33 item 3): energy for several addresses at once, on one card.
 * - `readBatchLines`: the lines a user typed (one address, or saved name, per line, optionally with a
 *   volume), each bad line with its reason; nothing is stored when one is bad.
 * - `quoteBatch`: one preview per line from GET /orders/preview (a few at a time), then, in one
 *   transaction, one order intent per line (each with its own Idempotency-Key) and the batch that
 *   ties them to the card. Any failing preview stores nothing.
 * - `placeBatch`: the batch moves to `placing` (persisted), then each line is placed in order through
 *   the one placement protocol (orders/placement.ts), the very one single purchases use: a line
 *   placed before (a double tap, a redelivered update, a restart mid-batch) is never sent again, a line
 *   whose answer was lost is sent again with its own key. The batch is `done` once no line's outcome
 *   is unknown; until then Confirm again goes on where it stopped.
 * Free of the chat: no grammY types here; bot/features/batch turns the outcomes into the card.
 */
import type { MarketplaceClient } from "../marketplace/index.js";
import { sunToTrx, trxToSun } from "../tron/amounts.js";
import { MarketplaceError } from "../marketplace/errors.js";
import type { Store } from "../store/index.js";
import type { OrderIntentRow } from "../store/orders.js";
import type { BatchState, OrderBatchLineRow, OrderBatchRow } from "../store/order-batches.js";
import { withUserClient, NoApiKeyError } from "../credentials/key-client.js";
import { isTronAddress, looksLikeAddressAttempt } from "../tron/address.js";
import { leadingNamedAddress, type NamedAddress } from "../tron/address-names.js";
import { checkVolume } from "./request.js";
import type { KeyBudget } from "./budget.js";
import { previewMoney } from "./preview-money.js";
import { isPreviewExpired, placeIntent, type PlacementDeps } from "./placement.js";
import type { ResourceOptions } from "../marketplace/index.js";

/** At most this many addresses on one card (one message, and as many orders on one tap). */
export const MAX_BATCH_LINES = 20;
/** Previews asked of the marketplace at once. */
export const PREVIEW_CONCURRENCY = 4;

/** A line as typed: the address and, when given, its own volume. */
export interface BatchLineInput {
  address: string;
  volume?: bigint;
}

export type BadLineReason = "invalid_address" | "duplicate" | "volume_unreadable" | "volume_out_of_range";

export interface BadLine {
  /** 1-based, as the user counts the lines they sent. */
  line: number;
  text: string;
  reason: BadLineReason;
  volume?: bigint;
}

export type ReadLines =
  | { ok: true; lines: BatchLineInput[] }
  | { ok: false; bad: BadLine[] }
  | { ok: false; tooMany: number }
  | { ok: false; empty: true };

/**
 * One address per line: `T…` or a saved name, then optionally a volume (`65k`, `131 000`).
 * Every bad line is reported (an address that is not one, the same address twice, a volume that
 * cannot be read or is outside the limits); the lines are taken only when none is bad.
 */
export function readBatchLines(text: string, saved: readonly NamedAddress[], limits: Pick<ResourceOptions, "minVolume" | "maxVolume">): ReadLines {
  const raw = text.split(/\r?\n/).map((line, i) => ({ line: i + 1, text: line.trim().replace(/^[-•*]\s*|^\d+[.)]\s+/, "") })).filter((l) => l.text !== "");
  if (raw.length === 0) return { ok: false, empty: true };
  if (raw.length > MAX_BATCH_LINES) return { ok: false, tooMany: raw.length };
  const bad: BadLine[] = [];
  const lines: BatchLineInput[] = [];
  const seen = new Set<string>();
  for (const { line, text: lineText } of raw) {
    const words = lineText.split(/\s+/);
    let address: string | undefined;
    let rest: string;
    if (looksLikeAddressAttempt(words[0]!)) {
      address = isTronAddress(words[0]!) ? words[0] : undefined;
      rest = words.slice(1).join(" ");
    } else {
      const named = leadingNamedAddress(saved, lineText);
      address = named?.address;
      rest = named?.rest ?? "";
    }
    if (address === undefined) {
      bad.push({ line, text: lineText, reason: "invalid_address" });
      continue;
    }
    if (seen.has(address)) {
      bad.push({ line, text: lineText, reason: "duplicate" });
      continue;
    }
    seen.add(address);
    if (rest === "") {
      lines.push({ address });
      continue;
    }
    const checked = checkVolume(rest, limits);
    if (checked.ok) lines.push({ address, volume: checked.volume });
    else if (checked.reason === "unreadable") bad.push({ line, text: lineText, reason: "volume_unreadable" });
    else bad.push({ line, text: lineText, reason: "volume_out_of_range", volume: checked.volume });
  }
  return bad.length > 0 ? { ok: false, bad } : { ok: true, lines };
}

/** Whether every line carries its own volume (then no volume is asked). */
export function allHaveVolumes(lines: readonly BatchLineInput[]): boolean {
  return lines.every((l) => l.volume !== undefined);
}

/** What the batch card shows of one line before it is placed. */
export interface QuotedLine {
  address: string;
  volume: bigint;
  priceSun: bigint;
  activationSun: bigint;
  /** price + activation */
  totalSun: bigint;
}

export interface QuotedBatch {
  batchId: string;
  duration: string;
  lines: QuotedLine[];
  totalSun: bigint;
  balanceSun: bigint;
}

type QuoteDeps = PlacementDeps & { store: Pick<Store, "transaction"> };

/** `task` over `items`, at most `limit` at a time, results in order; the first failure is thrown (after the running ones end). */
export async function mapBounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        results[i] = await task(items[i]!);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
  return results;
}

/**
 * Previews every line (energy, `duration`; a line without a volume of its own takes `volume`) with
 * the user's default key, then stores the intents and the batch in one transaction.
 * A marketplace error is thrown and nothing is stored.
 */
export async function quoteBatch(
  deps: QuoteDeps,
  input: { userId: number; chatId: number; lines: readonly BatchLineInput[]; volume?: bigint; duration: string },
): Promise<QuotedBatch> {
  const wanted = input.lines.map((l) => ({ address: l.address, volume: l.volume ?? input.volume! }));
  const { keyId, previews } = await withUserClient(deps, input.userId, async (client: MarketplaceClient, key) => ({
    keyId: key.id,
    previews: await mapBounded(wanted, PREVIEW_CONCURRENCY, (l) =>
      client.previewOrder({ resource: "energy", volume: l.volume, days: input.duration, target: l.address }),
    ),
  }));
  const createdAt = deps.now();
  const lines: QuotedLine[] = wanted.map((l, i) => {
    const money = previewMoney(previews[i]!);
    return { ...l, priceSun: money.priceSun, activationSun: money.activationSun, totalSun: money.totalSun };
  });
  const batch = await deps.store.transaction(
    async (tx) => {
      const intents: OrderIntentRow[] = [];
      for (const [i, l] of wanted.entries()) {
        intents.push(
          await tx.orders.createIntent({
            userId: input.userId,
            chatId: input.chatId,
            keyId,
            resource: "energy",
            targetAddress: l.address,
            volume: l.volume,
            duration: input.duration,
            burnCostTrx: previews[i]!.burnCostTrx,
            createdAt,
          }),
        );
      }
      return tx.orderBatches.create({
        userId: input.userId,
        keyId,
        chatId: input.chatId,
        createdAt,
        lines: intents.map((intent, i) => ({ intentId: intent.intentId, priceTrx: sunToTrx(lines[i]!.totalSun) })),
      });
    },
    { durable: true },
  );
  const totalSun = lines.reduce((sum, l) => sum + l.totalSun, 0n);
  // every preview carries the balance; the lowest is the one to trust
  const balanceSun = previews.map((p) => previewMoney(p).balanceSun).reduce((a, b) => (b < a ? b : a));
  return { batchId: batch.batchId, duration: input.duration, lines, totalSun, balanceSun };
}

/** A line's refusal as stored (enough to say it again through the one error mapping). */
interface StoredRefusal {
  kind: "marketplace" | "no_key" | "budget" | "expired";
  status?: number;
  code?: string;
  title?: string;
  detail?: string;
}

function storedRefusal(error: MarketplaceError | NoApiKeyError): StoredRefusal {
  if (error instanceof NoApiKeyError) return { kind: "no_key" };
  return { kind: "marketplace", status: error.status, code: error.code, title: error.title, detail: error.detail };
}

function refusalError(stored: StoredRefusal): MarketplaceError | NoApiKeyError {
  if (stored.kind === "no_key") return new NoApiKeyError();
  return new MarketplaceError("http", `POST /api/v1/orders: ${stored.status ?? ""} ${stored.code ?? ""}`.trim(), stored.status, stored.code, stored.title, stored.detail, {
    problem: true,
  });
}

/** What became of one line. */
export type LineOutcome =
  | { kind: "placed"; orderId: string; status: string; totalTrx: string | null }
  /** The marketplace said no (nothing charged): `error` goes through the one error mapping. */
  | { kind: "refused"; error: MarketplaceError | NoApiKeyError }
  /** The key's monthly budget was reached before this line. */
  | { kind: "over-budget"; budget?: KeyBudget }
  /** Unknown whether the marketplace took it: Confirm again sends it again with its own key. */
  | { kind: "unknown" }
  /** Not placed: the preview was too old (or the line was cancelled). */
  | { kind: "not-placed" };

export interface BatchLine {
  address: string;
  volume: bigint;
  /** What the preview said the line takes. */
  totalSun: bigint;
  outcome?: LineOutcome;
}

export interface BatchView {
  batch: OrderBatchRow;
  state: BatchState;
  duration: string;
  lines: BatchLine[];
}

export type PlaceBatchResult =
  | { kind: "missing" }
  | { kind: "cancelled" }
  /** The preview was too old to place unseen: nothing was placed, the batch is cancelled. */
  | { kind: "expired"; view: BatchView }
  /** Already done before this tap: the outcomes as they were. */
  | { kind: "done"; view: BatchView }
  /** Placed now (`view.state` is `placing` while a line's outcome is unknown). */
  | { kind: "placed"; view: BatchView };

type BatchDeps = PlacementDeps & { store: Pick<Store, "orderBatches"> };

/** A line's outcome from its intent as stored (undefined while it is still to be sent). */
function storedOutcome(intent: OrderIntentRow | undefined, line: OrderBatchLineRow): LineOutcome | undefined {
  if (!intent) return { kind: "not-placed" };
  switch (intent.state) {
    case "placed":
      return { kind: "placed", orderId: intent.orderId!, status: intent.status ?? "", totalTrx: intent.totalTrx };
    case "rejected": {
      const stored = line.refusal ? (JSON.parse(line.refusal) as StoredRefusal) : undefined;
      if (stored?.kind === "budget") return { kind: "over-budget" };
      return { kind: "refused", error: refusalError(stored ?? { kind: "marketplace" }) };
    }
    case "cancelled":
      return line.refusal && (JSON.parse(line.refusal) as StoredRefusal).kind === "budget" ? { kind: "over-budget" } : { kind: "not-placed" };
    case "placing":
      return intent.lastError ? { kind: "unknown" } : undefined;
    default:
      return undefined;
  }
}

/** The batch of `userId` as stored: its lines with the outcomes known so far. */
export async function loadBatch(deps: BatchDeps, batchId: string, userId: number | undefined): Promise<BatchView | undefined> {
  const batch = await deps.store.orderBatches.get(batchId);
  if (!batch || batch.userId !== userId) return undefined;
  const rows = await deps.store.orderBatches.lines(batchId);
  const intents = await Promise.all(rows.map((r) => deps.store.orders.get(r.intentId)));
  const state = batch.state as BatchState;
  const lines = rows.map((row, i) => {
    const intent = intents[i];
    const outcome = state === "previewed" ? undefined : storedOutcome(intent, row);
    return { address: intent?.targetAddress ?? "", volume: BigInt(intent?.volume ?? "0"), totalSun: trxToSun(row.priceTrx), ...(outcome ? { outcome } : {}) };
  });
  return { batch, state, duration: intents[0]?.duration ?? "", lines };
}

/**
 * Confirm on a batch card: every line placed once, in order. See the module comment. `onPlacing`
 * is called once the batch is `placing`, before the first line is sent (to say so in the chat).
 * An error that is neither the marketplace's nor a missing key (a bug) is thrown; the batch stays
 * `placing` and the line's intent keeps its key, so Confirm again goes on safely.
 */
export async function placeBatch(deps: BatchDeps, batchId: string, userId: number, options: { onPlacing?: () => Promise<void> } = {}): Promise<PlaceBatchResult> {
  const { store } = deps;
  const view = await loadBatch(deps, batchId, userId);
  if (!view) return { kind: "missing" };
  if (view.state === "cancelled") return { kind: "cancelled" };
  if (view.state === "done") return { kind: "done", view };
  if (view.state === "previewed" && isPreviewExpired({ state: "previewed", createdAt: view.batch.createdAt }, deps.now())) {
    if (!(await store.orderBatches.markCancelled(batchId))) return { kind: "missing" };
    for (const row of await store.orderBatches.lines(batchId)) await store.orders.markCancelled(row.intentId);
    return { kind: "expired", view: { ...view, state: "cancelled" } };
  }
  if (view.state === "previewed") {
    // /cancel cancels a chat's open previews, the batch's lines among them: then so is the batch
    const intents = await Promise.all((await store.orderBatches.lines(batchId)).map((row) => store.orders.get(row.intentId)));
    if (intents.every((intent) => intent?.state === "cancelled")) {
      await store.orderBatches.markCancelled(batchId);
      return { kind: "cancelled" };
    }
  }
  if (!(await store.orderBatches.markPlacing(batchId))) return { kind: "missing" };
  await options.onPlacing?.();

  const rows = await store.orderBatches.lines(batchId);
  const lines: BatchLine[] = [];
  let unknown = false;
  for (const [i, row] of rows.entries()) {
    const line = view.lines[i]!;
    const outcome = await placeLine(deps, row, userId);
    if (outcome.kind === "unknown") unknown = true;
    lines.push({ ...line, outcome });
  }
  const state: BatchState = !unknown && (await store.orderBatches.markDone(batchId)) ? "done" : "placing";
  return { kind: "placed", view: { ...view, state, lines } };
}

async function placeLine(deps: BatchDeps, row: OrderBatchLineRow, userId: number): Promise<LineOutcome> {
  const { store } = deps;
  const outcome = await placeIntent(deps, row.intentId, userId);
  switch (outcome.kind) {
    case "placed":
      return { kind: "placed", orderId: outcome.order.id, status: outcome.order.status, totalTrx: outcome.order.totalTrx };
    case "already-placed":
      return storedOutcome(outcome.intent, row)!;
    case "unknown":
      return { kind: "unknown" };
    case "refused":
      await store.orderBatches.noteRefusal(row.batchId, row.position, JSON.stringify(storedRefusal(outcome.error)));
      return { kind: "refused", error: outcome.error };
    case "over-budget":
      // the budget was reached by the lines before: this one is not placed (nothing was sent)
      await store.orderBatches.noteRefusal(row.batchId, row.position, JSON.stringify({ kind: "budget" } satisfies StoredRefusal));
      await store.orders.markCancelled(row.intentId);
      return { kind: "over-budget", budget: outcome.budget };
    case "closed": {
      const intent = await store.orders.get(row.intentId);
      return storedOutcome(intent, row) ?? { kind: "not-placed" };
    }
    default:
      // expired (cancelled now), missing, moved-on: not placed by this tap
      return { kind: "not-placed" };
  }
}

/** The card's outcome counts. */
export function countOutcomes(lines: readonly BatchLine[]): { placed: number; refused: number; unknown: number; notPlaced: number } {
  const count = { placed: 0, refused: 0, unknown: 0, notPlaced: 0 };
  for (const l of lines) {
    const kind = l.outcome?.kind;
    if (kind === "placed") count.placed++;
    else if (kind === "refused" || kind === "over-budget") count.refused++;
    else if (kind === "unknown") count.unknown++;
    else count.notPlaced++;
  }
  return count;
}

/** /cancel: every `previewed` batch of the user in the chat cancelled, with its lines; the batches cancelled (their cards to edit). */
export async function cancelOpenBatches(deps: BatchDeps, chatId: number, userId: number): Promise<OrderBatchRow[]> {
  const cancelled: OrderBatchRow[] = [];
  for (const batch of await deps.store.orderBatches.listPreviewed(chatId, userId)) {
    if ((await cancelBatch(deps, batch.batchId, userId)) === "cancelled") cancelled.push(batch);
  }
  return cancelled;
}

/** Cancel on a batch card: the batch and its intents cancelled (their Confirm then places nothing); false when it has moved on. */
export async function cancelBatch(deps: BatchDeps, batchId: string, userId: number | undefined): Promise<"cancelled" | "missing" | BatchState> {
  const batch = await deps.store.orderBatches.get(batchId);
  if (!batch || batch.userId !== userId) return "missing";
  if (!(await deps.store.orderBatches.markCancelled(batchId))) return batch.state as BatchState;
  for (const row of await deps.store.orderBatches.lines(batchId)) await deps.store.orders.markCancelled(row.intentId);
  return "cancelled";
}
