# ── Commands (descriptions feed /help and the command menu) ──
command-start =
    .description = Welcome and first steps
command-buy =
    .description = Buy energy or bandwidth for an address
command-orders =
    .description = Your orders and their status
command-balance =
    .description = TRX and USDT balance
command-deposit =
    .description = Deposit address and QR code
command-stats =
    .description = Order statistics and 14-day chart
command-refill =
    .description = New auto-refill rule
command-renewal =
    .description = New daily auto-renewal rule
command-smart =
    .description = Turn on smart mode for an address
command-rules =
    .description = Your automation rules
command-check =
    .description = Check an address's energy and bandwidth
command-blog =
    .description = Read a blog post
command-key =
    .description = Add a marketplace API key
command-keys =
    .description = Manage your API keys
command-webhook =
    .description = Instant notices through a webhook
command-settings =
    .description = Notices and balance alert
command-language =
    .description = Change the language
command-cancel =
    .description = Cancel what you are doing
command-help =
    .description = All commands

# ── Start, help, language, cancel, fallback ──
start-welcome =
    Hi, { $name }! I help you rent TRON <b>energy</b> and <b>bandwidth</b> so your USDT transfers cost a fraction of burning TRX.

    <b>First step:</b> add your marketplace API key with /key (make one in the dashboard: Settings → API keys).
    Then /buy energy for an address, set up /refill, /renewal or /smart rules, and watch your /balance.

    No key yet? /check any address and read the /blog.
start-welcome-back =
    Welcome back, { $name }! What shall we do?
    /buy energy or bandwidth · /orders · /balance · /rules · /help
help-title = <b>What I can do</b>
help-footer = Tip: /cancel leaves whatever you are doing. Any TRON address you send me can be checked or topped up with energy.
language-choose = Choose your language:
language-changed = Language set to English.
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = Cancelled. Nothing was changed.
cancel-nothing = There is nothing to cancel. /help lists what I can do.
fallback-button = This button has expired. Send /help to start again.
fallback-message = I did not understand that. Send /help to see what I can do.

# ── Shared buttons ──
button-add-key = 🔑 Add API key
button-replace-key = 🔑 Replace key
button-my-keys = 🔑 My keys
button-deposit = 💳 Deposit
button-buy-energy = ⚡ Buy energy
button-balance = 💰 Balance
button-refresh = 🔄 Refresh
button-confirm = ✅ Confirm
button-cancel = ✖️ Cancel
button-change = ✏️ Change
button-back = ⬅️ Back
button-yes = Yes
button-no = No
button-prev = ◀️
button-next = ▶️

conversation-send-text = Please send it as a text message, or /cancel.
conversation-use-buttons = Please use the buttons above, or /cancel.

# ── Durations ──
duration-minute = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-hour = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-day = { $count ->
    [one] { $count } day
   *[other] { $count } days
}

# ── Errors (one sentence and the next step) ──
error-internal = Something went wrong on my side. Please try again; if it keeps happening, /cancel and start over.
error-no-key = You have not added a marketplace API key yet. Add one with /key to use this.
error-insufficient-scope = This API key is not allowed to do that (its access level is too low). Create a key with <b>purchase</b> access (or <b>full</b> for webhooks) in the marketplace dashboard, then add it with /key.
error-spend-limit = This key's daily spend limit is reached. It resets at 00:00 UTC, in { $hours } h { $minutes } min. You can raise the limit in the dashboard.
error-key-rejected = The marketplace rejected this API key (it may have been revoked). Replace it with a fresh key.
error-insufficient-balance = Your TRX balance is too low for this. Top up and try again.
error-provider-failed = The energy provider failed to deliver this order. Nothing was charged: the TRX went back to your balance. Please try again.
error-checker-unavailable = The TRON network node is unavailable right now. Please try again in a minute.
error-not-found = Not found: it may have been removed or belong to another account.
error-ambiguous = The marketplace did not confirm whether this went through. Check /rules or /orders before trying again.
error-marketplace-unreachable = The marketplace is not answering right now. Please try again in a minute.
error-marketplace-unexpected = The marketplace sent an answer I could not read. Please try again later.
error-request-rejected = The marketplace refused this request. Please check the values and try again.
error-request-rejected-detail = The marketplace refused this request: { $detail }
