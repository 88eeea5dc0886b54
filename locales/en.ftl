# ── Commands (descriptions feed /help and the command menu) ──
command-start =
    .description = Welcome and first steps
command-buy =
    .description = Buy energy or bandwidth for an address
command-batch =
    .description = Energy for several addresses at once
command-addresses =
    .description = Your saved addresses: names, live energy, buy again
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
command-alert =
    .description = Price alerts for energy
command-schedule =
    .description = Buy energy on a schedule
command-settings =
    .description = Notices and balance alert
command-language =
    .description = Change the language
command-cancel =
    .description = Cancel what you are doing
command-help =
    .description = All commands

# The bot's description (shown in an empty chat, at most 512 characters) and short description (profile, at most 120)
bot-description = I rent TRON energy and bandwidth for your addresses, so USDT transfers cost a fraction of burning TRX. Buy in a few taps, check any address, set up auto-refill rules and get notices when orders fill. Tap Start, then add your marketplace API key with /key.
bot-short-description = Rent TRON energy and bandwidth: cheaper USDT transfers, auto-refill, order notices.

# ── Start, help, language, cancel, fallback ──
start-welcome =
    Hi, { $name }! I help you rent TRON <b>energy</b> and <b>bandwidth</b> so your USDT transfers cost a fraction of burning TRX.

    <b>First step:</b> add your marketplace API key with /key (make one in the dashboard: Settings → API keys).
    Then /buy energy for an address, set up /refill, /renewal or /smart rules, and watch your /balance.

    No key yet? /check any address and read the /blog.
start-welcome-back =
    Welcome back, { $name }! What shall we do?
    /buy energy or bandwidth · /orders · /balance · /rules · /help
start-demo-keys = 🧪 This bot runs on the <b>sandbox</b>, a simulated marketplace with no real TRX. Try everything at once with one of its demo keys:
start-button-demo-read = 👁 Demo key: read only
start-button-demo-purchase = 🛒 Demo key: purchase
start-button-demo-full = 🔑 Demo key: full access
start-demo-unavailable = Demo keys exist only on the sandbox. Add your own key with /key.
help-title = <b>What I can do</b>
help-footer = Tip: /cancel leaves whatever you are doing. Any TRON address you send me can be checked or topped up with energy.
help-buy-tip = Fastest: <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> buys energy for 2 USDT transfers for 1 hour, straight to the preview.
language-choose = Choose your language:
language-changed = Language set to English.
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = Cancelled. Nothing was changed.
cancel-nothing = There is nothing to cancel. /help lists what I can do.
fallback-button = This button has expired. Send /help to start again.
flow-not-yours = This is someone else's question: only the one who started it can answer.
fallback-message = I did not understand that. Send /help to see what I can do.

# ── Shared buttons ──
button-add-key = 🔑 Add API key
button-replace-key = 🔑 Replace key
button-my-keys = 🔑 My keys
button-deposit = 💳 Deposit
button-buy-energy = ⚡ Buy energy
button-buy-bandwidth = 📶 Buy bandwidth
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
error-restarting = I am restarting right now and could not finish that. Please send it again in a few seconds.
error-no-key = You have not added a marketplace API key yet. Add one with /key to use this.
error-insufficient-scope = This API key is not allowed to do that (its access level is too low). Create a key with <b>purchase</b> access (or <b>full</b> for webhooks) in the marketplace dashboard, then add it with /key.
error-spend-limit = This key's daily spend limit is reached. It resets at 00:00 UTC, in { $hours } h { $minutes } min. You can raise the limit in the dashboard.
error-spend-limit-detail = 🚫 This would pass the key's daily spend limit: { $spent } of { $limit } already spent today (UTC day). It resets at 00:00 UTC, in { $hours } h { $minutes } min. You can raise the limit in the dashboard, or use a key without one.
error-key-rejected = The marketplace rejected this API key (it may have been revoked). Replace it with a fresh key.
error-key-unreadable = Your API key can no longer be read here (the bot's storage key was changed). Please add it again with /key; nothing else was lost.
error-insufficient-balance = Your TRX balance is too low for this. Top up and try again.
error-provider-failed = The energy provider failed to deliver this order. Nothing was charged: the TRX went back to your balance. Please try again.
error-checker-unavailable = The TRON network node is unavailable right now. Please try again in a minute.
error-not-found = Not found: it may have been removed or belong to another account.
error-ambiguous = The marketplace did not confirm whether this went through. Check /rules or /orders before trying again.
error-marketplace-unreachable = The marketplace is not answering right now. Please try again in a minute.
error-marketplace-unexpected = The marketplace sent an answer I could not read. Please try again later.
error-marketplace-too-large = The marketplace sent a far longer answer than this request can have, so I stopped reading it. Please try again later; if it keeps happening, the marketplace has a problem.
error-request-rejected = The marketplace refused this request. Please check the values and try again.
error-request-rejected-detail = The marketplace refused this request: { $detail }

# ── Buy (buy-*) and orders (order-*, orders-*) ──
buy-resource-energy = ⚡ Energy
buy-resource-bandwidth = 📶 Bandwidth
buy-ask-resource = What would you like to buy?
buy-ask-address = Send the TRON address that should receive { $resource }.
buy-ask-address-recent = Send the TRON address that should receive { $resource }, or pick a recent one below.
buy-address-invalid = “{ $text }” is not a valid TRON address (34 characters starting with T, with a valid checksum). Please send it again, or /cancel.
buy-kept-unreadable = “{ $text }” is not a number of transfers or an amount of energy either: I will ask for it after the address.
buy-address-info = { $address } has { $energyLimit ->
    [0] no energy
   *[other] { $energy } of { $energyLimitText } energy
} and { $bandwidthLimit ->
    [0] no bandwidth
   *[other] { $bandwidth } of { $bandwidthLimitText } bandwidth
} available; { $activation }.
buy-address-activated = the address is activated
buy-address-not-activated = the address is not activated yet, so an activation fee is added
buy-address-unchecked = (I could not read this address's current energy and bandwidth right now; carrying on without them.)
buy-ask-volume = How much { $resource } for { $address }? Pick an amount or type one (like { $examples }). Allowed: { $min } to { $max }.
buy-ask-volume-presets = How much { $resource } for { $address }? Tap a USDT-transfer preset (its price for that duration is on the button), or type an amount (like { $examples }). Allowed: { $min } to { $max }.
buy-ask-volume-priced = How much { $resource } for { $address }? Tap an amount (its price for that duration is on the button), or type one (like { $examples }). Allowed: { $min } to { $max }.
buy-preset-holder = { $count ->
    [one] 1 transfer
   *[other] { $count } transfers
}
buy-preset-new-holder = 1 transfer to an address without USDT
buy-preset-button = { $what } · { $duration } · { $price }
buy-preset-button-unpriced = { $what } · { $duration }
buy-transfers-unreadable = “{ $text }” is neither a number of USDT transfers nor an amount of energy: send, for example, <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> for two transfers or <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>, or pick below.
buy-transfers-out-of-range = { $countText } { $count ->
    [one] transfer needs
   *[other] transfers need
} { $volume } energy, outside the allowed { $min } to { $max }. Pick an amount below.
buy-volume-one-transfer = { $volume } · 1 USDT transfer
buy-volume-two-transfers = { $volume } · 2 transfers, or 1 to an address that never held USDT
buy-volume-transfers = { $count ->
    [one] { $volume } · ≈1 transfer
   *[other] { $volume } · ≈{ $count } transfers
}
buy-volume-unreadable = I could not read “{ $text }” as an amount. Type a number like { $examples }.
buy-volume-out-of-range = { $volume } is outside the allowed range: from { $min } to { $max }. Please choose another amount.
buy-ask-duration = For how long? { $resource }, { $volume } for { $address }.
buy-duration-unknown = “{ $value }” is not one of the durations on offer ({ $allowed }). Pick one below.
buy-resource-unknown = “{ $value }” is not something I sell. Try <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> (energy for 2 USDT transfers), or pick below.
buy-resource-unavailable = { $resource } is not on offer right now. Please try again later.
buy-preview-title = <b>Preview: { $resource }</b>
buy-preview-address = Address: { $address }
buy-preview-volume = Volume: { $volume } for { $duration }
buy-preview-price = Price: { $price }
buy-preview-breakdown = (base cost { $base } + commission { $commission })
buy-preview-activation = Address activation fee: { $fee }
buy-preview-burn = Burning TRX for this energy would cost { $burn }: you save { $savings }.
buy-preview-total = <b>Total to pay:</b> { $total }
buy-preview-balance = Your balance: { $balance } → after this order: { $after }
buy-preview-balance-missing = Your balance: { $balance }, missing { $missing } for this order
buy-preview-short = ⚠️ Not enough balance: top up at least { $shortfall }, then tap Refresh.
buy-button-refresh-preview = 🔄 Refresh
buy-button-confirm-again = 🔁 Confirm again
buy-button-try-again = 🔁 Try again
buy-placing = Placing your order…
buy-already-placed = This order has already been placed.
buy-still-placing = This order is being placed: tap Confirm to check on it.
buy-intent-unknown = This button has expired. Start again with /buy.
buy-intent-rejected = This order was not placed. Start again with /buy.
buy-intent-cancelled = This preview was cancelled. Start again with /buy.
buy-cancelled = Cancelled. Nothing was ordered.
buy-pending-remembered = I have kept this order: as soon as you add a key, I will carry on with it.
buy-pending-resumed = You have a key now, so here is the order you asked for: { $command }
change-ask = What would you like to change? The other answers stay as they are.
buy-change-resource = Resource
buy-change-address = Address
buy-change-volume = Volume
buy-change-duration = Duration
buy-outcome-unknown = ⚠️ The marketplace did not answer, so I cannot tell yet whether your order went through. Tapping Confirm again is safe: it can never place a second order or charge you twice.
buy-shortfall = Your balance: { $balance }. This order needs { $needed }: top up at least { $shortfall }.
order-card-title = <b>{ $resource } order</b>
order-card-id = Order: { $id }
order-card-status = Status: { $status }
order-card-price = Price: { $price }
order-card-total = Total charged: { $total }
order-card-refunded = ↩️ The order failed: the { $total } it took were refunded to your balance.
order-card-tx = Transaction: { $tx } · { $link }
order-card-no-tx = Transaction: not yet
order-card-time = Placed: { $time }
order-card-refresh-hint = Delivery usually takes a minute or two; tap Refresh to see the latest status.
order-button-buy-again = 🔁 Buy again
order-status-created = Created, being delivered
order-status-filled = Filled
order-status-failed = Failed: the provider could not deliver
order-status-other = state not known to this bot ({ $status })
orders-title = <b>Your orders</b> · page { $page } of { $pages } ({ $total } in total)
orders-line = { $resource } { $volume } · { $duration } → { $address } · { $status } · { $time }
orders-line-firing = { $rule }: { $volume } · { $duration } → { $address } · { $price } · { $time }
orders-firings-note = { $count ->
    [one] One purchase made by a rule is listed among them, marked with the rule.
    *[other] { $count } purchases made by rules are listed among them, marked with the rule.
}
orders-empty = You have no orders yet. Buy energy or bandwidth with /buy.
orders-filter-all = All
orders-filter-orders = Orders only
orders-filter-rules = Rules only
orders-firings-title = <b>Purchases made by your rules</b> · page { $page } of { $pages } ({ $total } in total)
orders-firings-title-empty = <b>Purchases made by your rules</b>
orders-firings-kept = The marketplace keeps each rule's latest 50 purchases.
orders-firings-empty = Your rules have made no purchases yet.
orders-button-list = 📋 My orders
orders-refreshed = Updated.
orders-refresh-unchanged = No change yet.

# ── Saved addresses (/addresses, addresses-*) ──
addresses-title = <b>📒 Your addresses</b> (page { $page } of { $pages })
addresses-hint = Tap an address to buy energy for it, check it, name it or forget it. A named address can be picked by its name wherever I ask for an address (type the name or tap it).
addresses-empty = You have no saved addresses yet. Every address you buy energy for (or make a rule for) shows up here.
addresses-energy = ⚡ { $energy } energy available now
addresses-energy-unknown = ⚡ energy unknown: the address checker did not answer
addresses-bandwidth = 📶 { $bandwidth } bandwidth available now
addresses-used-at = Last used: { $time }
addresses-no-label = <i>no name</i>
addresses-not-found = That address is no longer in your list.
addresses-button-check = 🔍 Check
addresses-button-rename = ✏️ Rename
addresses-button-forget = 🗑 Forget
addresses-button-clear-label = Remove the name
addresses-forget-confirm = Forget { $name }? It leaves your list; buying energy for it again brings it back.
addresses-forget-confirm-named = Forget { $name }? It leaves your list and loses its name.
addresses-button-forget-yes = 🗑 Yes, forget it
addresses-button-keep = Keep it
addresses-forgotten = 🗑 Forgot { $name }.
addresses-forgotten-toast = Forgotten
addresses-rename-ask = Send a name for { $address } (up to { $max } characters), for example: Main wallet
addresses-label-empty = The name is empty. Send a few letters.
addresses-label-long = That name is too long: at most { $max } characters.
addresses-label-markup = A name can't contain &lt;, &gt;, backticks or HTML entities. Send plain text.
addresses-label-taken = Another address is already named { $label }. Choose a different name.
addresses-label-saved = ✅ { $address } is now named <b>{ $label }</b>.
addresses-label-cleared = { $address } has no name now.

# ── Automation rules (/refill, /renewal, /smart, /rules) ──
rules-kind-refill = Auto-refill
rules-kind-renewal = Auto-renewal
rules-kind-smart = Smart mode
rules-status-active = active
rules-status-paused = paused
rules-status-cancelled = cancelled
rules-pause-system = the marketplace paused it: the balance did not cover a firing (or the key's daily spend limit was reached)
rules-pause-user = you paused it
rules-status-unknown = state not known to this bot ({ $status })
rules-pause-other = another reason given by the marketplace ({ $reason })
rules-group-active = 🟢 Active ({ $count })
rules-group-paused = ⏸ Paused ({ $count })
rules-group-cancelled = ✖️ Cancelled ({ $count })
rules-group-unknown = ❔ Other ({ $count })
rules-part-threshold = below { $volume }
rules-part-volume = { $volume } energy
rules-part-duration = { $duration }
rules-part-spent = spent { $amount }
rules-part-auto-resume-on = auto-resume on
rules-part-auto-resume-off = auto-resume off
rules-list-title = <b>⚙️ Your automation rules</b>
rules-list-empty = You have no rules yet. Create one with /refill, /renewal or /smart.
rules-list-page = Page { $page } of { $pages }
rules-list-footer = Tap a rule to open it. New rule: /refill · /renewal · /smart
rules-card-target = Address: { $address }
rules-card-threshold = Fires when energy falls below: { $volume }
rules-card-volume = Energy per delivery: { $volume }
rules-card-duration = Delivered for: { $duration }
rules-card-renewal-schedule = Renewed once a day.
rules-card-smart-schedule = Delivered whenever the address needs it, about 131k energy each time.
rules-card-pause-reason = Why paused: { $reason }
rules-card-auto-resume-on = Auto-resume: on (when a pause comes from the balance running out, the rule starts again by itself after a top-up)
rules-card-auto-resume-off = Auto-resume: off (after a pause, you resume the rule yourself)
rules-card-spent = Spent: { $amount }
rules-card-created = Created: { $date }
rules-card-updated = Updated: { $date }
rules-card-id = ID: { $id }
rules-card-cancelled-final = This rule is cancelled for good. To automate this address again, create a new rule with /refill, /renewal or /smart.
rules-button-pause = ⏸ Pause
rules-button-resume = ▶️ Resume
rules-button-cancel = 🗑 Cancel rule
rules-button-fires = 📜 Fires
rules-button-back-to-rule = ⬅️ Back to the rule
rules-button-cancel-confirm = 🗑 Yes, cancel it for good
rules-button-keep = ⬅️ No, keep it
rules-cancel-confirm = Cancel this rule? This is <b>final</b>: a cancelled rule cannot be resumed; you would have to create a new one. To stop it for a while, pause it instead.
rules-note-paused = ⏸ Paused. It will not fire until you resume it.
rules-note-resumed = ▶️ Resumed. It fires again when due.
rules-note-cancelled = 🗑 Cancelled. This is final.
rules-note-already-paused = This rule is already paused.
rules-note-already-active = This rule is already active.
rules-note-already-cancelled = This rule is already cancelled.
rules-note-state-changed = That is not possible in the rule's current state. Here it is as it stands now.
rules-not-found = Rule not found: it may belong to another account or API key. /rules lists yours.
rules-fires-title = 📜 Fires
rules-fires-empty = This rule has not fired yet.
rules-fires-intro = Latest firings ({ $count }), newest first; the marketplace keeps at most { $max }.
rules-shortfall = One firing costs { $price }; your balance is { $balance }. Deposit at least { $missing } more.
rules-shortfall-price = One firing costs { $price }; your balance is { $balance }.
auto-cancelled = ✖️ { $kind }: cancelled, no rule was created.
auto-intro-refill =
    <b>🔁 New auto-refill rule</b>
    Whenever the energy on an address falls below a threshold, a fixed volume is delivered to it.
auto-intro-renewal =
    <b>📅 New auto-renewal rule</b>
    The same volume of energy is renewed for an address once a day, whatever is left.
auto-intro-smart =
    <b>🧠 Smart mode</b>
    The provider decides when an address needs energy; each delivery is about 131k energy.
auto-ask-address = Send the TRON address that should receive the energy (34 characters, starting with T).
auto-ask-address-recent = Or tap one you used recently:
auto-button-try-again = 🔁 Try again
auto-invalid-address = “{ $text }” is not a valid TRON address. It has 34 characters and starts with T; please check it and send it again.
auto-ask-threshold = <b>Threshold.</b> Below how much available energy should the rule fire? Send a number from { $min } to { $max }, e.g. 65k.
auto-ask-volume = <b>Volume.</b> How much energy per delivery? From { $min } to { $max }. 65k covers one USDT transfer to an address that already holds USDT, 131k one to an address that does not.
auto-ask-renewal-volume = <b>Volume.</b> How much energy to renew each day? From { $min } to { $max }. 65k covers one USDT transfer to an address that already holds USDT, 131k one to an address that does not.
auto-invalid-number = Please send a whole number from { $min } to { $max }, such as 65000, 65k or 131 000.
auto-out-of-range = { $value } is outside the allowed range: send a number from { $min } to { $max }.
auto-ask-duration = <b>Duration.</b> For how long is each delivery rented?
auto-invalid-duration = Please choose one of the durations with the buttons: { $allowed }.
auto-ask-auto-resume = <b>Auto-resume?</b> If your balance runs out, the rule pauses; with auto-resume it starts again by itself once you top up, without it you resume it yourself in /rules.
auto-preview-title-refill = 🔁 Check the new auto-refill rule
auto-preview-title-renewal = 📅 Check the new auto-renewal rule
auto-preview-title-smart = 🧠 Check smart mode
auto-preview-price = One firing costs: { $price } (base { $base } + commission { $commission })
auto-preview-balance = Your balance: { $balance }
auto-what-refill = Whenever the available energy on the address falls below { $minimal }, { $volume } energy is delivered for { $duration } and charged to your TRX balance. There is no budget: it goes on until you pause or cancel the rule.
auto-what-renewal = { $volume } energy is renewed for the address once a day and charged to your TRX balance each time. Creating the rule needs balance for at least one renewal.
auto-what-smart = About 131k energy is delivered whenever the address needs it and charged to your TRX balance each time. Turning it on needs balance for one delivery.
auto-preview-short-refill = ⚠️ Your balance does not cover one firing: deposit at least { $missing } more, or the rule pauses at its first firing.
auto-preview-short-create = ⚠️ Your balance does not cover one firing: deposit at least { $missing } more first, or the marketplace will refuse to create it.
auto-preview-overlap = ⚠️ This address already has { $rules }. Each rule buys energy on its own, so { $count ->
    [one] both
   *[other] all of them
} may deliver and charge you; if this one replaces { $count ->
    [one] it, pause or cancel the other
   *[other] them, pause or cancel the others
} in /rules.
auto-preview-overlap-rule = { $kind } ({ $status })
auto-created = ✅ Rule created.
auto-button-open-rule = ⚙️ Open rule
auto-change-address = Address
auto-change-threshold = Threshold
auto-change-volume = Volume
auto-change-duration = Duration
auto-change-auto-resume = Auto-resume
auto-edit-intro-refill =
    <b>✏️ Edit the auto-refill rule</b> on { $address }
    Each step shows today's answer with ✓: tap it to keep it, or give a new one. Nothing changes until you confirm.
auto-edit-intro-renewal =
    <b>✏️ Edit the auto-renewal rule</b> on { $address }
    Each step shows today's answer with ✓: tap it to keep it, or give a new one. Nothing changes until you confirm.
auto-edit-intro-smart =
    <b>✏️ Edit smart mode</b> on { $address }
    Each step shows today's answer with ✓: tap it to keep it, or give a new one. Nothing changes until you confirm.
auto-edit-cancelled = ✖️ Edit cancelled: the rule is unchanged.
auto-edit-preview-title-refill = ✏️ Check the changed auto-refill rule
auto-edit-preview-title-renewal = ✏️ Check the changed auto-renewal rule
auto-edit-preview-title-smart = ✏️ Check the changed smart mode
auto-edit-today = Today
auto-edit-today-price = One firing costs today: { $price }
auto-edit-was-paused = ⏸ Paused today: the new rule starts active (pause it on its card if it should wait).
auto-edit-after = After the edit
auto-edit-how = <i>The marketplace cannot change a rule: on Confirm I create the new rule first, then cancel this one.</i>
auto-edit-how-cap = <i>The marketplace cannot change a rule: on Confirm I create the new rule first, then cancel this one. The max price goes over to the new rule.</i>
auto-edit-done = ✅ Rule changed: this new rule replaces the old one, which is cancelled.
auto-edit-both =
    ⚠️ <b>Both rules exist now.</b> The new rule below was created, but the old one could not be cancelled: { $reason }
    Each of them buys energy on its own until you cancel the old one.
auto-edit-button-cancel-old = 🗑 Cancel the old rule
auto-edit-button-open-new = ⚙️ Open the new rule
auto-preview-no-cap = Max price: none. Optional: 💲 Max price pauses the rule whenever one firing would cost more.
auto-preview-cap-above = ⚠️ One firing costs more than your max price today: I will pause the rule at the first check, within a minute.
auto-cap-not-saved = ⚠️ The max price could not be saved: set it again with 💲 Max price on the rule's card.

# ── Keys, balance, deposit, statistics ──
keys-group-deleted = I deleted your message, but others here may have seen the key: revoke it in the marketplace dashboard and make a new one.
keys-group-delete-failed = ⚠️ I could not delete your message. Please delete it yourself now, and revoke that key in the marketplace dashboard: everyone here could see it.
keys-pasted-offer = 🔐 That looked like an API key (ending { $fingerprint }), so I deleted your message: keys don't belong in a chat. Save it as your marketplace key?
keys-pasted-button-save = ➕ Save as my key
keys-pasted-button-drop = ✖️ Don't save
keys-pasted-dropped = Not saved. If it was a key, nothing of it is kept here.
keys-pasted-expired = That key is no longer held (it waits 10 minutes). Send /key to add a key.
keys-pasted-other-secret = 🔐 That looked like a secret, so I deleted your message. To connect a webhook endpoint use /webhook; to add an API key use /key.
keys-pasted-group-deleted = 🔐 I removed a message that looked like a secret key. Others here may have seen it: revoke it in the marketplace dashboard and make a new one.
keys-prompt =
    🔑 Send me your marketplace <b>API key</b> as a message. I delete your message right away and keep the key encrypted; only its last 4 characters are ever shown.

    Make a key in the marketplace dashboard: Settings → API keys. A key with <b>purchase</b> access can buy energy and run rules; a <b>read</b> key can only look.
keys-delete-failed = ⚠️ I could not delete your message, please delete it yourself.
keys-checking = 🔎 Checking the key with the marketplace…
keys-button-try-again = 🔑 Try again
keys-invalid-shape = That does not look like an API key: a key is one piece of text of { $min }–{ $max } characters, without spaces or line breaks. Nothing was stored.
keys-duplicate = This key (<code>{ $fingerprint }</code>) is already added. Nothing changed.
keys-rejected = ❌ The marketplace rejected this key: it may be mistyped, revoked or from another account. Nothing was stored.
keys-nothing-stored = Nothing was stored.
keys-saved = ✅ Key <code>{ $fingerprint }</code> works and is saved. { $default ->
    [yes] It is your default key now.
   *[no] Your default key stays as it was; you can change that in /keys.
}
keys-access = { $scope ->
    [read] 👁 This key can only read: prices, balance, orders and rules. It can't buy or change anything.
    [purchase] 🛒 This key can buy energy and run rules, but not manage webhooks.
   *[full] 🔓 This key has full access: buying, rules and webhooks.
}
keys-label-ask-new = Send a label for it (for example <i>Main</i> or <i>Trading</i>) so you can tell your keys apart, or tap Skip.
keys-label-later = You can give it a name later in /keys.
keys-label-cancelled = The key is saved, without a label. /keys to name it later.
keys-label-ask-rename = Send a new label for key <b>{ $name }</b> <code>{ $fingerprint }</code>.
keys-button-skip = Skip
keys-label-skipped = OK, the key has no label. You can add one later in /keys.
keys-label-invalid = A label is one line of 1 to { $max } characters. Please send another one, or /cancel.
keys-label-saved = ✅ Key <code>{ $fingerprint }</code> is now labelled <b>{ $name }</b>.
keys-ready = You are all set: check your /balance or /buy energy.
keys-not-found = That key is no longer there.
keys-no-label = (no label)
keys-list-empty = You have no API keys yet. Add one to buy energy, run rules and see your balance.
keys-list-title = 🔑 <b>Your API keys</b>
keys-default-badge = ⭐ <i>default</i>
keys-added-on = added { $date }
keys-cannot = ⚠️ { $lacks ->
    [purchase] read only: can't buy, run rules or manage webhooks
   *[full] can't manage webhooks
}
keys-list-footer = The default key is used for everything you do here.
keys-button-make-default = ⭐ Make { $fingerprint } default
keys-button-rename = ✏️ Rename { $fingerprint }
keys-button-remove = 🗑 Remove { $fingerprint }
keys-button-add = ➕ Add a key
keys-remove-confirm = Remove key <b>{ $name }</b> <code>{ $fingerprint }</code>? This cannot be undone.
keys-button-remove-yes = 🗑 Yes, remove
keys-removed = 🗑 Key <code>{ $fingerprint }</code> removed.
keys-now-default = ⭐ Key <code>{ $fingerprint }</code> is now your default key.
keys-error-scope-op = 🚫 This API key can't { $operation }: its access level is too low. Create a key with <b>{ $scope ->
    [purchase] buying access
   *[full] full access
}</b> (or higher) in the marketplace dashboard (Settings → API keys), then add it with /key.
keys-scope-op-orders = place orders
keys-scope-op-rules = create or change automation rules
keys-scope-op-webhooks = manage webhooks
keys-default-cannot = 🚫 Your default key <code>{ $fingerprint }</code> can't { $operation }: { $lacks ->
    [purchase] it may only read, not buy.
   *[full] it does not have full access.
}
keys-pick-other = Use one of your other keys instead (it becomes your default):
keys-no-other = No other key of yours can do it. Add a key with <b>{ $scope ->
    [purchase] buying access
   *[full] full access
}</b> (make one in the dashboard: Settings → API keys).
keys-button-use = ⭐ Use { $name }
keys-offer-default = Your default key <code>{ $fingerprint }</code> can't { $operation }; this new key was not refused that. Make it your default?
keys-button-make-new-default = ⭐ Make the new key default
balance-title = 💰 <b>Your balance</b>
balance-trx = TRX: { $amount }
balance-usdt = USDT: { $amount }
runway-transfers = { $count ->
    [0] ⚡ Not enough for one USDT transfer at today's 1-hour energy price ({ $price } each): deposit TRX to buy energy.
   *[other] ⚡ Enough for about { $countText } USDT { $count ->
        [one] transfer
       *[other] transfers
    } at today's 1-hour energy price ({ $price } each).
}
runway-rules = { $days ->
    [0] ⚙️ Your active rules cost about { $daily } a day: the balance does not cover another day of them.
   *[other] ⚙️ Your active rules cost about { $daily } a day: enough for about { $daysText } { $days ->
        [one] day
       *[other] days
    }.
}
balance-updated = <i>Updated { $time }</i>
balance-refreshed = Balance updated
balance-unchanged = No change since the last update
deposit-title = 💳 <b>Deposit</b>
deposit-network = Network: { $network }
deposit-address = Address: { $address }
deposit-minimums = Minimum: { $minimums }
deposit-note = Send only on { $network } to this address; a smaller amount than the minimum is not credited. Deposits reach your balance automatically.
deposit-button-copy = 📋 Copy address
stats-title = 📊 <b>Statistics</b>
stats-orders = Orders placed: { $count }
stats-rule-firings = Purchases made by your rules: { $count } (counted below)
stats-energy = ⚡ <b>Energy</b>
stats-bandwidth = 📶 <b>Bandwidth</b>
stats-this-month = This month: { $volume }
stats-all-time = All time: { $volume }
stats-average = Average price: { $sun } SUN per unit
stats-no-deliveries = Average price: no deliveries yet
stats-empty = Nothing delivered yet, so there is nothing to chart. Once an order fills, this shows how much energy and bandwidth you received, what it cost per unit, and a 14-day chart.
stats-empty-orders = Orders placed so far: { $count } (none has filled yet; /orders shows their status).
stats-daily = Last 14 days: { $sparkline }
stats-chart-legend = 🟧 energy · 🟦 bandwidth: delivered per UTC day over the last 14 days.
stats-chart-energy = Energy
stats-chart-bandwidth = Bandwidth
stats-button-orders = 📋 Orders

# ── Address check (check-*, address-*), inline mode (inline-*), blog (blog-*) ──
check-usage = Send <code>/check</code> with a TRON address, for example <code>/check TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY</code>.
check-ask-address = Send me the TRON address to check. It starts with T and has 34 characters. /cancel to stop.
check-invalid-address = { $input } is not a valid TRON address. An address starts with T and has 34 characters.
check-bad-checksum = { $input } looks like a TRON address, but its checksum does not match: a character is probably mistyped. Copy the address again.
check-button-invalid = This address is not valid.
check-title = 🔍 Address { $address }
check-activated = ✅ Activated
check-not-activated = ⚠️ Not activated: the first transfer to it also pays about { $fee } to activate it.
check-energy-title = ⚡ <b>Energy</b>
check-bandwidth-title = 📶 <b>Bandwidth</b>
check-resource-line = Limit { $limit } · used { $used } · available <b>{ $available }</b>
check-covers-title = <b>Enough for</b>
check-covers-holder = • { $count ->
    [one] { $countText } USDT transfer
   *[other] { $countText } USDT transfers
} to an address that holds USDT (~{ $per } energy each)
check-covers-new-holder = • { $count ->
    [one] { $countText } USDT transfer
   *[other] { $countText } USDT transfers
} to an address without USDT (~{ $per } energy each)
check-covers-bandwidth = • bandwidth for { $count ->
    [one] { $countText } transfer
   *[other] { $countText } transfers
} (~{ $per } each)
check-covers-none = Not enough energy for a USDT transfer: without it the network burns TRX. Buy energy to pay less.
check-checked-at = Checked { $time }
address-detected = { $address } is a TRON address. Check its energy and bandwidth, or buy energy for it?
address-found-in-text = I found a TRON address in your message: { $address }. Check its energy and bandwidth, or buy energy for it?
address-button-check = 🔍 Check
inline-result-title = 🔍 Check { $address }
inline-result-description = Energy { $energy } · bandwidth { $bandwidth } · USDT transfers: { $transfers }
inline-type-address = Type a TRON address (T…) to check it
inline-invalid-address = Not a valid TRON address: check it and try again
inline-check-failed = Could not check { $address }
blog-usage = Send /blog with the post's name (its slug), for example { $example }.
blog-latest = 📰 <b>The latest posts</b>: tap one to read it here.
blog-not-found = There is no post called { $slug }. Check the slug: it is the last part of the post's web address, letters, digits and hyphens, for example <code>how-to-save-on-usdt-fees</code>. A post's slug can differ between languages: the one from the English site works in every language, and /language changes the language I read posts in.
blog-not-translated = <i>Not translated into your language yet: here it is in English.</i>
blog-page = <i>Page { $page } of { $pages }</i>
blog-page-expired = This page list is too old: send /blog with the post's name again.
blog-page-gone = That post is no longer there.

# ── Pushed notices (notice-*), /webhook (webhook-*), /settings (settings-*) ──
notice-resource-energy = energy
notice-resource-bandwidth = bandwidth
notice-order-what = { $volume } { $resource } for { $duration }
notice-order-what-no-duration = { $volume } { $resource }
notice-order-what-id = order { $order }
notice-order-filled = ✅ <b>Order filled</b>: { $what }
notice-order-failed = ❌ <b>Order failed</b>: { $what }
notice-line-target = To: { $address }
notice-line-charged = Charged: { $amount }
notice-line-tx = Transaction: { $tx } · <a href="{ $url }">Tronscan</a>
notice-order-refunded = { $amount } was refunded to your balance.
notice-order-refunded-unknown = The TRX charged for it was refunded to your balance.
notice-rule-paused = ⏸ <b>Rule paused</b>: { $rule } for { $address }. The balance is too low for its next firing.
notice-rule-paused-need = Deposit at least { $missing } more: one firing costs { $price }, your balance is { $balance }.
notice-rule-paused-limit = ⏸ <b>Rule paused</b>: { $rule } for { $address }. Your balance ({ $balance }) covers its next firing ({ $price }), so the likely cause is this key's daily spend limit: it resets at 00:00 UTC, in { $hours } h { $minutes } min. You can raise the limit in the marketplace dashboard.
notice-rule-auto-resume-on = Auto-resume is on: the rule starts again by itself after a top-up.
notice-rule-auto-resume-off = Auto-resume is off: after a top-up, resume it in /rules.
notice-rules-paused = ⏸ <b>{ $count } rules paused</b>: the balance is too low for their next firings.
notice-rules-paused-line = • { $rule } for { $address }: { $price } a firing, auto-resume { $autoResume ->
    [on] on
   *[off] off
}
notice-rules-paused-line-unpriced = • { $rule } for { $address }, auto-resume { $autoResume ->
    [on] on
   *[off] off
}
notice-rules-paused-need = Deposit at least { $missing } more: their next firings cost { $price } together, your balance is { $balance }. Rules with auto-resume on start again by themselves after the top-up; resume the others in /rules.
notice-rules-paused-limit = Your balance ({ $balance }) covers their next firings ({ $price }), so the likely cause is this key's daily spend limit: it resets at 00:00 UTC, in { $hours } h { $minutes } min.
notice-button-rules = ⚙️ My rules
notice-rule-resumed = ▶️ <b>Rule resumed</b>: { $rule } for { $address } is active again.
notice-rule-fired = ⚡ <b>Rule fired</b>: { $rule } delivered { $volume } energy to { $address } for { $price }.
notice-balance-low = 💰 Your balance is { $balance }, below your alert of { $threshold }.
notice-webhook-ping = 🔔 A test event from the marketplace arrived and its signature verifies: webhook notices work.
notice-button-open-rule = ⚙️ Open rule
notice-button-open-order = 📄 Order
notice-button-buy-again = 🔁 Buy again
webhook-no-public-url = Webhook notices are not available on this bot: its operator has to set PUBLIC_URL (the address where the marketplace can reach the bot). Fill and failure notices still arrive, a little later, without a webhook.
webhook-setup-steps =
    🔔 <b>Instant notices through a webhook</b>

    Your personal receiver URL:
    { $url }

    1. In the marketplace dashboard, open Settings → Webhooks and create an endpoint with this URL.
    2. Select the events <b>order.filled</b> and <b>order.failed</b>.
    3. Send me the endpoint's <b>id</b> (it looks like 1b4e28ba-2fa1-11d2-883f-0016d3cca427).
webhook-sandbox-creating = 🔔 This bot runs on the <b>sandbox</b> marketplace, which has no dashboard, so I am creating the webhook endpoint for you (receiver URL { $url }) and asking for a test event; waiting up to { $seconds } s…
webhook-setup-bad-id = That is not an endpoint id: the id is a UUID like 1b4e28ba-2fa1-11d2-883f-0016d3cca427. Copy it from the dashboard and send it again, or /cancel.
webhook-setup-ask-secret-standard = Endpoint { $id } saved. Now send me the endpoint's <b>signing secret</b> (it starts with <code>whsec_</code>). I delete your message at once and keep the secret encrypted.
webhook-setup-ask-secret = Endpoint { $id } saved. Now send me the endpoint's <b>signing secret</b>. I delete your message at once and keep the secret encrypted.
webhook-secret-not-deleted = ⚠️ I could not delete your message with the secret: please delete it yourself.
webhook-secret-bad-standard = That does not look like a signing secret: it is one piece of text starting with <code>whsec_</code>. Nothing was stored. Send /webhook to try again.
webhook-secret-bad = That does not look like a signing secret (one piece of text without spaces). Nothing was stored. Send /webhook to try again.
webhook-secret-saved = 🔐 Secret saved (encrypted). Asking the marketplace for a test event and waiting up to { $seconds } s…
webhook-ping-verified = ✅ <b>Connected</b>: the test event arrived and its signature verifies. Fill and failure notices now reach you at once.
webhook-ping-unverified = ⚠️ The test event arrived, but its signature does not verify with the secret you sent. Copy the endpoint's secret again, whole, then tap Manage the endpoint → Change endpoint.
webhook-ping-timeout =
    ⌛ No test event arrived within { $seconds } s. Please check:
    • the endpoint's URL is exactly { $url } and the bot is reachable from the internet;
    • the endpoint is enabled and the events order.filled and order.failed are selected;
    • the secret was copied whole.
    Then tap Test again.
webhook-status-title = 🔔 <b>Webhook notices</b>
webhook-status-url = Receiver URL: { $url }
webhook-status-endpoint = Endpoint id: { $id }
webhook-status-no-events = Last event: none received yet.
webhook-status-last-verified = Last event: { $type }, { $time } · ✅ signature verified
webhook-status-last-unverified = Last delivery: { $time } · ⚠️ its signature did not verify
webhook-status-notices-on = Notices: on
webhook-status-notices-off = Notices: off (events are received but nothing is pushed)
webhook-button-test = 🔁 Test again
webhook-button-notices-off = 🔕 Turn notices off
webhook-button-notices-on = 🔔 Turn notices on
webhook-button-change = ✏️ Change endpoint
webhook-button-delete = 🗑 Delete endpoint
webhook-button-delete-confirm = 🗑 Yes, delete it
webhook-button-manage = ⚙️ Manage the endpoint
webhook-delete-confirm = Delete the webhook endpoint? The marketplace will stop delivering events to the bot, and the endpoint's secret is lost: a new endpoint needs a new one.
webhook-deleted = 🗑 Webhook endpoint deleted. Fill and failure notices still arrive, a little later, without it. /webhook sets up a new one.
webhook-none = You have no webhook endpoint. Send /webhook to set one up.
webhook-notices-turned-on = Notices on
webhook-notices-turned-off = Notices off
webhook-test-started = Test event requested: waiting up to { $seconds } s…
settings-title = ⚙️ <b>Settings</b>
settings-notices-on = 🔔 Notices: <b>on</b> (fills, failures, rule pauses and alerts are pushed here)
settings-notices-off = 🔕 Notices: <b>off</b> (nothing is pushed to you)
settings-fires-on = ⚡ A notice for every rule firing: <b>on</b>
settings-fires-off = ⚡ A notice for every rule firing: <b>off</b>
settings-alert-none = 💰 Balance alert: <b>off</b>
settings-alert-value = 💰 Balance alert: when the balance falls below { $amount }
settings-button-notices-off = 🔕 Turn notices off
settings-button-notices-on = 🔔 Turn notices on
settings-button-fires-off = ⚡ No notice per firing
settings-button-fires-on = ⚡ A notice per firing
settings-button-alert-set = 💰 Set a balance alert
settings-button-alert-change = 💰 Change the alert
settings-button-alert-clear = ✖️ Alert off
settings-button-open = ⚙️ Settings
settings-alert-off-word = off
settings-alert-ask = Send the TRX amount: I tell you once when your balance falls below it (for example <code>50</code> or <code>12.5</code>). Send <code>off</code> to turn the alert off.
settings-alert-bad = Please send a TRX amount greater than 0 with at most 6 decimals, like 50 or 12.5, or <code>off</code>.
settings-alert-set = ✅ Balance alert set: below { $amount }.
settings-alert-cleared = Balance alert turned off.
settings-toast-notices-on = Notices on
settings-toast-notices-off = Notices off
settings-toast-fires-on = A notice per firing: on
settings-toast-fires-off = A notice per firing: off

# ── Private-only commands ──
private-only = This works in a private chat with me, so your account stays private. Tap below and send the command there.
private-only-open = Open private chat
private-only-button = This button works only in my private chat with its owner.
menu-outdated = This card was out of date, so I refreshed it. Tap again.
working = ⏳ Working on it…
still-working = ⏳ Still working on your last tap: one moment.

# ── Secrets typed at the wrong step ──

# ── Buy: expired preview cards (buy-expired-*) ──
buy-expired-toast = Prices refreshed: check the new preview.
buy-expired-note = 🔄 That preview was more than { $minutes } minutes old, so nothing was ordered. Here are today's prices: check the total and tap Confirm.

# A deposit seen by the balance watcher (a rise of the balance no refund explains)
notice-deposit-trx = 💰 { $amount } arrived; your balance is { $balance }.
notice-deposit-usdt = 💰 { $amount } arrived in your marketplace wallet.

# /alert: price alerts
alert-title = 🔔 <b>Price alerts</b>
alert-none = No alert yet. Add one and I tell you once when energy costs less than your price.
alert-how = I tell you once when the price is under yours, and again only after it has gone back above.
alert-what = { $volume } energy · { $duration }
alert-line-waiting = { $n }. { $what } under { $price }: waiting
alert-line-told = { $n }. { $what } under { $price }: told; waiting for the price to rise again
alert-button-remove = ✖️ { $n }
alert-button-new = ➕ New alert
alert-button-list = 🔔 My alerts
alert-removed = Alert removed.
alert-ask-what = Which energy should I watch? (65,000 energy covers one USDT transfer.)
alert-ask-price = { $what }: below which price should I tell you? Send an amount in TRX (for example <code>3.5</code>).
alert-bad-price = That is not a TRX amount above 0 (for example <code>3.5</code>).
alert-saved = ✅ Alert set: I tell you when { $what } costs less than { $price }.
alert-too-many = You have 5 alerts already: remove one first.
notice-price-alert = 📉 { $volume } energy for { $duration } now costs { $price }, under your alert of { $below }.
notice-price-alert-buy = ⚡ Buy for { $address } · { $price }
notice-price-alert-list = 🔔 My alerts

## /statement: a month's purchases per key (issue 32, item 6)
command-statement =
    .description = Monthly statement: purchases, TRX paid and saved, chart and CSV
statement-title = 📒 <b>Statement</b> for { $month } (UTC)
statement-no-keys = Add an API key first: the statement counts the purchases made with your keys.
statement-key-nothing = No purchases this month.
statement-purchases = Orders: { $orders } · rule purchases: { $firings }
statement-volumes = Energy: { $energy } · bandwidth: { $bandwidth }
statement-paid = Paid: { $trx }
statement-burn = Burning TRX instead would have cost { $trx } (known for { $known } of { $count }): you saved { $saved }
statement-burn-unknown = What burning TRX would have cost: not recorded for these purchases
statement-average-energy = Average price of energy: { $sun } SUN per unit
statement-average-bandwidth = Average price of bandwidth: { $sun } SUN per unit
statement-top = Top addresses:
statement-top-line = • { $address }: { $count ->
        [one] 1 purchase
       *[other] { $count } purchases
    }, { $trx }
statement-firings-missing = ⚠️ Your rules' purchases could not be read just now: only orders are counted.
statement-key-removed = A removed key
statement-empty = Nothing bought this month. Orders placed through this bot and your rules' purchases show here.
statement-note = Counted: orders placed through this bot (failed ones were refunded and are left out) and your rules' purchases, by UTC time.
statement-button-files = 📎 Chart and CSV
statement-chart-energy = Energy
statement-chart-bandwidth = Bandwidth
statement-chart-caption = 📊 { $month }: energy and bandwidth bought per UTC day.
statement-csv-caption = 📎 { $month }: one line per purchase, for a spreadsheet.
statement-bad-month = This button is out of date: send /statement.
statement-more-keys = …and { $count ->
        [one] one more key
       *[other] { $count } more keys
    }: the CSV has every purchase.
settings-statement-on = 📒 Monthly statement on the 1st: <b>on</b>
settings-statement-off = 📒 Monthly statement on the 1st: <b>off</b>
settings-button-statement-on = 📒 Statement on the 1st
settings-button-statement-off = 📒 No statement on the 1st
settings-toast-statement-on = Monthly statement: on
settings-toast-statement-off = Monthly statement: off
notice-statement = 📒 Your statement for { $month } is ready: purchases per key, TRX paid and saved, a chart and a CSV file.
notice-statement-button = 📒 Get the statement

## The bot's monthly budget per key (/keys), not the marketplace's daily spend limit
keys-budget-none = 💰 Monthly budget: none.
keys-budget-line = 💰 Monthly budget: { $spent } of { $budget } spent in { $month } (UTC), { $percent }%.
keys-budget-reached-line = 🛑 Budget reached: { $paused } rules paused for budget; an order from this chat asks you first.
keys-budget-explain = <i>The bot's budget counts this key's orders placed here and its rules' firings in the month (UTC): a warning at 80%, rules paused at 100%. The marketplace's daily spend limit of the key is another thing.</i>
keys-button-budget-set = 💰 Set monthly budget
keys-button-budget-change = 💰 Change budget
keys-button-budget-remove = ✖️ No budget
keys-budget-ask = 💰 Send the monthly budget for key { $key } in TRX (for example <code>100</code>). I count its orders placed here and its rules' firings in the month (UTC): at 80% I warn you, at 100% I pause its rules and ask you before each order. The marketplace's daily spend limit stays as it is.
keys-budget-bad = That is not a TRX amount. Send a budget like <code>100</code> or <code>12.5</code>, or tap No budget.
keys-budget-off-word = off
keys-budget-saved = ✅ Monthly budget for key { $key }: { $budget }. Rules I paused for the budget are resumed within a minute if it allows them now.
keys-budget-removed = Key { $key } has no monthly budget now. Rules I paused for the budget are resumed within a minute.
buy-budget-reached = 🛑 <b>This key's monthly budget is reached</b>: { $spent } of { $budget } spent in { $month } (UTC), so I don't place orders with it on my own. Place this one anyway, or raise the budget in /keys. (This is the bot's budget, not the marketplace's daily spend limit.)
buy-budget-reached-toast = Monthly budget reached
buy-button-budget-override = ⚠️ Place this order anyway
notice-budget-warning = 💰 Key { $key } has used { $percent }% of its monthly budget: { $spent } of { $budget } in { $month } (UTC). At 100% I pause its rules and ask you before each order.
notice-budget-not-daily-limit = <i>This is the bot's monthly budget (/keys), not the marketplace's daily spend limit.</i>
notice-budget-reached = 🛑 <b>Monthly budget reached</b> for key { $key }: { $spent } of { $budget } in { $month } (UTC).
notice-budget-paused = ⏸ Paused for budget ({ $count }):
notice-budget-rule-line = • { $rule } for { $address }
notice-budget-orders-ask = An order from this chat with this key now asks you first.
notice-budget-resume-when = I resume the rules I paused on the 1st (UTC), or as soon as you raise the budget in /keys.
notice-budget-resumed = ▶️ <b>Budget allows them again</b>: { $count } rules of key { $key } that I paused for budget are active again.
rules-card-paused-for-budget = Paused for budget: this key's monthly budget (/keys) is reached. I resume it on the 1st (UTC) or as soon as you raise the budget; a resume by hand is paused again while the budget stays reached.

# ── /announce (the operators' announcements), /stop, and their /settings toggle ──
announce-ask = Send the text of the announcement. Every user who takes announcements gets it as you send it here; you see a preview first.
announce-too-long = That is too long for one message: { $max } characters at most. Send a shorter text.
announce-not-text = Please send the announcement as text.
announce-button-send = 📣 Send to { $count } users
announce-button-cancel = ✖️ Cancel
announce-button-refresh = 🔄 Refresh
announce-cancelled = Announcement cancelled: nobody got it.
announce-gone = This announcement was already sent or cancelled.
announce-progress = 📣 <b>Sending the announcement</b>: { $sent } sent, { $blocked } blocked, { $failed } failed, { $waiting } to go.
announce-done = 📣 <b>Announcement sent</b>: { $sent } delivered, { $blocked } blocked the bot, { $failed } failed.
settings-announcements-on = 📣 Announcements from the bot's team: <b>on</b>
settings-announcements-off = 📣 Announcements from the bot's team: <b>off</b>
settings-button-announcements-off = 📣 No announcements
settings-button-announcements-on = 📣 Take announcements
settings-toast-announcements-on = Announcements on
settings-toast-announcements-off = Announcements off
stop-done = 📣 You will get no more announcements from the bot's team. Your order notices are not affected. To take announcements again, turn them on in /settings.

## A maximum price per firing on a rule (the rule's card in /rules)
rules-button-cap = 💲 Max price
rules-button-cap-off = ✖️ No max price
rules-button-edit = ✏️ Edit
rules-cap-ask = 💲 Send the most one firing of this rule may cost, in TRX (for example <code>5</code>). I check the price every minute: above it I pause the rule, and once it is back under I resume the rule if its auto-resume is on.
rules-cap-price-now = A firing costs { $price } now.
rules-cap-bad = That is not a TRX amount. Send a price like <code>5</code> or <code>4.5</code>, or tap No max price.
rules-cap-off-word = off
rules-cap-saved = ✅ Max price set: { $cap } a firing.
rules-cap-removed = The rule has no max price now.
rules-card-cap = Max price: { $cap } a firing{ $per }
rules-card-cap-paused = ⏸ Paused above your price: I paused it because a firing cost more than your max price.
rules-card-cap-between = <i>Checked every minute: a firing between two checks can still cost more.</i>
notice-cap-per-65k = {" "}({ $price } per 65,000 energy)
notice-cap-paused = ⏸ <b>Rule paused above your price</b>: { $rule } for { $address }. A firing costs { $price }{ $per } now, your max price is { $cap }.
notice-cap-resumes = I resume it once the price is back under your max (its auto-resume is on).
notice-cap-resume-yourself = Its auto-resume is off: resume it in /rules when the price suits you.
notice-cap-resumed = ▶️ <b>Rule resumed</b>: { $rule } for { $address }. A firing costs { $price }{ $per } now, under your max price of { $cap }.

## /batch: energy for several addresses at once (issue 33)
batch-ask-addresses = <b>Energy for several addresses</b>
    Tap your saved addresses to tick them, then Continue. Or send the addresses, one per line, each optionally with its own volume:
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    Up to { $max } addresses; a saved name works in place of an address.
batch-ask-addresses-typed = <b>Energy for several addresses</b>
    Send the addresses, one per line, each optionally with its own volume:
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    Up to { $max } addresses.
batch-button-continue = ➡️ Continue with { $count ->
    [one] 1 address
   *[other] { $count } addresses
}
batch-button-several = 📋 Several addresses
batch-bad-lines = { $count ->
    [one] This line was not taken, so nothing has changed:
   *[other] These { $count } lines were not taken, so nothing has changed:
}
batch-bad-address = Line { $line }: “{ $text }” is neither a valid TRON address nor one of your saved names.
batch-bad-duplicate = Line { $line }: “{ $text }” repeats an address already in the list.
batch-bad-volume-unreadable = Line { $line }: the volume in “{ $text }” cannot be read. Write it like { $examples }.
batch-bad-volume-range = Line { $line }: { $volume } is outside the allowed range, from { $min } to { $max }.
batch-empty = Send at least one address, one per line.
batch-too-many = That is { $count } addresses: one batch takes at most { $max }. Please send fewer.
batch-ask-volume = How much energy for { $count ->
    [one] the address
   *[other] each of the { $count } addresses
}? Pick an amount or type one (like { $examples }). Allowed: { $min } to { $max }.{ $own ->
    [0] {""}
   *[other] {" "}Lines with their own volume keep it.
}
batch-volume-own = the volume of each line
batch-ask-duration = For how long? Energy for { $count ->
    [one] 1 address
   *[other] { $count } addresses
}, { $volume }.
batch-preview-title = <b>Preview: energy for { $count ->
    [one] 1 address
   *[other] { $count } addresses
}</b>, { $duration }
batch-preview-line = { $n }. { $address }: { $volume } for { $price }
batch-preview-line-activation = { $n }. { $address }: { $volume } for { $price } (with the address activation fee { $fee })
batch-preview-total = <b>Total to pay:</b> { $total }
batch-preview-balance = Your balance: { $balance } → after these orders: { $after }
batch-preview-balance-missing = Your balance: { $balance }, missing { $missing } for these orders
batch-preview-short = ⚠️ Not enough balance for all of them: top up at least { $shortfall }, then tap Refresh.
batch-preview-note = Confirm places one order per address. Tapping it again never places an order twice.
batch-button-confirm = ✅ Confirm { $count ->
    [one] the order
   *[other] { $count } orders
}
batch-button-orders = 📋 My orders
batch-placing = Placing the orders…
batch-already-done = These orders have already been placed.
batch-unknown = This button has expired. Start again with /batch.
batch-was-cancelled = This batch was cancelled. Start again with /batch.
batch-cannot-cancel = These orders are being placed or were placed: there is nothing left to cancel.
batch-cancelled = Cancelled. Nothing was ordered.
batch-expired-note = 🔄 That preview was more than { $minutes } minutes old, so nothing was ordered. Here are today's prices: check the total and tap Confirm.
batch-result-title = <b>Energy for { $count ->
    [one] 1 address
   *[other] { $count } addresses
}</b>, { $duration }
batch-result-placed = ✅ { $n }. { $address }: { $volume }, { $total }, order { $id }
batch-result-refused = ❌ { $n }. { $address }: { $volume } not placed. { $reason }
batch-result-over-budget = ❌ { $n }. { $address }: { $volume } not placed: this key's monthly budget is reached (see /keys).
batch-result-unknown = ⚠️ { $n }. { $address }: { $volume }, no answer from the marketplace yet.
batch-result-not-placed = ⏹ { $n }. { $address }: { $volume } not placed.
batch-result-summary = Placed { $placed } of { $count }.
batch-result-unknown-note = Some orders have no answer yet: tapping Confirm again is safe, it can never place an order twice or charge you twice.

# /schedule: scheduled purchases (issue 33 item 4)
schedule-title = 🗓 <b>Scheduled purchases</b>
schedule-none = No schedule yet. Add one and I buy energy on the days and at the time you choose, for example every weekday at 09:00.
schedule-how = Each time runs once. If I could not run it within 10 minutes of its time, I skip it and tell you; when the balance, your maximum price, the key's budget or its daily limit does not allow it, I skip it and tell you too.
schedule-when = { $days } at { $time } ({ $zone })
schedule-what = { $volume } energy · { $duration }
schedule-days-every = every day
schedule-days-weekdays = weekdays
schedule-line = { $n }. ▶️ { $what } for { $address }, { $when }
schedule-line-paused = { $n }. ⏸ { $what } for { $address }, { $when }: paused
schedule-line-next = Next: { $next }
schedule-line-failures-only = Tells you only when a run fails or is skipped.
schedule-last-placed = Last run { $at }: placed
schedule-last-skipped = Last run { $at }: skipped ({ $reason })
schedule-last-failed = Last run { $at }: failed ({ $reason })
schedule-last-running = Last run { $at }: in progress
schedule-reason-late = too late
schedule-reason-balance = balance too low
schedule-reason-budget = monthly budget reached
schedule-reason-cap = daily spend limit
schedule-reason-key = key missing or not allowed to buy
schedule-reason-refused = refused by the marketplace
schedule-reason-unknown = no answer
schedule-button-pause = ⏸ { $n }
schedule-button-resume = ▶️ { $n }
schedule-button-delete = ✖️ { $n }
schedule-button-new = ➕ New schedule
schedule-button-list = 🗓 My schedules
schedule-paused = Schedule { $n } paused.
schedule-resumed = Schedule { $n } resumed.
schedule-deleted = Schedule deleted.
schedule-gone = That schedule no longer exists.
schedule-energy-unavailable = Energy cannot be bought right now, so no schedule can be set. Please try again later.
schedule-ask-address = Which address should receive the energy? Send a TRON address.
schedule-ask-address-saved = Which address should receive the energy? Pick one or send a TRON address (or the name you saved it under).
schedule-address-invalid = “{ $text }” is not a TRON address (34 characters starting with T) nor a name you saved.
schedule-ask-volume = How much energy for { $address } each time? Pick one or send a number from { $min } to { $max }.
schedule-volume-bad = Please send a whole number of energy from { $min } to { $max }.
schedule-ask-duration = For how long should { $volume } energy be rented each time?
schedule-ask-days = { $what }: on which days?
schedule-button-every-day = Every day
schedule-button-weekdays = Weekdays (Mon–Fri)
schedule-button-choose-days = Choose days
schedule-ask-choose-days = Tap the days to buy on, then Done.
schedule-button-days-done = ✅ Done
schedule-days-none = Choose at least one day.
schedule-ask-time = At what time? Send it as HH:MM, 24-hour (for example <code>09:00</code>).
schedule-time-bad = “{ $text }” is not a time of day. Send HH:MM, for example <code>09:00</code> or <code>21:30</code>.
schedule-ask-zone = { $time } in which time zone? Pick one, or send a zone name like <code>Europe/Berlin</code> or an offset like <code>UTC+3</code>.
schedule-zone-bad = “{ $text }” is not a time zone I know. Send a name like <code>Asia/Tokyo</code> or an offset like <code>+5:30</code>.
schedule-ask-notify = Should I tell you about every run, or only when a run fails or is skipped?
schedule-button-notify-all = 🔔 Every run
schedule-button-notify-failures = ⚠️ Only failures
schedule-preview-title = 🗓 <b>New scheduled purchase</b>
schedule-preview-what = Buys: { $what } for { $address }
schedule-preview-when = When: { $when }
schedule-preview-next = First run: { $next }
schedule-preview-price = Today's price: { $price } (balance { $balance })
schedule-preview-notify-all = Notices: every run
schedule-preview-notify-failures = Notices: only failures and skipped runs
schedule-preview-short = ⚠️ Your balance does not cover one run today: a run without enough balance is skipped.
schedule-button-save = ✅ Save schedule
schedule-saved = ✅ Scheduled: { $what } for { $address }, { $when }.
schedule-too-many = You have 10 schedules already: delete one first.
notice-schedule-placed = 🗓 Scheduled purchase placed: { $what } for { $address }, { $total } (run of { $due }, { $zone }). Order { $order }.
notice-schedule-skipped = 🗓 Scheduled purchase skipped: { $what } for { $address } (run of { $due }, { $zone }).
notice-schedule-failed = 🗓❌ Scheduled purchase failed: { $what } for { $address } (run of { $due }, { $zone }).
notice-schedule-why-late = The bot could not run it within { $minutes } minutes of its time, so nothing was bought.
notice-schedule-why-balance = Your balance { $balance } does not cover { $needed }. Top up before the next run.
notice-schedule-why-balance-unknown = Your balance does not cover it. Top up before the next run.
notice-schedule-why-budget = This key's monthly budget is reached ({ $spent } of { $budget }). Raise it in /keys or wait for next month.
notice-schedule-why-cap = It would go over this key's daily spend limit at the marketplace. It resets at 00:00 UTC.
notice-schedule-why-key = The schedule's key is gone or may not buy. Add a key with purchase access in /keys, then set the schedule again.
notice-schedule-why-unknown = The marketplace did not answer in time. The order may still have been placed: check /orders before buying again.
notice-schedule-why-refused = The marketplace refused the order ({ $code }). Nothing was charged.
notice-schedule-next = Next run: { $next } ({ $zone }).
notice-schedule-balance = 💰 Balance
schedule-ask-max = Today one run costs { $price }. What is the most one run may cost? Send an amount in TRX (a dearer run is skipped and you are told), or tap No limit.
schedule-button-no-max = No limit
schedule-max-off-word = none
schedule-max-bad = Please send a TRX amount greater than 0, like <code>10</code> or <code>7.5</code>, or tap No limit.
schedule-preview-max = At most: { $max } a run
schedule-preview-above-max = ⚠️ Today's price is above your maximum: a run at this price is skipped.
schedule-line-max = At most { $max } a run.
schedule-reason-price = above your maximum price
notice-schedule-why-price = Today it costs { $price }, more than your maximum of { $max } a run. If that maximum is too low, delete the schedule in /schedule and set a new one.
notice-brief-schedule-placed = 🗓 Scheduled purchase placed for { $target }: { $what }
notice-brief-schedule-skipped = 🗓 Scheduled purchase skipped for { $target }: { $what } ({ $reason })
notice-brief-schedule-failed = 🗓❌ Scheduled purchase failed for { $target }: { $what } ({ $reason })
notice-schedule-list = 🗓 My schedules

## issue 33: notices into a group or channel (/settings)
settings-where-private = 📍 Notices go to: <b>this chat</b>
settings-where-both = 📍 Notices go to: <b>this chat</b> and <b>{ $chat }</b>
settings-where-there = 📍 Notices go to: <b>{ $chat }</b> only
settings-where-brief = { "   " }There: only what happened (no key, balance or deposit address)
settings-where-full = { "   " }There: full notices, as here
settings-where-lost = 📍 Notices go to: <b>this chat</b> (I am no longer allowed to post them in <b>{ $chat }</b>: pick it again once we are both administrators there)
settings-button-chat-pick = 📍 Also to a group or channel
settings-button-chat-change = 📍 Another group or channel
settings-button-chat-full = 📝 Full notices there
settings-button-chat-brief = 📝 Only what happened there
settings-button-chat-here-off = 🔕 Not here too
settings-button-chat-here-on = 🔔 Here too
settings-button-chat-remove = ✖️ Stop notices there
settings-toast-chat-full = Full notices there
settings-toast-chat-brief = Only what happened there
settings-toast-chat-here-on = Notices here too
settings-toast-chat-here-off = Notices there only
settings-toast-chat-removed = Notices come here only
settings-chat-ask = Where should notices go too? Pick a group or channel with the buttons below: both you and I must be administrators there (Telegram offers to add me). You can also send me the chat's id (like <code>-1001234567890</code>) or forward me a post from the channel.
settings-chat-pick-group = 👥 A group
settings-chat-pick-channel = 📢 A channel
settings-chat-not-group = That is a private chat: pick a group or a channel. Open /settings to try again.
settings-chat-unknown = I cannot see that chat: add me to it as an administrator first, then pick it again in /settings.
settings-chat-you-not-admin = Only an administrator of <b>{ $chat }</b> can send notices there: you are not one. Open /settings to pick another chat.
settings-chat-bot-not-admin = Make me an administrator of <b>{ $chat }</b>, then pick it again in /settings.
settings-chat-bot-not-admin-channel = Make me an administrator of <b>{ $chat }</b> who may post messages, then pick it again in /settings.
settings-chat-chosen = ✅ Notices now go to <b>{ $chat }</b> too. There they say only what happened, with no key, balance or deposit address, unless you turn full notices on.
notice-chat-lost = ⚠️ I can no longer post notices in <b>{ $chat }</b> (I or you are no longer an administrator there), so they come here again. Pick it again in /settings once that is fixed.
notice-brief-order-filled = ✅ Order filled: { $what }
notice-brief-order-failed = ❌ Order failed: { $what }
notice-brief-order-filled-for = ✅ Order filled for { $target }: { $what }
notice-brief-order-failed-for = ❌ Order failed for { $target }: { $what }
notice-brief-rule-paused = ⏸ Rule paused: { $rule } for { $address }
notice-brief-rules-paused = ⏸ Rules paused ({ $count }):
notice-brief-rule-resumed = ▶️ Rule resumed: { $rule } for { $address }
notice-brief-rule-fired = ⚡ Rule fired: { $rule } delivered { $volume } energy to { $address }
notice-brief-balance-low = 💰 A key's balance fell below its alert.
notice-brief-deposit = 💰 A deposit arrived.
notice-brief-price-alert = 📉 The energy price fell under a price alert.
notice-brief-budget-warning = 💰 A key is close to its monthly budget.
notice-brief-budget-reached = 🛑 A key reached its monthly budget: its rules are paused.
notice-brief-budget-resumed = ▶️ Rules paused for a budget are active again.
notice-brief-cap-paused = ⏸ Rule paused above its max price: { $rule } for { $address }
notice-brief-cap-resumed = ▶️ Rule resumed under its max price: { $rule } for { $address }
## end issue 33: notices into a group or channel

## issue 33: team desk (/team)
command-team =
    .description = A team desk: a key for a group's administrators
team-title = 🧑‍🤝‍🧑 <b>Team desks</b>
team-none = None yet: bind a key to a group, and its administrators can buy and check the balance there.
team-how = In the group, administrators send /team for the desk, /buy to buy step by step (or <code>/buy &lt;address&gt; &lt;amount&gt; [&lt;duration&gt;]</code> at once), /balance for the balance. Other members only see the order notices. No key or deposit address is ever posted there.
team-desk-line = • <b>{ $chat }</b>: key { $key }, { $max }
team-max-none = no maximum per order
team-max-value = at most { $amount } per order
team-button-max = 💰 Max · { $chat }
team-button-remove = ✖️ Unbind · { $chat }
team-button-bind = ➕ Bind my key to a group
team-button-back = 🧑‍🤝‍🧑 Team desks
team-need-key = Add an API key first: the desk uses your default key.
team-bind-ask = Which group may use your key { $key }? Pick it with the button below (you must be one of its administrators, and I must be in it), or send me the group's id (like <code>-1001234567890</code>).
team-pick-group = 👥 Pick a group
team-not-group = That is not a group: pick a group. Open /team to try again.
team-chat-unknown = I cannot see that group: add me to it first, then open /team again.
team-bot-not-member = I am not in <b>{ $chat }</b>: add me to it first, then open /team again.
team-you-not-admin = Only an administrator of <b>{ $chat }</b> can bind a key to it: you are not one.
team-taken = <b>{ $chat }</b> already has another owner's team desk.
team-bound = ✅ Your key { $key } is bound to <b>{ $chat }</b>. Its administrators can now buy and check the balance there; everyone there sees the order notices.
team-toast-removed = Desk removed
team-toast-gone = Already removed
team-max-ask = Send the most one order in the group may cost, in TRX (for example <code>50</code>). Send <code>off</code> for no maximum.
team-button-no-max = ✖️ No maximum
team-max-off-word = off
team-max-bad = Please send a TRX amount greater than 0, like 50 or 12.5, or <code>off</code>.
team-max-set = ✅ An order in the group may now cost at most { $amount }.
team-max-cleared = Orders in the group have no maximum now.
team-group-none = This group has no team desk. The owner of a key binds it from my private chat with /team.
team-group-title = 🧑‍🤝‍🧑 <b>Team desk of { $chat }</b>
team-group-how = Administrators: /buy to buy step by step, or <code>/buy &lt;address&gt; &lt;amount&gt; [&lt;duration&gt;]</code> at once (for example <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>), the button below for the balance.
team-button-balance = 💰 Balance
team-balance-title = 💰 <b>Team balance</b>
team-admins-only = Only the group's administrators may use the team's key.
team-checked-by = Checked by { $who }
team-buy-usage = Send <code>/buy &lt;address&gt; &lt;amount&gt; [&lt;duration&gt;]</code>, for example <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>: the amount as energy (65k) or USDT transfers (2), the duration one the marketplace offers.
team-over-max = This order would cost { $cost }, above the team's maximum of { $max } per order.
team-asked-by = Asked by { $who }
team-preview-short = ⚠️ The team's key is short by { $shortfall }: its owner can top it up (their /deposit), then send /buy again.
team-button-confirm = ✅ Confirm
team-button-cancel = ✖️ Cancel
team-not-this-desk = That button is not for this group's desk.
team-bought-by = Bought by { $who }
team-already-placed = This order was already placed.
team-preview-expired = This preview is too old to be placed: send /buy again for today's price.
team-unknown = I could not tell whether the marketplace took the order: tap Confirm again (it is never placed twice).
team-over-budget = The key's monthly budget is reached: its owner decides in the private chat.
team-preview-closed = This preview is closed.
team-cancelled-by = Cancelled by { $who }
## end issue 33: team desk
