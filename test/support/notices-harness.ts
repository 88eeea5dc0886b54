/**
 * The e2e harness plus what the notices feature runs beside the bot: the marketplace event receiver
 * on its own HTTP server (its URL is the bot's PUBLIC_URL), the notifier, the paced sender (talking
 * to the fake Bot API; not started unless asked) and the three watchers (ticked by the tests).
 * Every part reads `h.store` when used, so `h.restart()` swaps the store under all of them.
 */
import { createHttpApp, receiverRoute, startHttpServer, type HttpServer, type ReceiverDeps } from "../../src/http/index.js";
import type { SignatureSettings } from "../../src/events/signatures.js";
import { createNotifier, type Notifier } from "../../src/notices/notifier.js";
import { createEventBacklog, OUTBOX_ROOM, type EventBacklog, type OutboxRoom } from "../../src/events/backlog.js";
import { createSender, createSenderApi, type Sender, type SenderOptions } from "../../src/notices/sender.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { createNoticeChatGuard } from "../../src/notices/notice-chats.js";
import { createOrdersWatcher } from "../../src/watch/orders.js";
import { createRulesWatcher } from "../../src/watch/rules.js";
import { createBalanceWatcher } from "../../src/watch/balance.js";
import type { WatchDeps } from "../../src/watch/deps.js";
import type { Store } from "../../src/store/index.js";
import type { Logger } from "../../src/logger.js";
import { startHarness, type Harness, type HarnessOptions } from "./harness.js";

export interface NoticesHarnessOptions {
  harness?: HarnessOptions;
  /** Overrides of the receiver's signature settings (default: Standard Webhooks, 300 s, 64 KiB). */
  signature?: Partial<SignatureSettings & { maxBodyBytes: number }>;
  /** The receiver's clock (default Date.now). */
  receiverNow?: () => number;
  sender?: Partial<Omit<SenderOptions, "store" | "api" | "logger">>;
  startSender?: boolean;
  /** /webhook's wait for the test ping. */
  pingWaitMs?: number;
  /** Leave PUBLIC_URL unset in the bot. */
  noPublicUrl?: boolean;
  /** When the outbox counts as full for the receiver (default OUTBOX_ROOM). */
  backlogRoom?: OutboxRoom;
  /** Drain waiting events as the leader does (default true). */
  startBacklog?: boolean;
  /** Run as on the embedded sandbox (no PUBLIC_URL): /webhook creates the endpoint, delivering to the receiver. */
  embeddedSandbox?: boolean;
}

export interface NoticesHarness {
  h: Harness;
  receiver: HttpServer;
  notifier: Notifier;
  /** Events that waited for room in the outbox; drained as on the leader (started with the harness). */
  backlog: EventBacklog;
  sender: Sender;
  watch: {
    orders: ReturnType<typeof createOrdersWatcher>;
    rules: ReturnType<typeof createRulesWatcher>;
    balance: ReturnType<typeof createBalanceWatcher>;
  };
  /** Another sender over the same store (e.g. "after a restart"); stopped with the harness. */
  newSender(overrides?: Partial<SenderOptions>): Sender;
  hookUrl(routeToken: string): string;
  stop(): Promise<void>;
}

export async function startNoticesHarness(options: NoticesHarnessOptions = {}): Promise<NoticesHarness> {
  // Filled in below; everything reads them through `live` when used.
  const late: { h?: Harness; notifier?: Notifier; sender?: Sender } = {};
  const live = {
    get store(): Store {
      return late.h!.store;
    },
    get logger(): Logger {
      return late.h!.deps.logger;
    },
    get notifier(): Notifier {
      return late.notifier!;
    },
  };
  const signature = { scheme: "standard" as const, header: "X-Webhook-Signature", toleranceSeconds: 300, maxBodyBytes: 65_536, ...options.signature };
  /** `extra` with live's getters added (an object spread would read them once). */
  const withLive = <T extends object>(extra: T) => Object.defineProperties(extra, Object.getOwnPropertyDescriptors(live)) as T & typeof live;
  const receiverDeps: ReceiverDeps = withLive({
    room: options.backlogRoom ?? OUTBOX_ROOM,
    signature,
    now: options.receiverNow ?? (() => Date.now()),
  });
  const receiver = await startHttpServer(createHttpApp({ ready: () => true }), "127.0.0.1", 0, [receiverRoute(receiverDeps)]);

  const h = await startHarness({
    ...options.harness,
    publicUrl: receiver.url,
    extendDeps: (deps) => {
      const sandbox = options.embeddedSandbox ? { sandbox: { localUrl: () => receiver.url } } : {};
      const extended = { ...deps, webhooks: { scheme: signature.scheme, pingWaitMs: options.pingWaitMs ?? 3000, ...sandbox } };
      if (options.noPublicUrl || options.embeddedSandbox) delete extended.publicUrl;
      return options.harness?.extendDeps ? options.harness.extendDeps(extended) : extended;
    },
  });

  late.h = h;
  const locale = options.harness?.defaultLocale ?? "en";
  const notifier = createNotifier({
    get store() {
      return live.store;
    },
    translator: createNoticeTranslator(locale),
    defaultLocale: locale,
    now: () => Date.now(),
    onEnqueued: () => late.sender?.wake(),
  });
  late.notifier = notifier;
  const backlog = createEventBacklog(withLive({ now: () => Date.now(), drainEveryMs: 100, ...(options.backlogRoom ? { room: options.backlogRoom } : {}) }));
  const stopBacklog = options.startBacklog === false ? () => Promise.resolve() : await backlog.start();
  const tg = h.tg;
  const senders: Sender[] = [];
  const newSender = (overrides: Partial<SenderOptions> = {}) => {
    const api = createSenderApi(tg.token, tg.apiRoot);
    const created = createSender({
      get store() {
        return live.store;
      },
      api,
      get logger() {
        return live.logger;
      },
      // a user's group or channel: rights asked before every send there (no cache: tests change them between notices)
      noticeChats: createNoticeChatGuard({ ...withLive({}), api, botId: () => tg.botInfo.id, cacheMs: 0 }),
      idleMs: 50,
      perChatIntervalMs: 100,
      marginMs: 5,
      backoff: { baseMs: 50, maxMs: 400 },
      ...options.sender,
      ...overrides,
    });
    senders.push(created);
    return created;
  };
  const sender = newSender();
  late.sender = sender;
  if (options.startSender) await sender.start();

  const watchDeps: WatchDeps = {
    get store() {
      return live.store;
    },
    marketplace: h.marketplace,
    get notifier() {
      return live.notifier;
    },
    get logger() {
      return live.logger;
    },
    now: () => Date.now(),
    prices: h.deps.prices,
    concurrency: 3,
  };

  return {
    h,
    receiver,
    notifier,
    backlog,
    sender,
    watch: { orders: createOrdersWatcher(watchDeps), rules: createRulesWatcher(watchDeps), balance: createBalanceWatcher(watchDeps) },
    newSender,
    hookUrl: (routeToken) => `${receiver.url}/hooks/${routeToken}`,
    async stop() {
      await stopBacklog();
      for (const s of senders) await s.stop();
      await receiver.close();
      await h.stop();
    },
  };
}
