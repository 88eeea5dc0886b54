// The playground's chat page: plays the Telegram app for one user (?user=ID) over the playground's
// JSON API and its server-sent events. Plain browser JS, no build step. Message HTML comes from the
// server already sanitised (built from Telegram entities); everything else is set as text.
"use strict";

const params = new URLSearchParams(location.search);
const userId = /^\d{1,10}$/.test(params.get("user") || "") ? Number(params.get("user")) : 1001;
const langKey = `playground-lang-${userId}`;
const state = { info: null, chat: userId, lang: params.get("lang") || localStorage.getItem(langKey) || "en", commands: [], commandsLoaded: Promise.resolve(), inlineTimer: 0, inlineSeq: 0 };
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.error || `HTTP ${res.status}`);
  return json;
}

let toastTimer = 0;
function toast(text, alert = false) {
  const el = $("toast");
  el.textContent = text;
  el.className = alert ? "toast alert" : "toast";
  el.hidden = false;
  clearTimeout(toastTimer);
  // an alert (show_alert) stays until clicked, as Telegram's dialog waits for OK
  if (!alert) toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

// --- chat ---------------------------------------------------------------------

function keyboard(message) {
  const box = document.createElement("div");
  box.className = "keyboard";
  for (const row of message.buttons) {
    const line = document.createElement("div");
    line.className = "row";
    for (const b of row) {
      let el;
      if (b.url) {
        el = document.createElement("a");
        el.href = b.url;
        el.target = "_blank";
        el.rel = "noopener noreferrer";
      } else {
        el = document.createElement("button");
        el.type = "button";
        el.addEventListener("click", () => press(message, b));
      }
      el.textContent = b.text;
      line.append(el);
    }
    box.append(line);
  }
  return box;
}

// a request_chat keyboard (Telegram's chat picker): answered with the playground's group or channel
function chatPicker(requests) {
  const box = document.createElement("div");
  box.className = "keyboard";
  const line = document.createElement("div");
  line.className = "row";
  for (const r of requests) {
    const el = document.createElement("button");
    el.type = "button";
    el.textContent = `${r.text} → ${r.channel ? "Test Channel" : "Test Group"}`;
    el.addEventListener("click", () =>
      api("POST", "/api/share-chat", { user: userId, requestId: r.requestId, channel: r.channel, lang: state.lang }).catch((err) => toast(err.message, true)),
    );
    line.append(el);
  }
  box.append(line);
  return box;
}

async function press(message, b) {
  try {
    if (b.callbackData !== undefined) {
      await api("POST", "/api/tap", { user: userId, chat: state.chat, message: message.id, data: b.callbackData, lang: state.lang });
    } else if (b.copyText !== undefined) {
      await navigator.clipboard.writeText(b.copyText);
      toast("Copied to clipboard");
    } else if (b.inlineQuery !== undefined) {
      const input = $("text");
      input.value = `@${state.info.bot.username} ${b.inlineQuery}`;
      input.focus();
      scheduleInline();
    }
  } catch (err) {
    toast(err.message);
  }
}

function renderMessage(m) {
  const li = document.createElement("li");
  li.className = `msg ${m.from}`;
  li.dataset.id = String(m.id);
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  if (state.chat < 0 || m.viaBot) {
    const sender = document.createElement("div");
    sender.className = "sender";
    sender.textContent = m.viaBot ? `${m.sender} via @${m.viaBot}` : m.sender;
    bubble.append(sender);
  }
  if (m.replyTo) {
    // as Telegram shows a reply: the first line it answers, a tap away from the message itself
    const quote = document.createElement("div");
    quote.className = "reply-quote";
    quote.textContent = m.replyTo.text;
    quote.addEventListener("click", () => document.querySelector(`li.msg[data-id="${m.replyTo.id}"]`)?.scrollIntoView({ behavior: "smooth", block: "center" }));
    bubble.append(quote);
  }
  if (m.photoUrl) {
    const img = document.createElement("img");
    img.src = m.photoUrl;
    img.alt = "photo";
    bubble.append(img);
  }
  const body = document.createElement("div");
  body.innerHTML = m.html; // sanitised on the server: built from entities, text escaped
  for (const s of body.querySelectorAll(".spoiler")) s.addEventListener("click", () => s.classList.add("shown"));
  bubble.append(body);
  if (m.edited) {
    const meta = document.createElement("div");
    meta.className = "meta";
    meta.textContent = "edited";
    bubble.append(meta);
  }
  li.append(bubble);
  if (m.buttons.length > 0) li.append(keyboard(m));
  if (m.requestChats) li.append(chatPicker(m.requestChats));
  return li;
}

async function loadChat() {
  const chat = state.chat;
  const { messages } = await api("GET", `/api/chat?user=${userId}&chat=${chat}`);
  if (chat !== state.chat) return;
  const list = $("messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...messages.map(renderMessage));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function selectChat(chat) {
  state.chat = chat;
  $("tab-private").setAttribute("aria-pressed", String(chat === userId));
  $("tab-group").setAttribute("aria-pressed", String(chat === state.info.groupChatId));
  $("tab-channel").setAttribute("aria-pressed", String(chat === state.info.channelChatId));
  $("chat-title").textContent =
    chat === userId ? state.info.bot.name : chat === state.info.channelChatId ? "Test Channel (only the bot posts: notices sent here from /settings)" : "Test Group (you, other tabs' users and the bot)";
  $("composer").hidden = chat === state.info.channelChatId;
  $("typing").hidden = true;
  closePopup();
  loadCommands();
  return loadChat();
}

async function send(text) {
  await api("POST", "/api/send", { user: userId, chat: state.chat, text, lang: state.lang });
}

// --- command menu and inline results (one popup above the message box) -----------

function closePopup() {
  $("popup").hidden = true;
  $("popup").replaceChildren();
}

function showPopup(items) {
  const popup = $("popup");
  popup.replaceChildren(...items);
  popup.hidden = items.length === 0;
}

/** The command menu of this chat and language; `state.commandsLoaded` settles once it is in. */
function loadCommands() {
  const { chat, lang } = state;
  const kind = chat === userId ? "private" : "group";
  state.commandsLoaded = api("GET", `/api/commands?lang=${lang}&chat=${kind}`).then(({ commands }) => {
    // a later choice of chat or language wins over an answer that arrives after it
    if (state.chat === chat && state.lang === lang) state.commands = commands;
  });
  return state.commandsLoaded;
}

/** The menu button: the commands of the language just picked, not the ones still shown before it. */
async function toggleMenu() {
  if (!$("popup").hidden) return closePopup();
  await state.commandsLoaded.catch(() => undefined);
  showPopup(commandItems("/"));
}

function commandItems(filter) {
  return state.commands
    .filter((c) => `/${c.command}`.startsWith(filter))
    .map((c) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.append(`/${c.command} `);
      const d = document.createElement("span");
      d.className = "desc";
      d.textContent = `— ${c.description}`;
      b.append(d);
      b.addEventListener("click", () => {
        closePopup();
        $("text").value = "";
        send(`/${c.command}`).catch((err) => toast(err.message));
      });
      li.append(b);
      return li;
    });
}

function scheduleInline() {
  clearTimeout(state.inlineTimer);
  state.inlineTimer = setTimeout(runInline, 300);
}

async function runInline() {
  const prefix = `@${state.info.bot.username}`;
  const value = $("text").value;
  if (!value.toLowerCase().startsWith(`${prefix.toLowerCase()} `)) return;
  const seq = ++state.inlineSeq;
  const { queryId, results } = await api("POST", "/api/inline", { user: userId, query: value.slice(prefix.length + 1), lang: state.lang });
  if (seq !== state.inlineSeq) return;
  showPopup(
    results.map((r) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const title = document.createElement("strong");
      title.textContent = r.title;
      const desc = document.createElement("div");
      desc.className = "desc";
      desc.textContent = r.description;
      b.append(title, desc);
      b.addEventListener("click", async () => {
        closePopup();
        $("text").value = "";
        await api("POST", "/api/inline/choose", { user: userId, chat: state.chat, queryId, resultId: r.id, lang: state.lang }).catch((err) => toast(err.message));
      });
      li.append(b);
      return li;
    }),
  );
}

function onTyping() {
  const value = $("text").value;
  const bot = state.info && `@${state.info.bot.username}`.toLowerCase();
  if (bot && value.toLowerCase().startsWith(bot)) return scheduleInline();
  state.inlineSeq++;
  if (value.startsWith("/") && !value.includes(" ")) showPopup(commandItems(value));
  else closePopup();
}

// --- sandbox and demo keys ---------------------------------------------------------

const CONTROLS = {
  deposit: ["/api/control/deposit", { trx: "100" }, (r) => `Deposited 100 TRX: the demo account has ${r.balance.trx} TRX.`],
  "deposit-usdt": ["/api/control/deposit-usdt", {}, (r) => `Deposited 50 USDT: the demo account has ${r.balance.usdt} USDT. The balance watcher tells it shortly.`],
  "price-low": ["/api/control/price", { percent: 80 }, () => "Order prices are 20% under the standard now: price alerts above that are told within a minute."],
  "price-standard": ["/api/control/price", { percent: 100 }, () => "Order prices are back to the standard: alerts re-arm."],
  "settle-filled": ["/api/control/settle", { outcome: "filled" }, () => "Pending orders settled as filled: the notice follows in a moment."],
  "settle-failed": ["/api/control/settle", { outcome: "failed" }, () => "Pending orders settled as failed (refunded): the notice follows in a moment."],
  "pause-rules": ["/api/control/pause-rules", {}, (r) => `Balance withdrawn; ${r.paused} active rule(s) paused for balance. Deposit to resume those with auto-resume.`],
  "fail-rule-cancel": ["/api/control/fail-rule-cancel", {}, () => "The next rule cancel fails (500): edit a rule in /rules to see both rules told, with Cancel old rule."],
  "fail-order": ["/api/control/fail-order", {}, () => "The next order is refused (502, provider failed, nothing charged): Confirm a /batch of several addresses to see one line refused and the others placed."],
  "clock-hour": ["/api/control/clock", { hours: 1 }, () => "The sandbox's clock moved 1 hour on."],
  "clock-day": ["/api/control/clock", { hours: 24 }, () => "The sandbox's clock moved 1 day on."],
  "me-admin": ["/api/control/rights", { who: "me", status: "administrator" }, () => "You administer the group and the channel now: bind a team desk (/team) or send notices there (/settings)."],
  "me-member": ["/api/control/rights", { who: "me", status: "member" }, () => "You are a plain member now: the team desk's buttons do nothing for you."],
  "bot-admin": ["/api/control/rights", { who: "bot", status: "administrator" }, () => "The bot administers the group and the channel again: pick them again in /settings."],
  "bot-member": ["/api/control/rights", { who: "bot", status: "member" }, () => "The bot is no longer an administrator: the next notice falls back to the private chat, told once."],
};

async function control(name) {
  const [path, body, say] = CONTROLS[name];
  try {
    $("control-status").textContent = say(await api("POST", path, { ...body, user: userId }));
  } catch (err) {
    $("control-status").textContent = err.message;
  }
}

// --- start ---------------------------------------------------------------------------

function listen() {
  const events = new EventSource(`/api/events?user=${userId}`);
  let typingTimer = 0;
  events.onmessage = (e) => {
    const event = JSON.parse(e.data);
    if (event.type === "chat" && event.chatId === state.chat) {
      $("typing").hidden = true;
      loadChat().catch((err) => toast(err.message));
    } else if (event.type === "typing" && event.chatId === state.chat) {
      $("typing").textContent = `${state.info.bot.name} is typing…`;
      $("typing").hidden = false;
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => ($("typing").hidden = true), 5000);
    } else if (event.type === "toast") {
      if (event.text) toast(event.text, event.alert);
      if (event.url) window.open(event.url, "_blank", "noopener");
    }
  };
  // on reconnect the page may have missed changes
  events.onopen = () => loadChat().catch(() => {});
}

async function start() {
  state.info = await api("GET", "/api/info");
  $("notice").textContent = state.info.notice;
  $("who").textContent = `User ${userId}. Each tab can be another user: add ?user=ID to the address.`;
  const other = new URL(location.href);
  other.searchParams.set("user", String(userId + 1));
  $("other-user").href = other.href;
  $("tab-private").textContent = `${state.info.bot.name} (private chat)`;
  $("lang").value = state.lang;
  $("lang").addEventListener("change", () => {
    state.lang = $("lang").value;
    localStorage.setItem(langKey, state.lang);
    loadCommands().catch((err) => toast(err.message));
  });
  $("tab-private").addEventListener("click", () => selectChat(userId));
  $("tab-group").addEventListener("click", () => selectChat(state.info.groupChatId));
  $("tab-channel").addEventListener("click", () => selectChat(state.info.channelChatId));
  for (const b of document.querySelectorAll("[data-key]")) {
    b.addEventListener("click", async () => {
      if (state.chat !== userId) await selectChat(userId);
      send(`/key ${state.info.demoKeys[b.dataset.key]}`).catch((err) => toast(err.message));
    });
  }
  for (const b of document.querySelectorAll("[data-control]")) b.addEventListener("click", () => control(b.dataset.control));
  $("menu-button").addEventListener("click", () => void toggleMenu());
  $("text").addEventListener("input", onTyping);
  $("toast").addEventListener("click", () => ($("toast").hidden = true));
  $("composer").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("text").value.trim();
    if (!text) return;
    $("text").value = "";
    closePopup();
    send(text).catch((err) => toast(err.message));
  });
  await selectChat(userId);
  listen();
}

start().catch((err) => toast(`The playground did not start: ${err.message}`, true));
