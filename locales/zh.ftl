# ── 命令 ──
command-start =
    .description = 欢迎与入门
command-buy =
    .description = 为地址购买能量或带宽
command-batch =
    .description = 一次为多个地址购买能量
command-addresses =
    .description = 您保存的地址：名称、实时能量、一键购买
command-orders =
    .description = 您的订单及状态
command-balance =
    .description = TRX 与 USDT 余额
command-deposit =
    .description = 充值地址与二维码
command-stats =
    .description = 订单统计与 14 天图表
command-refill =
    .description = 新建自动补充规则
command-renewal =
    .description = 新建每日自动续订规则
command-smart =
    .description = 为地址开启智能模式
command-rules =
    .description = 您的自动化规则
command-check =
    .description = 查询地址的能量与带宽
command-blog =
    .description = 阅读博客文章
command-key =
    .description = 添加市场 API 密钥
command-keys =
    .description = 管理 API 密钥
command-webhook =
    .description = 通过回调即时通知
command-alert =
    .description = 能量价格提醒
command-schedule =
    .description = 定时购买能量
command-settings =
    .description = 通知与余额提醒
command-language =
    .description = 更改语言
command-cancel =
    .description = 取消当前操作
command-help =
    .description = 全部命令

# 机器人简介（空聊天中显示，最多 512 个字符）和短简介（资料页，最多 120 个字符）
bot-description = 我为您的地址租用 TRON 能量和带宽，让 USDT 转账比燃烧 TRX 便宜得多。轻点几下即可购买，可检查任意地址、设置自动补充规则，并在订单完成时收到通知。点击“开始”，然后用 /key 添加您的市场 API 密钥。
bot-short-description = 租用 TRON 能量和带宽：更便宜的 USDT 转账、自动补充、订单通知。

# ── 开始、帮助、语言、取消 ──
start-welcome =
    你好，{ $name }！我帮您租用 TRON <b>能量</b>和<b>带宽</b>，让 USDT 转账比燃烧 TRX 便宜得多。

    <b>第一步：</b>用 /key 添加您的市场 API 密钥（在控制台：设置 → API 密钥 中创建）。
    然后用 /buy 为地址购买能量，设置 /refill、/renewal 或 /smart 规则，并查看 /balance。

    还没有密钥？可以用 /check 查询任意地址，或阅读 /blog。
start-welcome-back =
    欢迎回来，{ $name }！要做什么？
    /buy 能量或带宽 · /orders · /balance · /rules · /help
start-demo-keys = 🧪 本机器人运行在<b>沙盒</b>上：一个没有真实 TRX 的模拟市场。用它的演示密钥立即体验全部功能：
start-button-demo-read = 👁 演示密钥：只读
start-button-demo-purchase = 🛒 演示密钥：购买
start-button-demo-full = 🔑 演示密钥：完全权限
start-demo-unavailable = 演示密钥只在沙盒中提供。请用 /key 添加您自己的密钥。
help-title = <b>我能做什么</b>
help-footer = 提示：/cancel 可退出任何操作。发给我的任何 TRON 地址都可以查询或充能量。
help-buy-tip = 最快的方式：<code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> 购买可供 2 笔 USDT 转账、时长 1 小时的能量，直接进入预览。
language-choose = 请选择语言：
language-changed = 语言已设置为中文。
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = 已取消，未做任何更改。
cancel-nothing = 没有可取消的操作。/help 列出我能做的事。
fallback-button = 此按钮已过期。发送 /help 重新开始。
flow-not-yours = 这是别人的提问：只有发起的人可以回答。
fallback-message = 我没有理解。发送 /help 查看我能做什么。

# ── 通用按钮 ──
button-add-key = 🔑 添加 API 密钥
button-replace-key = 🔑 更换密钥
button-my-keys = 🔑 我的密钥
button-deposit = 💳 充值
button-buy-energy = ⚡ 购买能量
button-buy-bandwidth = 📶 购买带宽
button-balance = 💰 余额
button-refresh = 🔄 刷新
button-confirm = ✅ 确认
button-cancel = ✖️ 取消
button-change = ✏️ 修改
button-back = ⬅️ 返回
button-yes = 是
button-no = 否
button-prev = ◀️
button-next = ▶️

conversation-send-text = 请以文本消息发送，或 /cancel。
conversation-use-buttons = 请使用上方的按钮，或 /cancel。

# ── 时长 ──
duration-minute = { $count } 分钟
duration-hour = { $count } 小时
duration-day = { $count } 天

# ── 错误 ──
error-internal = 我这边出了点问题。请重试；如果一直出现，请 /cancel 后重新开始。
error-restarting = 我正在重启，没能完成这一步。请过几秒钟再发送一次。
error-no-key = 您还没有添加市场 API 密钥。请用 /key 添加。
error-insufficient-scope = 此 API 密钥无权执行该操作（访问级别过低）。请在市场控制台创建具有 <b>purchase</b> 权限（管理回调需 <b>full</b>）的密钥，然后用 /key 添加。
error-spend-limit = 此密钥已达到每日消费上限。将于 UTC 00:00 重置，还有 { $hours } 小时 { $minutes } 分钟。可在控制台提高上限。
error-spend-limit-detail = 🚫 这会超出此密钥的每日消费上限：今天（UTC 日）已花费 { $spent }，上限为 { $limit }。将于 UTC 00:00 重置，还有 { $hours } 小时 { $minutes } 分钟。可在控制台提高上限，或使用没有上限的密钥。
error-key-rejected = 市场拒绝了此 API 密钥（可能已被撤销）。请换一个新密钥。
error-key-unreadable = 无法再读取您的 API 密钥（机器人的存储密钥已更换）。请用 /key 重新添加；其他数据均未丢失。
error-insufficient-balance = TRX 余额不足。请充值后重试。
error-provider-failed = 能量供应商未能完成此订单。未扣费：TRX 已退回余额。请重试。
error-checker-unavailable = TRON 网络节点暂时不可用。请一分钟后重试。
error-not-found = 未找到：可能已被删除或属于其他账户。
error-ambiguous = 市场未确认此操作是否成功。重试前请先查看 /rules 或 /orders。
error-marketplace-unreachable = 市场暂时没有响应。请一分钟后重试。
error-marketplace-unexpected = 市场返回了无法读取的内容。请稍后重试。
error-marketplace-too-large = 市场返回的内容远超此请求应有的长度，我已停止读取。请稍后重试；如果一直如此，说明市场出了问题。
error-request-rejected = 市场拒绝了此请求。请检查数值后重试。
error-request-rejected-detail = 市场拒绝了此请求：{ $detail }

# ── Buy (buy-*) and orders (order-*, orders-*) ──
buy-resource-energy = ⚡ 能量
buy-resource-bandwidth = 📶 带宽
buy-ask-resource = 您想购买什么？
buy-ask-address = 请发送接收{ $resource }的 TRON 地址。
buy-ask-address-recent = 请发送接收{ $resource }的 TRON 地址，或在下方选择最近使用的地址。
buy-address-invalid = “{ $text }”不是有效的 TRON 地址（34 个字符，以 T 开头，校验和正确）。请重新发送，或 /cancel。
buy-kept-unreadable = “{ $text }”也不是转账笔数或能量数量：我会在地址之后再问。
buy-address-info = { $address } { $energyLimit ->
    [0] 当前没有能量
   *[other] 当前可用能量 { $energy } / { $energyLimitText }
}，{ $bandwidthLimit ->
    [0] 没有带宽
   *[other] 可用带宽 { $bandwidth } / { $bandwidthLimitText }
}；{ $activation }。
buy-address-activated = 该地址已激活
buy-address-not-activated = 该地址尚未激活，将加收激活费
buy-address-unchecked = （暂时无法读取该地址当前的能量和带宽，将在没有这些信息的情况下继续。）
buy-ask-volume = 为 { $address } 购买多少{ $resource }？请选择或输入数量（如 { $examples }）。允许范围：{ $min } 至 { $max }。
buy-ask-volume-presets = 为 { $address } 购买多少{ $resource }？请点击按 USDT 转账笔数预设的选项（按钮上是该时长的价格），或输入数量（如 { $examples }）。允许范围：{ $min } 至 { $max }。
buy-ask-volume-priced = 为 { $address } 购买多少{ $resource }？请点击数量（按钮上是该时长的价格），或输入数量（如 { $examples }）。允许范围：{ $min } 至 { $max }。
buy-preset-holder = { $count } 笔转账
buy-preset-new-holder = 1 笔转账（对方从未持有 USDT）
buy-preset-button = { $what } · { $duration } · { $price }
buy-preset-button-unpriced = { $what } · { $duration }
buy-transfers-unreadable = “{ $text }”既不是 USDT 转账笔数，也不是能量数量：例如发送 <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code>（两笔转账）或 <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>，或在下方选择。
buy-transfers-out-of-range = { $countText } 笔转账需要 { $volume } 能量，超出允许范围 { $min } 至 { $max }。请在下方选择数量。
buy-volume-one-transfer = { $volume } · 1 笔 USDT 转账
buy-volume-two-transfers = { $volume } · 2 笔转账，或 1 笔转给从未持有 USDT 的地址
buy-volume-transfers = { $volume } · 约 { $count } 笔转账
buy-volume-unreadable = 无法将“{ $text }”识别为数量。请输入数字，如 { $examples }。
buy-volume-out-of-range = { $volume } 超出允许范围：{ $min } 至 { $max }。请选择其他数量。
buy-ask-duration = 租用多长时间？{ $resource }，{ $volume }，地址 { $address }。
buy-duration-unknown = “{ $value }”不是可选的时长（可选：{ $allowed }）。请在下方选择。
buy-resource-unknown = 我不出售“{ $value }”。试试 <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code>（可供 2 笔 USDT 转账的能量），或在下方选择。
buy-resource-unavailable = { $resource }暂不可购买。请稍后再试。
buy-preview-title = <b>预览：{ $resource }</b>
buy-preview-address = 地址：{ $address }
buy-preview-volume = 数量：{ $volume }，时长 { $duration }
buy-preview-price = 价格：{ $price }
buy-preview-breakdown = （基础费用 { $base } + 佣金 { $commission }）
buy-preview-activation = 地址激活费：{ $fee }
buy-preview-burn = 若燃烧 TRX 获取这些能量需 { $burn }：可节省 { $savings }。
buy-preview-total = <b>应付总额：</b>{ $total }
buy-preview-balance = 您的余额：{ $balance } → 下单后：{ $after }
buy-preview-balance-missing = 您的余额：{ $balance }，此订单还差 { $missing }
buy-preview-short = ⚠️ 余额不足：请至少充值 { $shortfall }，然后点击“刷新”。
buy-button-refresh-preview = 🔄 刷新
buy-button-confirm-again = 🔁 再次确认
buy-button-try-again = 🔁 重试
buy-placing = 正在下单…
buy-already-placed = 此订单已下单。
buy-still-placing = 此订单正在下单中：点击“确认”查看结果。
buy-intent-unknown = 此按钮已失效。请用 /buy 重新开始。
buy-intent-rejected = 此订单未能下单。请用 /buy 重新开始。
buy-intent-cancelled = 此预览已取消。请用 /buy 重新开始。
buy-cancelled = 已取消，未下任何订单。
buy-pending-remembered = 我已记下这笔订单：您添加密钥后，我会继续处理。
buy-pending-resumed = 您现在有密钥了，这是您之前要的订单：{ $command }
change-ask = 要修改哪一项？其他选项保持不变。
buy-change-resource = 资源
buy-change-address = 地址
buy-change-volume = 数量
buy-change-duration = 时长
buy-outcome-unknown = ⚠️ 市场没有响应，暂时无法确定订单是否成功。再次点击“确认”是安全的：绝不会产生第二笔订单或重复扣款。
buy-shortfall = 您的余额：{ $balance }。此订单需要 { $needed }：请至少充值 { $shortfall }。
order-card-title = <b>{ $resource }订单</b>
order-card-id = 订单：{ $id }
order-card-status = 状态：{ $status }
order-card-price = 价格：{ $price }
order-card-total = 共扣款：{ $total }
order-card-refunded = ↩️ 订单失败：已扣除的 { $total } 已退回您的余额。
order-card-tx = 交易：{ $tx } · { $link }
order-card-no-tx = 交易：暂无
order-card-time = 下单时间：{ $time }
order-card-refresh-hint = 交付通常需要一两分钟；点击“刷新”查看最新状态。
order-button-buy-again = 🔁 再次购买
order-status-created = 已创建，交付中
order-status-filled = 已完成
order-status-failed = 失败：供应商未能交付
order-status-other = 机器人未知的状态（{ $status }）
orders-title = <b>您的订单</b> · 第 { $page } / { $pages } 页（共 { $total } 个）
orders-line = { $resource } { $volume } · { $duration } → { $address } · { $status } · { $time }
orders-line-firing = { $rule }：{ $volume } · { $duration } → { $address } · { $price } · { $time }
orders-firings-note = 其中包含 { $count } 笔由规则完成的购买，已标明所属规则。
orders-empty = 您还没有订单。使用 /buy 购买能量或带宽。
orders-filter-all = 全部
orders-filter-orders = 仅订单
orders-filter-rules = 仅规则
orders-firings-title = <b>您的规则所做的购买</b> · 第 { $page } / { $pages } 页（共 { $total } 笔）
orders-firings-title-empty = <b>您的规则所做的购买</b>
orders-firings-kept = 市场为每条规则保留最近 50 笔购买。
orders-firings-empty = 您的规则还没有进行过购买。
orders-button-list = 📋 我的订单
orders-refreshed = 已更新。
orders-refresh-unchanged = 暂无变化。

# ── 保存的地址（/addresses，addresses-*） ──
addresses-title = <b>📒 您的地址</b>（第 { $page } 页，共 { $pages } 页）
addresses-hint = 点击地址即可为其购买能量、检查、命名或忘记。有名称的地址，在我询问地址的任何地方都可以按名称选择（输入名称或点击按钮）。
addresses-empty = 您还没有保存的地址。您为其购买能量（或创建规则）的每个地址都会显示在这里。
addresses-energy = ⚡ 当前可用能量 { $energy }
addresses-energy-unknown = ⚡ 能量未知：地址检查服务没有响应
addresses-bandwidth = 📶 当前可用带宽 { $bandwidth }
addresses-used-at = 最近使用：{ $time }
addresses-no-label = <i>未命名</i>
addresses-not-found = 该地址已不在您的列表中。
addresses-button-check = 🔍 检查
addresses-button-rename = ✏️ 重命名
addresses-button-forget = 🗑 忘记
addresses-button-clear-label = 删除名称
addresses-forget-confirm = 忘记 { $name }？它将从列表中移除；再次为它购买能量时会重新出现。
addresses-forget-confirm-named = 忘记 { $name }？它将从列表中移除，名称也会一并丢失。
addresses-button-forget-yes = 🗑 是的，忘记
addresses-button-keep = 保留
addresses-forgotten = 🗑 已忘记 { $name }。
addresses-forgotten-toast = 已忘记
addresses-rename-ask = 请发送 { $address } 的名称（最多 { $max } 个字符），例如：主钱包
addresses-label-empty = 名称为空。请至少发送几个字。
addresses-label-long = 名称太长：最多 { $max } 个字符。
addresses-label-markup = 名称不能包含 &lt;、&gt;、反引号或标记代码（&amp;…;）。请发送纯文本。
addresses-label-taken = 已有另一个地址名为 { $label }。请换一个名称。
addresses-label-saved = ✅ { $address } 现在名为 <b>{ $label }</b>。
addresses-label-cleared = { $address } 现在没有名称了。

# ── Automation rules (/refill, /renewal, /smart, /rules) ──
rules-kind-refill = 自动补充
rules-kind-renewal = 自动续租
rules-kind-smart = 智能模式
rules-status-active = 运行中
rules-status-paused = 已暂停
rules-status-cancelled = 已取消
rules-pause-system = 市场已将其暂停：余额不足以支付一次触发（或已达到密钥的每日消费限额）
rules-pause-user = 您手动暂停了它
rules-status-unknown = 机器人未知的状态（{ $status }）
rules-pause-other = 市场给出的其他原因（{ $reason }）
rules-group-active = 🟢 运行中（{ $count }）
rules-group-paused = ⏸ 已暂停（{ $count }）
rules-group-cancelled = ✖️ 已取消（{ $count }）
rules-group-unknown = ❔ 其他（{ $count }）
rules-part-threshold = 低于 { $volume }
rules-part-volume = { $volume } 能量
rules-part-duration = { $duration }
rules-part-spent = 已花费 { $amount }
rules-part-auto-resume-on = 自动恢复：开
rules-part-auto-resume-off = 自动恢复：关
rules-list-title = <b>⚙️ 您的自动化规则</b>
rules-list-empty = 您还没有规则。用 /refill、/renewal 或 /smart 创建一条。
rules-list-page = 第 { $page } 页，共 { $pages } 页
rules-list-footer = 点按规则即可打开。新建规则：/refill · /renewal · /smart
rules-card-target = 地址：{ $address }
rules-card-threshold = 能量低于此值时触发：{ $volume }
rules-card-volume = 每次交付能量：{ $volume }
rules-card-duration = 交付时长：{ $duration }
rules-card-renewal-schedule = 每天续租一次。
rules-card-smart-schedule = 在地址需要时交付，每次约 131k 能量。
rules-card-pause-reason = 暂停原因：{ $reason }
rules-card-auto-resume-on = 自动恢复：开（因余额用尽而暂停时，充值后规则会自动重新运行）
rules-card-auto-resume-off = 自动恢复：关（暂停后需要您手动恢复）
rules-card-spent = 已花费：{ $amount }
rules-card-created = 创建时间：{ $date }
rules-card-updated = 更新时间：{ $date }
rules-card-id = 编号：{ $id }
rules-card-cancelled-final = 该规则已永久取消。若要继续为此地址自动化，请用 /refill、/renewal 或 /smart 新建规则。
rules-button-pause = ⏸ 暂停
rules-button-resume = ▶️ 恢复
rules-button-cancel = 🗑 取消规则
rules-button-fires = 📜 触发记录
rules-button-back-to-rule = ⬅️ 返回规则
rules-button-cancel-confirm = 🗑 是的，永久取消
rules-button-keep = ⬅️ 不，保留
rules-cancel-confirm = 取消这条规则？此操作<b>不可撤销</b>：已取消的规则无法恢复，只能新建一条。若只想暂时停止，请改用暂停。
rules-note-paused = ⏸ 已暂停。在您恢复之前不会触发。
rules-note-resumed = ▶️ 已恢复。到时会再次触发。
rules-note-cancelled = 🗑 已取消。此操作不可撤销。
rules-note-already-paused = 该规则已经暂停。
rules-note-already-active = 该规则已经在运行。
rules-note-already-cancelled = 该规则已经取消。
rules-note-state-changed = 规则当前的状态不允许此操作。以下是它现在的状态。
rules-not-found = 未找到该规则：它可能属于其他账户或 API 密钥。/rules 会列出您的规则。
rules-fires-title = 📜 触发记录
rules-fires-empty = 该规则还没有触发过。
rules-fires-intro = 最近的触发记录（{ $count } 条），最新的在前；市场最多保留 { $max } 条。
rules-shortfall = 一次触发需要 { $price }，您的余额为 { $balance }。请至少再充值 { $missing }。
rules-shortfall-price = 一次触发需要 { $price }，您的余额为 { $balance }。
auto-cancelled = ✖️ { $kind }：已取消，未创建规则。
auto-intro-refill =
    <b>🔁 新建自动补充规则</b>
    当地址上的能量低于阈值时，自动交付固定数量的能量。
auto-intro-renewal =
    <b>📅 新建自动续租规则</b>
    每天为地址续租同样数量的能量，无论剩余多少。
auto-intro-smart =
    <b>🧠 智能模式</b>
    由供应商判断地址何时需要能量；每次交付约 131k 能量。
auto-ask-address = 请发送接收能量的 TRON 地址（34 个字符，以 T 开头）。
auto-ask-address-recent = 或点选最近使用过的地址：
auto-button-try-again = 🔁 重试
auto-invalid-address = “{ $text }”不是有效的 TRON 地址。地址有 34 个字符并以 T 开头；请检查后重新发送。
auto-ask-threshold = <b>阈值。</b>可用能量低于多少时触发？请发送 { $min } 到 { $max } 之间的数字，例如 65k。
auto-ask-volume = <b>数量。</b>每次交付多少能量？范围 { $min } 到 { $max }。65k 够向已持有 USDT 的地址转一笔 USDT，131k 够向未持有 USDT 的地址转一笔。
auto-ask-renewal-volume = <b>数量。</b>每天续租多少能量？范围 { $min } 到 { $max }。65k 够向已持有 USDT 的地址转一笔 USDT，131k 够向未持有 USDT 的地址转一笔。
auto-invalid-number = 请发送 { $min } 到 { $max } 之间的整数，例如 65000、65k 或 131 000。
auto-out-of-range = { $value } 超出允许范围：请发送 { $min } 到 { $max } 之间的数字。
auto-ask-duration = <b>时长。</b>每次交付租用多长时间？
auto-invalid-duration = 请用按钮选择时长：{ $allowed }。
auto-ask-auto-resume = <b>自动恢复？</b>余额用尽时规则会暂停；开启自动恢复后，充值后会自动重新运行，否则需要您在 /rules 中手动恢复。
auto-preview-title-refill = 🔁 请确认新的自动补充规则
auto-preview-title-renewal = 📅 请确认新的自动续租规则
auto-preview-title-smart = 🧠 请确认智能模式
auto-preview-price = 每次触发费用：{ $price }（基础 { $base } + 佣金 { $commission }）
auto-preview-balance = 您的余额：{ $balance }
auto-what-refill = 每当地址上的可用能量低于 { $minimal } 时，交付 { $volume } 能量，时长 { $duration }，费用从您的 TRX 余额扣除。没有预算上限：规则会一直运行，直到您暂停或取消。
auto-what-renewal = 每天为该地址续租 { $volume } 能量，每次费用从您的 TRX 余额扣除。创建规则需要余额至少够续租一次。
auto-what-smart = 在地址需要时交付约 131k 能量，每次费用从您的 TRX 余额扣除。开启需要余额够交付一次。
auto-preview-short-refill = ⚠️ 您的余额不够触发一次：请至少再充值 { $missing }，否则规则会在第一次触发时暂停。
auto-preview-short-create = ⚠️ 您的余额不够触发一次：请先至少充值 { $missing }，否则市场会拒绝创建。
auto-preview-overlap = ⚠️ 此地址已有{ $rules }。每条规则各自购买能量，它们都可能交付并扣费；如果新规则用来替代旧规则，请在 /rules 中暂停或取消旧规则。
auto-preview-overlap-rule = { $kind }（{ $status }）
auto-created = ✅ 规则已创建。
auto-button-open-rule = ⚙️ 打开规则
auto-change-address = 地址
auto-change-threshold = 阈值
auto-change-volume = 数量
auto-change-duration = 时长
auto-change-auto-resume = 自动恢复
auto-edit-intro-refill =
    <b>✏️ 修改自动补充规则</b>：{ $address }
    每一步都用 ✓ 标出当前的设置：点它即可保留，或者给出新的值。在您确认之前，什么都不会改变。
auto-edit-intro-renewal =
    <b>✏️ 修改自动续租规则</b>：{ $address }
    每一步都用 ✓ 标出当前的设置：点它即可保留，或者给出新的值。在您确认之前，什么都不会改变。
auto-edit-intro-smart =
    <b>✏️ 修改智能模式</b>：{ $address }
    每一步都用 ✓ 标出当前的设置：点它即可保留，或者给出新的值。在您确认之前，什么都不会改变。
auto-edit-cancelled = ✖️ 已取消修改：规则保持不变。
auto-edit-preview-title-refill = ✏️ 请确认修改后的自动补充规则
auto-edit-preview-title-renewal = ✏️ 请确认修改后的自动续租规则
auto-edit-preview-title-smart = ✏️ 请确认修改后的智能模式
auto-edit-today = 当前
auto-edit-today-price = 当前每次触发花费：{ $price }
auto-edit-was-paused = ⏸ 当前已暂停：新规则创建后立即生效（如需等待，请在其卡片上暂停）。
auto-edit-after = 修改后
auto-edit-how = <i>市场无法直接修改规则：确认后我会先创建新规则，再取消这条规则。</i>
auto-edit-how-cap = <i>市场无法直接修改规则：确认后我会先创建新规则，再取消这条规则。最高价格会转到新规则上。</i>
auto-edit-done = ✅ 规则已修改：这条新规则取代了旧规则，旧规则已取消。
auto-edit-both =
    ⚠️ <b>现在两条规则同时存在。</b>下面的新规则已创建，但旧规则未能取消：{ $reason }
    在您取消旧规则之前，它们会各自购买能量。
auto-edit-button-cancel-old = 🗑 取消旧规则
auto-edit-button-open-new = ⚙️ 打开新规则
auto-preview-no-cap = 最高价格：未设置。可选：💲 最高价格会在单次触发费用超过它时暂停规则。
auto-preview-cap-above = ⚠️ 今天单次触发的费用高于您的最高价格：我会在第一次检查时（一分钟内）暂停该规则。
auto-cap-not-saved = ⚠️ 最高价格未能保存：请在规则卡片上用 💲 最高价格重新设置。

# ── 密钥、余额、充值、统计 ──
keys-group-deleted = 我已删除您的消息，但群里其他人可能已经看到了密钥：请在市场后台吊销它并创建新密钥。
keys-group-delete-failed = ⚠️ 我无法删除您的消息。请立即自行删除，并在市场后台吊销该密钥：群里所有人都能看到它。
keys-pasted-offer = 🔐 这看起来像一个 API 密钥（结尾为 { $fingerprint }），所以我删除了您的消息：密钥不应出现在聊天中。要将其保存为您的市场密钥吗？
keys-pasted-button-save = ➕ 保存为我的密钥
keys-pasted-button-drop = ✖️ 不保存
keys-pasted-dropped = 未保存。如果那是密钥，这里不会留下任何内容。
keys-pasted-expired = 该密钥已不再保留（只保留 10 分钟）。发送 /key 添加密钥。
keys-pasted-other-secret = 🔐 这看起来像一个密钥，所以我删除了您的消息。连接回调端点请用 /webhook；添加 API 密钥请用 /key。
keys-pasted-group-deleted = 🔐 我删除了一条看起来像密钥的消息。群里其他人可能已经看到：请在市场控制台中撤销它并新建一个。
keys-prompt =
    🔑 请把您的市场 <b>API 密钥</b>作为消息发给我。我会立即删除您的消息，并加密保存密钥；只会显示它的最后 4 个字符。

    在市场后台创建密钥：设置 → API 密钥。具有 <b>purchase</b> 权限的密钥可以购买能量和运行规则；<b>read</b> 密钥只能查看。
keys-delete-failed = ⚠️ 我无法删除您的消息，请您自行删除。
keys-checking = 🔎 正在向市场验证密钥…
keys-button-try-again = 🔑 重试
keys-invalid-shape = 这看起来不像 API 密钥：密钥是一段 { $min }–{ $max } 个字符的文本，不含空格或换行。未保存任何内容。
keys-duplicate = 此密钥（<code>{ $fingerprint }</code>）已经添加过了。没有任何更改。
keys-rejected = ❌ 市场拒绝了此密钥：可能输入有误、已被吊销或属于其他账户。未保存任何内容。
keys-nothing-stored = 未保存任何内容。
keys-saved = ✅ 密钥 <code>{ $fingerprint }</code> 有效，已保存。{ $default ->
    [yes] 它现在是您的默认密钥。
   *[no] 您的默认密钥保持不变；可以在 /keys 中更改。
}
keys-access = { $scope ->
    [read] 👁 此密钥只能读取：价格、余额、订单和规则。不能购买或更改任何内容。
    [purchase] 🛒 此密钥可以购买能量和运行规则，但不能管理回调。
   *[full] 🔓 此密钥拥有完全权限：购买、规则和回调。
}
keys-label-ask-new = 请为它发送一个名称（例如<i>主要</i>或<i>交易</i>），以便区分您的密钥，或点击“跳过”。
keys-label-later = 稍后可以在 /keys 中为它命名。
keys-label-cancelled = 密钥已保存，未命名。稍后可在 /keys 中命名。
keys-label-ask-rename = 请为密钥 <b>{ $name }</b> <code>{ $fingerprint }</code> 发送新名称。
keys-button-skip = 跳过
keys-label-skipped = 好的，此密钥没有名称。稍后可以在 /keys 中添加。
keys-label-invalid = 名称为一行，长度 1 到 { $max } 个字符。请重新发送，或 /cancel。
keys-label-saved = ✅ 密钥 <code>{ $fingerprint }</code> 已命名为 <b>{ $name }</b>。
keys-ready = 一切就绪：查看 /balance 或通过 /buy 购买能量。
keys-not-found = 该密钥已不存在。
keys-no-label = （无名称）
keys-list-empty = 您还没有 API 密钥。添加一个即可购买能量、运行规则并查看余额。
keys-list-title = 🔑 <b>您的 API 密钥</b>
keys-default-badge = ⭐ <i>默认</i>
keys-added-on = 添加于 { $date }
keys-cannot = ⚠️ { $lacks ->
    [purchase] 只读：不能购买、运行规则或管理回调
   *[full] 不能管理回调
}
keys-list-footer = 您在这里的所有操作都使用默认密钥。
keys-button-make-default = ⭐ 设 { $fingerprint } 为默认
keys-button-rename = ✏️ 重命名 { $fingerprint }
keys-button-remove = 🗑 删除 { $fingerprint }
keys-button-add = ➕ 添加密钥
keys-remove-confirm = 删除密钥 <b>{ $name }</b> <code>{ $fingerprint }</code>？此操作无法撤销。
keys-button-remove-yes = 🗑 是的，删除
keys-removed = 🗑 密钥 <code>{ $fingerprint }</code> 已删除。
keys-now-default = ⭐ 密钥 <code>{ $fingerprint }</code> 现在是您的默认密钥。
keys-error-scope-op = 🚫 此 API 密钥不能{ $operation }：权限级别太低。请在市场后台（设置 → API 密钥）创建具有<b>{ $scope ->
    [purchase] 购买权限
   *[full] 完全权限
}</b>（或更高）的密钥，然后通过 /key 添加。
keys-scope-op-orders = 下单
keys-scope-op-rules = 创建或修改自动化规则
keys-scope-op-webhooks = 管理回调
keys-default-cannot = 🚫 您的默认密钥 <code>{ $fingerprint }</code> 不能{ $operation }：{ $lacks ->
    [purchase] 它只能读取，不能购买。
   *[full] 它没有完全权限。
}
keys-pick-other = 请改用您的其他密钥（它将成为默认密钥）：
keys-no-other = 您没有其他能执行此操作的密钥。请添加一个具有<b>{ $scope ->
    [purchase] 购买权限
   *[full] 完全权限
}</b>的密钥（在控制台创建：设置 → API 密钥）。
keys-button-use = ⭐ 使用 { $name }
keys-offer-default = 您的默认密钥 <code>{ $fingerprint }</code> 不能{ $operation }；新密钥没有因此被拒绝过。要设为默认密钥吗？
keys-button-make-new-default = ⭐ 将新密钥设为默认
balance-title = 💰 <b>您的余额</b>
balance-trx = TRX：{ $amount }
balance-usdt = USDT：{ $amount }
runway-transfers = { $count ->
    [0] ⚡ 按今天 1 小时能量的价格（每笔 { $price }），余额不够一笔 USDT 转账：请充值 TRX 以购买能量。
   *[other] ⚡ 按今天 1 小时能量的价格（每笔 { $price }），约够 { $countText } 笔 USDT 转账。
}
runway-rules = { $days ->
    [0] ⚙️ 您的有效规则每天约花费 { $daily }：余额已不够一天。
   *[other] ⚙️ 您的有效规则每天约花费 { $daily }：约够 { $daysText } 天。
}
balance-updated = <i>更新于 { $time }</i>
balance-refreshed = 余额已更新
balance-unchanged = 自上次更新以来没有变化
deposit-title = 💳 <b>充值</b>
deposit-network = 网络：{ $network }
deposit-address = 地址：{ $address }
deposit-minimums = 最低金额：{ $minimums }
deposit-note = 请仅通过 { $network } 向此地址转账；低于最低金额的转账不会入账。充值会自动计入您的余额。
deposit-button-copy = 📋 复制地址
stats-title = 📊 <b>统计</b>
stats-orders = 已下订单：{ $count }
stats-rule-firings = 规则完成的购买：{ $count }（已计入下方）
stats-energy = ⚡ <b>能量</b>
stats-bandwidth = 📶 <b>带宽</b>
stats-this-month = 本月：{ $volume }
stats-all-time = 累计：{ $volume }
stats-average = 平均价格：每单位 { $sun } SUN
stats-no-deliveries = 平均价格：尚无交付
stats-empty = 尚无交付，因此暂无图表。订单完成后，这里会显示您收到的能量和带宽、每单位的价格，以及 14 天图表。
stats-empty-orders = 已下订单：{ $count }（尚无完成的订单；/orders 可查看其状态）。
stats-daily = 最近 14 天：{ $sparkline }
stats-chart-legend = 🟧 能量 · 🟦 带宽：最近 14 天每个 UTC 日的交付量。
stats-chart-energy = 能量
stats-chart-bandwidth = 带宽
stats-button-orders = 📋 订单

# ── 地址检查 (check-*, address-*)、内联模式 (inline-*)、博客 (blog-*) ──
check-usage = 请发送 <code>/check</code> 加一个 TRON 地址，例如 <code>/check TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY</code>。
check-ask-address = 请发送要检查的 TRON 地址。地址以 T 开头，共 34 个字符。发送 /cancel 取消。
check-invalid-address = { $input } 不是有效的 TRON 地址。地址以 T 开头，共 34 个字符。
check-bad-checksum = { $input } 看起来像 TRON 地址，但校验和不匹配：可能有一个字符输错了。请重新复制地址。
check-button-invalid = 该地址无效。
check-title = 🔍 地址 { $address }
check-activated = ✅ 已激活
check-not-activated = ⚠️ 未激活：向它的第一笔转账还需支付约 { $fee } 的激活费。
check-energy-title = ⚡ <b>能量</b>
check-bandwidth-title = 📶 <b>带宽</b>
check-resource-line = 上限 { $limit } · 已用 { $used } · 可用 <b>{ $available }</b>
check-covers-title = <b>足够用于</b>
check-covers-holder = • { $countText } 笔 USDT 转账到已持有 USDT 的地址（每笔约 { $per } 能量）
check-covers-new-holder = • { $countText } 笔 USDT 转账到未持有 USDT 的地址（每笔约 { $per } 能量）
check-covers-bandwidth = • { $countText } 笔转账所需的带宽（每笔约 { $per }）
check-covers-none = 能量不足以完成一笔 USDT 转账：没有能量时网络会燃烧 TRX。购买能量可以省钱。
check-checked-at = 检查时间 { $time }
address-detected = { $address } 是一个 TRON 地址。要检查它的能量和带宽，还是为它购买能量？
address-found-in-text = 我在您的消息中找到一个 TRON 地址：{ $address }。要检查它的能量和带宽，还是为它购买能量？
address-button-check = 🔍 检查
inline-result-title = 🔍 检查 { $address }
inline-result-description = 能量 { $energy } · 带宽 { $bandwidth } · USDT 转账：{ $transfers } 笔
inline-type-address = 输入 TRON 地址（T…）进行检查
inline-invalid-address = 不是有效的 TRON 地址：请检查后重试
inline-check-failed = 无法检查 { $address }
blog-usage = 请发送 /blog 加文章的短名称（文章网址的最后一段），例如 { $example }。
blog-latest = 📰 <b>最新文章</b>：点击即可在这里阅读。
blog-not-found = 没有短名称为 { $slug } 的文章。请检查短名称：它是文章网址的最后一段，由字母、数字和连字符组成，例如 <code>how-to-save-on-usdt-fees</code>。不同语言中文章的短名称可能不同：英文网站上的短名称在任何语言下都可用，/language 可更改我显示文章所用的语言。
blog-not-translated = <i>本文尚未翻译成您的语言，以下为英文版。</i>
blog-page = <i>第 { $page } 页，共 { $pages } 页</i>
blog-page-expired = 这些页面已过期：请重新发送 /blog 加文章名称。
blog-page-gone = 这篇文章已不存在。

# ── Pushed notices (notice-*), /webhook (webhook-*), /settings (settings-*) ──
notice-resource-energy = 能量
notice-resource-bandwidth = 带宽
notice-order-what = { $volume } { $resource }，时长 { $duration }
notice-order-what-no-duration = { $volume } { $resource }
notice-order-what-id = 订单 { $order }
notice-order-filled = ✅ <b>订单已完成</b>：{ $what }
notice-order-failed = ❌ <b>订单失败</b>：{ $what }
notice-line-target = 接收地址：{ $address }
notice-line-charged = 扣费：{ $amount }
notice-line-tx = 交易：{ $tx } · <a href="{ $url }">Tronscan</a>
notice-order-refunded = { $amount } 已退回您的余额。
notice-order-refunded-unknown = 为此扣除的 TRX 已退回您的余额。
notice-rule-paused = ⏸ <b>规则已暂停</b>：{ $rule }（{ $address }）。余额不足以支付下一次触发。
notice-rule-paused-need = 请至少再充值 { $missing }：一次触发需要 { $price }，您的余额为 { $balance }。
notice-rule-paused-limit = ⏸ <b>规则已暂停</b>：{ $rule }（{ $address }）。您的余额（{ $balance }）足以支付下一次触发（{ $price }），因此可能的原因是此密钥的每日消费上限：它在 UTC 00:00 重置，还有 { $hours } 小时 { $minutes } 分钟。您可以在市场控制台中提高上限。
notice-rule-auto-resume-on = 自动恢复已开启：充值后规则会自动重新运行。
notice-rule-auto-resume-off = 自动恢复已关闭：充值后请在 /rules 中恢复规则。
notice-rules-paused = ⏸ <b>已暂停 { $count } 条规则</b>：余额不足以支付它们的下一次触发。
notice-rules-paused-line = • { $rule }（{ $address }）：每次触发 { $price }，自动恢复{ $autoResume ->
    [on] 已开启
   *[off] 已关闭
}
notice-rules-paused-line-unpriced = • { $rule }（{ $address }），自动恢复{ $autoResume ->
    [on] 已开启
   *[off] 已关闭
}
notice-rules-paused-need = 请至少再充值 { $missing }：它们的下一次触发共需 { $price }，您的余额为 { $balance }。开启自动恢复的规则会在充值后自行启动；其他规则请在 /rules 中恢复。
notice-rules-paused-limit = 您的余额（{ $balance }）足以支付它们的下一次触发（{ $price }），因此很可能是此密钥的每日消费限额所致：限额在 UTC 00:00 重置，还有 { $hours } 小时 { $minutes } 分钟。
notice-button-rules = ⚙️ 我的规则
notice-rule-resumed = ▶️ <b>规则已恢复</b>：{ $rule }（{ $address }）重新生效。
notice-rule-fired = ⚡ <b>规则已触发</b>：{ $rule } 向 { $address } 交付了 { $volume } 能量，费用 { $price }。
notice-balance-low = 💰 您的余额为 { $balance }，低于您设置的提醒金额 { $threshold }。
notice-webhook-ping = 🔔 收到来自市场的测试事件，签名验证通过：回调通知工作正常。
notice-button-open-rule = ⚙️ 打开规则
notice-button-open-order = 📄 订单
notice-button-buy-again = 🔁 再次购买
webhook-no-public-url = 此机器人无法使用回调通知：运营者需要设置 PUBLIC_URL（市场访问机器人的地址）。没有回调时，订单完成和失败的通知仍会送达，只是稍晚一些。
webhook-setup-steps =
    🔔 <b>通过回调即时通知</b>

    您的专属接收地址：
    { $url }

    1. 在市场控制台中打开“设置 → 回调”，用这个地址创建一个回调端点。
    2. 选择事件 <b>order.filled</b> 和 <b>order.failed</b>。
    3. 把该端点的<b>编号</b>发给我（形如 1b4e28ba-2fa1-11d2-883f-0016d3cca427）。
webhook-sandbox-creating = 🔔 本机器人连接的是<b>沙盒</b>市场，它没有控制台，所以我为您创建回调端点（接收地址 { $url }）并请求一个测试事件；最多等待 { $seconds } 秒…
webhook-setup-bad-id = 这不是端点编号：编号形如 1b4e28ba-2fa1-11d2-883f-0016d3cca427。请从控制台复制后重新发送，或发送 /cancel。
webhook-setup-ask-secret-standard = 端点 { $id } 已保存。现在请发送该端点的<b>签名密钥</b>（以 <code>whsec_</code> 开头）。我会立即删除您的消息，并加密保存密钥。
webhook-setup-ask-secret = 端点 { $id } 已保存。现在请发送该端点的<b>签名密钥</b>。我会立即删除您的消息，并加密保存密钥。
webhook-secret-not-deleted = ⚠️ 我无法删除包含密钥的消息：请您自行删除。
webhook-secret-bad-standard = 这看起来不像签名密钥：它是一段以 <code>whsec_</code> 开头的文本。未保存任何内容。发送 /webhook 重试。
webhook-secret-bad = 这看起来不像签名密钥（一段不含空格的文本）。未保存任何内容。发送 /webhook 重试。
webhook-secret-saved = 🔐 密钥已加密保存。正在请求市场发送测试事件，最多等待 { $seconds } 秒…
webhook-ping-verified = ✅ <b>已连接</b>：测试事件已到达，签名验证通过。订单完成和失败的通知现在会即时送达。
webhook-ping-unverified = ⚠️ 测试事件已到达，但其签名与您发送的密钥不匹配。请重新完整复制端点的密钥，然后点击“管理端点”→“更换端点”。
webhook-ping-timeout =
    ⌛ { $seconds } 秒内没有收到测试事件。请检查：
    • 端点的地址正好是 { $url }，并且机器人可以从互联网访问；
    • 端点已启用，并已选择事件 order.filled 和 order.failed；
    • 密钥已完整复制。
    然后点击“再次测试”。
webhook-status-title = 🔔 <b>回调通知</b>
webhook-status-url = 接收地址：{ $url }
webhook-status-endpoint = 端点编号：{ $id }
webhook-status-no-events = 最近事件：尚未收到。
webhook-status-last-verified = 最近事件：{ $type }，{ $time } · ✅ 签名已验证
webhook-status-last-unverified = 最近一次投递：{ $time } · ⚠️ 签名未通过验证
webhook-status-notices-on = 通知：开启
webhook-status-notices-off = 通知：关闭（仍接收事件，但不推送任何消息）
webhook-button-test = 🔁 再次测试
webhook-button-notices-off = 🔕 关闭通知
webhook-button-notices-on = 🔔 开启通知
webhook-button-change = ✏️ 更换端点
webhook-button-delete = 🗑 删除端点
webhook-button-delete-confirm = 🗑 是的，删除
webhook-button-manage = ⚙️ 管理端点
webhook-delete-confirm = 删除回调端点？市场将停止向机器人投递事件，端点的密钥也会丢失：新的端点需要新的密钥。
webhook-deleted = 🗑 回调端点已删除。没有它，订单完成和失败的通知仍会稍晚送达。发送 /webhook 可重新设置。
webhook-none = 您还没有回调端点。发送 /webhook 进行设置。
webhook-notices-turned-on = 通知已开启
webhook-notices-turned-off = 通知已关闭
webhook-test-started = 已请求测试事件：最多等待 { $seconds } 秒…
settings-title = ⚙️ <b>设置</b>
settings-notices-on = 🔔 通知：<b>开启</b>（订单完成、失败、规则暂停和提醒会推送到这里）
settings-notices-off = 🔕 通知：<b>关闭</b>（不会向您推送任何消息）
settings-fires-on = ⚡ 每次规则触发都通知：<b>开启</b>
settings-fires-off = ⚡ 每次规则触发都通知：<b>关闭</b>
settings-alert-none = 💰 余额提醒：<b>关闭</b>
settings-alert-value = 💰 余额提醒：余额低于 { $amount } 时
settings-button-notices-off = 🔕 关闭通知
settings-button-notices-on = 🔔 开启通知
settings-button-fires-off = ⚡ 不通知每次触发
settings-button-fires-on = ⚡ 通知每次触发
settings-button-alert-set = 💰 设置余额提醒
settings-button-alert-change = 💰 修改提醒金额
settings-button-alert-clear = ✖️ 关闭提醒
settings-button-open = ⚙️ 设置
settings-alert-off-word = 关闭
settings-alert-ask = 请发送 TRX 金额：当余额低于该金额时我会提醒您一次（例如 <code>50</code> 或 <code>12.5</code>）。发送 <code>关闭</code> 或 <code>off</code> 可关闭提醒。
settings-alert-bad = 请发送大于 0、最多 6 位小数的 TRX 金额，例如 50 或 12.5，或发送 <code>关闭</code>。
settings-alert-set = ✅ 余额提醒已设置：低于 { $amount }。
settings-alert-cleared = 余额提醒已关闭。
settings-toast-notices-on = 通知已开启
settings-toast-notices-off = 通知已关闭
settings-toast-fires-on = 每次触发通知：开启
settings-toast-fires-off = 每次触发通知：关闭

# ── 仅限私聊 ──
private-only = 此功能需在与我的私聊中使用，以保护您的账户隐私。点击下方按钮，在私聊中发送该命令。
private-only-open = 打开私聊
private-only-button = 此按钮仅在其所有者与我的私聊中可用。
menu-outdated = 此卡片已过期，我已刷新。请再点一次。
working = ⏳ 正在处理…
still-working = ⏳ 仍在处理您上一次的点击，请稍候。

# ── 在错误步骤输入的密钥 ──

# ── 购买：过期的预览（buy-expired-*） ──
buy-expired-toast = 价格已刷新：请查看新的预览。
buy-expired-note = 🔄 该预览已超过 { $minutes } 分钟，因此未下单。以下是当前价格：请核对总额后点击确认。

# 余额监控发现的充值（不是退款造成的余额增加）
notice-deposit-trx = 💰 已到账 { $amount }；您的余额为 { $balance }。
notice-deposit-usdt = 💰 您的市场钱包已到账 { $amount }。

# /alert：价格提醒
alert-title = 🔔 <b>价格提醒</b>
alert-none = 还没有提醒。添加一个：当能量价格低于您设定的价格时，我会通知您一次。
alert-how = 价格低于您的设定时我通知一次；价格回升到设定之上后才会再次通知。
alert-what = { $volume } 能量 · { $duration }
alert-line-waiting = { $n }. { $what } 低于 { $price }：等待中
alert-line-told = { $n }. { $what } 低于 { $price }：已通知；等待价格回升
alert-button-remove = ✖️ { $n }
alert-button-new = ➕ 新建提醒
alert-button-list = 🔔 我的提醒
alert-removed = 提醒已删除。
alert-ask-what = 要关注哪种能量？（65,000 能量可支付一笔 USDT 转账。）
alert-ask-price = { $what }：价格低于多少时通知您？请发送 TRX 金额（例如 <code>3.5</code>）。
alert-bad-price = 这不是大于 0 的 TRX 金额（例如 <code>3.5</code>）。
alert-saved = ✅ 提醒已设置：当 { $what } 的价格低于 { $price } 时通知您。
alert-too-many = 您已有 5 个提醒：请先删除一个。
notice-price-alert = 📉 { $volume } 能量 { $duration } 现价 { $price }，低于您的提醒价 { $below }。
notice-price-alert-buy = ⚡ 为 { $address } 购买 · { $price }
notice-price-alert-list = 🔔 我的提醒

## /statement：按密钥的月度账单 (issue 32, item 6)
command-statement =
    .description = 月度账单：购买、支付与节省的 TRX、图表和 CSV
statement-title = 📒 <b>账单</b>：{ $month }（UTC）
statement-no-keys = 请先添加 API 密钥：账单统计用您的密钥进行的购买。
statement-key-nothing = 本月没有购买。
statement-purchases = 订单：{ $orders } · 规则购买：{ $firings }
statement-volumes = 能量：{ $energy } · 带宽：{ $bandwidth }
statement-paid = 已支付：{ $trx }
statement-burn = { $count } 笔购买中有 { $known } 笔若改为燃烧 TRX 将花费 { $trx }：您节省了 { $saved }
statement-burn-unknown = 燃烧 TRX 的费用：这些购买未记录
statement-average-energy = 能量平均价格：每单位 { $sun } SUN
statement-average-bandwidth = 带宽平均价格：每单位 { $sun } SUN
statement-top = 主要地址：
statement-top-line = • { $address }：{ $count } 笔购买，{ $trx }
statement-firings-missing = ⚠️ 暂时无法读取您规则的购买：只统计了订单。
statement-key-removed = 已删除的密钥
statement-empty = 本月没有购买。通过本机器人下的订单和您规则的购买会显示在这里。
statement-note = 统计范围：通过本机器人下的订单（失败的订单已退款，不计入）和您规则的购买，按 UTC 时间。
statement-button-files = 📎 图表和 CSV
statement-chart-energy = 能量
statement-chart-bandwidth = 带宽
statement-chart-caption = 📊 { $month }：每个 UTC 日购买的能量和带宽。
statement-csv-caption = 📎 { $month }：每笔购买一行，可用电子表格打开。
statement-bad-month = 此按钮已过期：请发送 /statement。
statement-more-keys = …还有 { $count } 个密钥：CSV 中有全部购买。
settings-statement-on = 📒 每月 1 日的月度账单：<b>开</b>
settings-statement-off = 📒 每月 1 日的月度账单：<b>关</b>
settings-button-statement-on = 📒 每月 1 日发送账单
settings-button-statement-off = 📒 不发送月度账单
settings-toast-statement-on = 月度账单：开
settings-toast-statement-off = 月度账单：关
notice-statement = 📒 您 { $month } 的账单已准备好：按密钥的购买、支付与节省的 TRX、图表和 CSV 文件。
notice-statement-button = 📒 获取账单

## 机器人为每个密钥设置的月度预算（/keys），不是市场的每日消费限额
keys-budget-none = 💰 月度预算：未设置。
keys-budget-line = 💰 月度预算：{ $month }（UTC）已花费 { $spent }，共 { $budget }，{ $percent }%。
keys-budget-reached-line = 🛑 预算已用完：因预算暂停的规则 { $paused } 条；在此聊天中下单前会先询问你。
keys-budget-explain = <i>机器人的预算统计此密钥在这里下的订单及其规则在本月（UTC）的触发：80% 时提醒，100% 时暂停规则。市场为密钥设置的每日消费限额是另一回事。</i>
keys-button-budget-set = 💰 设置月度预算
keys-button-budget-change = 💰 修改预算
keys-button-budget-remove = ✖️ 不设预算
keys-budget-ask = 💰 请发送密钥 { $key } 的月度预算（TRX，例如 <code>100</code>）。我统计它在这里下的订单及其规则在本月（UTC）的触发：到 80% 提醒你，到 100% 暂停它的规则，并在每笔订单前先询问你。市场的每日消费限额保持不变。
keys-budget-bad = 这不是 TRX 金额。请发送类似 <code>100</code> 或 <code>12.5</code> 的预算，或点击“不设预算”。
keys-budget-off-word = 关
keys-budget-saved = ✅ 密钥 { $key } 的月度预算：{ $budget }。我因预算暂停的规则，如果现在预算允许，会在一分钟内恢复。
keys-budget-removed = 密钥 { $key } 现在没有月度预算。我因预算暂停的规则会在一分钟内恢复。
buy-budget-reached = 🛑 <b>此密钥的月度预算已用完</b>：{ $month }（UTC）已花费 { $spent }，共 { $budget }，所以我不会自行用它下单。你可以仍然下这一单，或在 /keys 中提高预算。（这是机器人的预算，不是市场的每日消费限额。）
buy-budget-reached-toast = 月度预算已用完
buy-button-budget-override = ⚠️ 仍然下这一单
notice-budget-warning = 💰 密钥 { $key } 已用掉月度预算的 { $percent }%：{ $month }（UTC）已花费 { $spent }，共 { $budget }。到 100% 时我会暂停它的规则，并在每笔订单前先询问你。
notice-budget-not-daily-limit = <i>这是机器人的月度预算（/keys），不是市场的每日消费限额。</i>
notice-budget-reached = 🛑 密钥 { $key } 的<b>月度预算已用完</b>：{ $month }（UTC）已花费 { $spent }，共 { $budget }。
notice-budget-paused = ⏸ 因预算暂停（{ $count }）：
notice-budget-rule-line = • { $rule }，地址 { $address }
notice-budget-orders-ask = 现在在此聊天中用此密钥下单会先询问你。
notice-budget-resume-when = 我暂停的规则会在每月 1 日（UTC）恢复，或在你于 /keys 中提高预算后立即恢复。
notice-budget-resumed = ▶️ <b>预算再次允许</b>：密钥 { $key } 中我因预算暂停的 { $count } 条规则已重新启用。
rules-card-paused-for-budget = 因预算暂停：此密钥的月度预算（/keys）已用完。我会在每月 1 日（UTC）或你提高预算后立即恢复它；预算仍用完时，手动恢复会再次被暂停。

# ── /announce (the operators' announcements), /stop, and their /settings toggle ──
announce-ask = 请发送公告内容。每位接收公告的用户都会收到与您在此发送的完全相同的内容;发送前您会先看到预览。
announce-too-long = 内容太长,一条消息最多 { $max } 个字符。请发送更短的内容。
announce-not-text = 请以文字形式发送公告。
announce-button-send = 📣 发送给 { $count } 位用户
announce-button-cancel = ✖️ 取消
announce-button-refresh = 🔄 刷新
announce-cancelled = 公告已取消:没有人收到。
announce-gone = 此公告已发送或已取消。
announce-progress = 📣 <b>公告发送中</b>:已发送 { $sent },已屏蔽 { $blocked },失败 { $failed },剩余 { $waiting }。
announce-done = 📣 <b>公告已发送</b>:送达 { $sent },屏蔽机器人 { $blocked },失败 { $failed }。
settings-announcements-on = 📣 机器人团队的公告:<b>开</b>
settings-announcements-off = 📣 机器人团队的公告:<b>关</b>
settings-button-announcements-off = 📣 不接收公告
settings-button-announcements-on = 📣 接收公告
settings-toast-announcements-on = 公告已开启
settings-toast-announcements-off = 公告已关闭
stop-done = 📣 您将不再收到机器人团队的公告。您的订单通知不受影响。如需重新接收公告,请在 /settings 中开启。

## 规则每次触发的最高价格（/rules 中的规则卡片）
rules-button-cap = 💲 最高价格
rules-button-cap-off = ✖️ 不设最高价格
rules-button-edit = ✏️ 修改
rules-cap-ask = 💲 请发送此规则每次触发最多可花费的金额（TRX，例如 <code>5</code>）。我每分钟检查一次价格：高于它时暂停规则，价格回落到它以下时，如果规则开启了自动恢复，就恢复规则。
rules-cap-price-now = 现在每次触发花费 { $price }。
rules-cap-bad = 这不是 TRX 金额。请发送类似 <code>5</code> 或 <code>4.5</code> 的价格，或点击“不设最高价格”。
rules-cap-off-word = 关
rules-cap-saved = ✅ 已设置最高价格：每次触发 { $cap }。
rules-cap-removed = 此规则现在没有最高价格。
rules-card-cap = 最高价格：每次触发 { $cap }{ $per }
rules-card-cap-paused = ⏸ 因高于你的价格而暂停：一次触发的花费超过了你的最高价格，所以我暂停了它。
rules-card-cap-between = <i>每分钟检查一次：两次检查之间的触发仍可能更贵。</i>
notice-cap-per-65k = {" "}（每 65,000 能量 { $price }）
notice-cap-paused = ⏸ <b>规则因高于你的价格而暂停</b>：{ $rule }，地址 { $address }。现在每次触发花费 { $price }{ $per }，你的最高价格是 { $cap }。
notice-cap-resumes = 价格回落到最高价格以下后我会恢复它（已开启自动恢复）。
notice-cap-resume-yourself = 它的自动恢复已关闭：价格合适时请在 /rules 中恢复它。
notice-cap-resumed = ▶️ <b>规则已恢复</b>：{ $rule }，地址 { $address }。现在每次触发花费 { $price }{ $per }，低于你的最高价格 { $cap }。

## /batch：一次为多个地址购买能量（issue 33）
batch-ask-addresses = <b>为多个地址购买能量</b>
    点击已保存的地址进行勾选，然后点击“继续”。或者发送地址，每行一个，可在地址后附上该地址的数量：
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    最多 { $max } 个地址；也可以用已保存的名称代替地址。
batch-ask-addresses-typed = <b>为多个地址购买能量</b>
    请发送地址，每行一个，可在地址后附上该地址的数量：
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    最多 { $max } 个地址。
batch-button-continue = ➡️ 继续（{ $count } 个地址）
batch-button-several = 📋 多个地址
batch-bad-lines = 以下 { $count } 行未被接受，没有任何更改：
batch-bad-address = 第 { $line } 行：“{ $text }”既不是有效的 TRON 地址，也不是您保存的名称。
batch-bad-duplicate = 第 { $line } 行：“{ $text }”与列表中已有的地址重复。
batch-bad-volume-unreadable = 第 { $line } 行：无法识别“{ $text }”中的数量。请写成 { $examples } 这样的形式。
batch-bad-volume-range = 第 { $line } 行：{ $volume } 超出允许范围：{ $min } 至 { $max }。
batch-empty = 请至少发送一个地址，每行一个。
batch-too-many = 这是 { $count } 个地址，一批最多 { $max } 个。请减少数量。
batch-ask-volume = 这 { $count } 个地址每个需要多少能量？请选择或输入数量（如 { $examples }）。允许范围：{ $min } 至 { $max }。{ $own ->
    [0] {""}
   *[other] 自带数量的行保持其数量。
}
batch-volume-own = 每行各自的数量
batch-ask-duration = 租用多长时间？为 { $count } 个地址购买能量，{ $volume }。
batch-preview-title = <b>预览：为 { $count } 个地址购买能量</b>，{ $duration }
batch-preview-line = { $n }. { $address }：{ $volume }，{ $price }
batch-preview-line-activation = { $n }. { $address }：{ $volume }，{ $price }（含地址激活费 { $fee }）
batch-preview-total = <b>应付总额：</b>{ $total }
batch-preview-balance = 您的余额：{ $balance } → 下单后：{ $after }
batch-preview-balance-missing = 您的余额：{ $balance }，这些订单还差 { $missing }
batch-preview-short = ⚠️ 余额不足以支付全部订单：请至少充值 { $shortfall }，然后点击“刷新”。
batch-preview-note = “确认”会为每个地址各下一个订单。再次点击绝不会重复下单。
batch-button-confirm = ✅ 确认 { $count } 个订单
batch-button-orders = 📋 我的订单
batch-placing = 正在下单…
batch-already-done = 这些订单已经下过了。
batch-unknown = 此按钮已失效。请用 /batch 重新开始。
batch-was-cancelled = 此批次已取消。请用 /batch 重新开始。
batch-cannot-cancel = 这些订单正在下单或已经下单：没有可取消的内容。
batch-cancelled = 已取消。未下任何订单。
batch-expired-note = 🔄 该预览已超过 { $minutes } 分钟，因此未下任何订单。以下是当前价格：请核对总额后点击“确认”。
batch-result-title = <b>为 { $count } 个地址购买能量</b>，{ $duration }
batch-result-placed = ✅ { $n }. { $address }：{ $volume }，{ $total }，订单 { $id }
batch-result-refused = ❌ { $n }. { $address }：{ $volume } 未下单。{ $reason }
batch-result-over-budget = ❌ { $n }. { $address }：{ $volume } 未下单：此密钥的月度预算已用完（见 /keys）。
batch-result-unknown = ⚠️ { $n }. { $address }：{ $volume }，市场尚未答复。
batch-result-not-placed = ⏹ { $n }. { $address }：{ $volume } 未下单。
batch-result-summary = 已下单 { $placed } / { $count }。
batch-result-unknown-note = 部分订单尚无答复：再次点击“确认”是安全的，绝不会重复下单或重复扣款。

# /schedule：定时购买（issue 33 第 4 项）
schedule-title = 🗓 <b>定时购买</b>
schedule-none = 还没有定时购买。添加一个，我会在你选择的日期和时间购买能量，例如每个工作日 09:00。
schedule-how = 每个时间点只执行一次。如果在预定时间后 10 分钟内未能执行，我会跳过并通知你；余额、你的价格上限、密钥的预算或每日限额不允许时，我也会跳过并通知你。
schedule-when = { $days } { $time }（{ $zone }）
schedule-what = { $volume } 能量 · { $duration }
schedule-days-every = 每天
schedule-days-weekdays = 工作日
schedule-line = { $n }. ▶️ { $what }，给 { $address }，{ $when }
schedule-line-paused = { $n }. ⏸ { $what }，给 { $address }，{ $when }：已暂停
schedule-line-next = 下次：{ $next }
schedule-line-failures-only = 仅在失败或跳过时通知。
schedule-last-placed = 上次 { $at }：已下单
schedule-last-skipped = 上次 { $at }：已跳过（{ $reason }）
schedule-last-failed = 上次 { $at }：失败（{ $reason }）
schedule-last-running = 上次 { $at }：进行中
schedule-reason-late = 太晚了
schedule-reason-balance = 余额不足
schedule-reason-budget = 已达月度预算
schedule-reason-cap = 每日消费限额
schedule-reason-key = 密钥不存在或无购买权限
schedule-reason-refused = 市场拒绝
schedule-reason-unknown = 无应答
schedule-button-pause = ⏸ { $n }
schedule-button-resume = ▶️ { $n }
schedule-button-delete = ✖️ { $n }
schedule-button-new = ➕ 新建定时购买
schedule-button-list = 🗓 我的定时购买
schedule-paused = 定时购买 { $n } 已暂停。
schedule-resumed = 定时购买 { $n } 已恢复。
schedule-deleted = 定时购买已删除。
schedule-gone = 该定时购买已不存在。
schedule-energy-unavailable = 目前无法购买能量，因此无法设置定时购买。请稍后再试。
schedule-ask-address = 能量发送到哪个地址？请发送一个 TRON 地址。
schedule-ask-address-saved = 能量发送到哪个地址？选择一个，或发送 TRON 地址（或你保存的名称）。
schedule-address-invalid = “{ $text }”既不是 TRON 地址（以 T 开头的 34 个字符），也不是你保存的名称。
schedule-ask-volume = 每次为 { $address } 购买多少能量？选择一个，或发送 { $min } 到 { $max } 之间的数字。
schedule-volume-bad = 请发送 { $min } 到 { $max } 之间的整数能量。
schedule-ask-duration = 每次租用 { $volume } 能量多长时间？
schedule-ask-days = { $what }：在哪些日子？
schedule-button-every-day = 每天
schedule-button-weekdays = 工作日（周一至周五）
schedule-button-choose-days = 选择日期
schedule-ask-choose-days = 点选要购买的日子，然后点“完成”。
schedule-button-days-done = ✅ 完成
schedule-days-none = 请至少选择一天。
schedule-ask-time = 几点？请按 24 小时制“时:分”发送（例如 <code>09:00</code>）。
schedule-time-bad = “{ $text }”不是时间。请按“时:分”发送，例如 <code>09:00</code> 或 <code>21:30</code>。
schedule-ask-zone = { $time } 是哪个时区？选择一个，或发送时区名称如 <code>Europe/Berlin</code>，或偏移如 <code>UTC+8</code>。
schedule-zone-bad = “{ $text }”不是我认识的时区。请发送名称如 <code>Asia/Tokyo</code>，或偏移如 <code>+5:30</code>。
schedule-ask-notify = 每次执行都通知你，还是仅在失败或跳过时通知？
schedule-button-notify-all = 🔔 每次都通知
schedule-button-notify-failures = ⚠️ 仅失败时
schedule-preview-title = 🗓 <b>新的定时购买</b>
schedule-preview-what = 购买：{ $what }，给 { $address }
schedule-preview-when = 时间：{ $when }
schedule-preview-next = 首次执行：{ $next }
schedule-preview-price = 今日价格：{ $price }（余额 { $balance }）
schedule-preview-notify-all = 通知：每次执行
schedule-preview-notify-failures = 通知：仅失败和跳过
schedule-preview-short = ⚠️ 你的余额今天不够执行一次：余额不足时该次购买会被跳过。
schedule-button-save = ✅ 保存
schedule-saved = ✅ 已设置定时购买：{ $what }，给 { $address }，{ $when }。
schedule-too-many = 你已有 10 个定时购买：请先删除一个。
notice-schedule-placed = 🗓 定时购买已下单：{ $what }，给 { $address }，{ $total }（{ $due }，{ $zone }）。订单 { $order }。
notice-schedule-skipped = 🗓 定时购买已跳过：{ $what }，给 { $address }（{ $due }，{ $zone }）。
notice-schedule-failed = 🗓❌ 定时购买失败：{ $what }，给 { $address }（{ $due }，{ $zone }）。
notice-schedule-why-late = 机器人未能在预定时间后 { $minutes } 分钟内执行，因此没有购买。
notice-schedule-why-balance = 你的余额 { $balance } 不足 { $needed }。请在下次执行前充值。
notice-schedule-why-balance-unknown = 你的余额不足。请在下次执行前充值。
notice-schedule-why-budget = 该密钥的月度预算已用完（{ $spent } / { $budget }）。请在 /keys 中提高预算或等到下个月。
notice-schedule-why-cap = 这次购买会超出该密钥在市场上的每日消费限额。限额在 UTC 00:00 重置。
notice-schedule-why-key = 该定时购买的密钥已不存在或无权购买。请在 /keys 中添加具有购买权限的密钥，然后重新设置。
notice-schedule-why-unknown = 市场未及时应答。订单可能已经创建：再次购买前请查看 /orders。
notice-schedule-why-refused = 市场拒绝了订单（{ $code }）。未扣费。
notice-schedule-next = 下次执行：{ $next }（{ $zone }）。
notice-schedule-balance = 💰 余额
schedule-ask-max = 今天一次购买需要 { $price }。每次最多可以花多少？请发送 TRX 金额（更贵的那次会被跳过并通知你），或点“不限”。
schedule-button-no-max = 不限
schedule-max-off-word = 不限
schedule-max-bad = 请发送大于 0 的 TRX 金额，例如 <code>10</code> 或 <code>7.5</code>，或点“不限”。
schedule-preview-max = 每次最多：{ $max }
schedule-preview-above-max = ⚠️ 今天的价格高于你的上限：按此价格的那次购买会被跳过。
schedule-line-max = 每次最多 { $max }。
schedule-reason-price = 高于你的价格上限
notice-schedule-why-price = 今天需要 { $price }，超过你每次 { $max } 的上限。如果上限太低，请在 /schedule 中删除该定时购买并重新设置。
notice-brief-schedule-placed = 🗓 已为 { $target } 定时购买：{ $what }
notice-brief-schedule-skipped = 🗓 为 { $target } 的定时购买已跳过：{ $what }（{ $reason }）
notice-brief-schedule-failed = 🗓❌ 为 { $target } 的定时购买失败：{ $what }（{ $reason }）
notice-schedule-list = 🗓 我的定时购买

## issue 33: notices into a group or channel (/settings)
settings-where-private = 📍 通知发送到：<b>此聊天</b>
settings-where-both = 📍 通知发送到：<b>此聊天</b>和<b>{ $chat }</b>
settings-where-there = 📍 通知只发送到：<b>{ $chat }</b>
settings-where-brief = { "   " }那里：只说发生了什么（不含密钥、余额和充值地址）
settings-where-full = { "   " }那里：完整通知，与这里相同
settings-where-lost = 📍 通知发送到：<b>此聊天</b>（我已不能在<b>{ $chat }</b>发布通知：等我们都成为那里的管理员后请重新选择）
settings-button-chat-pick = 📍 同时发到群组或频道
settings-button-chat-change = 📍 换一个群组或频道
settings-button-chat-full = 📝 那里发完整通知
settings-button-chat-brief = 📝 那里只说发生了什么
settings-button-chat-here-off = 🔕 这里不再接收
settings-button-chat-here-on = 🔔 这里也接收
settings-button-chat-remove = ✖️ 不再发到那里
settings-toast-chat-full = 那里发完整通知
settings-toast-chat-brief = 那里只说发生了什么
settings-toast-chat-here-on = 这里也接收通知
settings-toast-chat-here-off = 通知只发到那里
settings-toast-chat-removed = 通知只发到这里
settings-chat-ask = 通知还要发到哪里？请用下面的按钮选择一个群组或频道：你和我都必须是那里的管理员（客户端会提示添加我）。你也可以发送聊天编号（例如 <code>-1001234567890</code>），或从频道转发一条消息给我。
settings-chat-pick-group = 👥 群组
settings-chat-pick-channel = 📢 频道
settings-chat-not-group = 这是私聊：请选择群组或频道。打开 /settings 重试。
settings-chat-unknown = 我看不到这个聊天：请先把我添加为那里的管理员，然后在 /settings 中重新选择。
settings-chat-you-not-admin = 只有<b>{ $chat }</b>的管理员才能把通知发到那里，而你不是。打开 /settings 选择其他聊天。
settings-chat-bot-not-admin = 请把我设为<b>{ $chat }</b>的管理员，然后在 /settings 中重新选择。
settings-chat-bot-not-admin-channel = 请把我设为<b>{ $chat }</b>可发布消息的管理员，然后在 /settings 中重新选择。
settings-chat-chosen = ✅ 通知现在也会发到<b>{ $chat }</b>。那里只说发生了什么，不含密钥、余额和充值地址，除非你开启完整通知。
notice-chat-lost = ⚠️ 我已不能在<b>{ $chat }</b>发布通知（我或你已不再是那里的管理员），通知重新发到这里。问题解决后请在 /settings 中重新选择。
notice-brief-order-filled = ✅ 订单已完成：{ $what }
notice-brief-order-failed = ❌ 订单失败：{ $what }
notice-brief-order-filled-for = ✅ { $target } 的订单已完成：{ $what }
notice-brief-order-failed-for = ❌ { $target } 的订单失败：{ $what }
notice-brief-rule-paused = ⏸ 规则已暂停：{ $rule }（{ $address }）
notice-brief-rules-paused = ⏸ 规则已暂停（{ $count }）：
notice-brief-rule-resumed = ▶️ 规则已恢复：{ $rule }（{ $address }）
notice-brief-rule-fired = ⚡ 规则已触发：{ $rule } 向 { $address } 交付了 { $volume } 能量
notice-brief-balance-low = 💰 某个密钥的余额低于提醒值。
notice-brief-deposit = 💰 收到一笔充值。
notice-brief-price-alert = 📉 能量价格低于某个价格提醒。
notice-brief-budget-warning = 💰 某个密钥接近月度预算。
notice-brief-budget-reached = 🛑 某个密钥已达到月度预算：其规则已暂停。
notice-brief-budget-resumed = ▶️ 因预算暂停的规则已重新生效。
notice-brief-cap-paused = ⏸ 规则因超过最高价格而暂停：{ $rule }（{ $address }）
notice-brief-cap-resumed = ▶️ 规则在最高价格以下恢复：{ $rule }（{ $address }）
## end issue 33: notices into a group or channel

## issue 33: team desk (/team)
command-team =
    .description = 团队工作台：供群管理员使用的密钥
team-title = 🧑‍🤝‍🧑 <b>团队工作台</b>
team-none = 还没有：把密钥绑定到一个群组，群管理员就能在那里购买和查看余额。
team-how = 在群组中，管理员发送 /team 查看工作台，发送 /buy 分步购买（或 <code>/buy &lt;地址&gt; &lt;数量&gt; [&lt;时长&gt;]</code> 一步购买），发送 /balance 查看余额。其他成员只能看到订单通知。密钥和充值地址绝不会发到那里。
team-desk-line = • <b>{ $chat }</b>：密钥 { $key }，{ $max }
team-max-none = 每单无上限
team-max-value = 每单最多 { $amount }
team-button-max = 💰 上限 · { $chat }
team-button-remove = ✖️ 解除绑定 · { $chat }
team-button-bind = ➕ 把我的密钥绑定到群组
team-button-back = 🧑‍🤝‍🧑 团队工作台
team-need-key = 请先添加密钥：工作台使用你的默认密钥。
team-bind-ask = 哪个群组可以使用你的密钥 { $key }？请用下面的按钮选择（你必须是该群管理员，且我在群里），或发送群组编号（例如 <code>-1001234567890</code>）。
team-pick-group = 👥 选择群组
team-not-group = 这不是群组：请选择一个群组。打开 /team 重试。
team-chat-unknown = 我看不到这个群组：请先把我加入群组，然后重新打开 /team。
team-bot-not-member = 我不在<b>{ $chat }</b>中：请先把我加入，然后重新打开 /team。
team-you-not-admin = 只有<b>{ $chat }</b>的管理员才能绑定密钥，而你不是。
team-taken = <b>{ $chat }</b>已有其他所有者的团队工作台。
team-bound = ✅ 你的密钥 { $key } 已绑定到<b>{ $chat }</b>。现在群管理员可以在那里购买和查看余额；所有成员都能看到订单通知。
team-toast-removed = 工作台已删除
team-toast-gone = 已经删除
team-max-ask = 请发送群内单笔订单最多可花费的 TRX（例如 <code>50</code>）。发送 <code>关闭</code> 取消上限。
team-button-no-max = ✖️ 无上限
team-max-off-word = 关闭
team-max-bad = 请发送大于 0 的 TRX 金额，例如 50 或 12.5，或发送 <code>关闭</code>。
team-max-set = ✅ 群内每笔订单现在最多 { $amount }。
team-max-cleared = 群内订单现在没有上限。
team-group-none = 这个群组没有团队工作台。密钥所有者在与我的私聊中用 /team 绑定。
team-group-title = 🧑‍🤝‍🧑 <b>{ $chat } 的团队工作台</b>
team-group-how = 管理员：发送 /buy 分步购买，或 <code>/buy &lt;地址&gt; &lt;数量&gt; [&lt;时长&gt;]</code> 一步购买（例如 <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>），点击下方按钮查看余额。
team-button-balance = 💰 余额
team-balance-title = 💰 <b>团队余额</b>
team-admins-only = 只有群管理员可以使用团队的密钥。
team-checked-by = 查看者：{ $who }
team-buy-usage = 请发送 <code>/buy &lt;地址&gt; &lt;数量&gt; [&lt;时长&gt;]</code>，例如 <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>：数量为能量（65k）或 USDT 转账次数（2），时长须为市场提供的选项之一。
team-over-max = 这笔订单将花费 { $cost }，超过团队每单上限 { $max }。
team-asked-by = 发起人：{ $who }
team-preview-short = ⚠️ 团队密钥余额还差 { $shortfall }：请密钥所有者充值（在其 /deposit 中），然后重新发送 /buy。
team-button-confirm = ✅ 确认
team-button-cancel = ✖️ 取消
team-not-this-desk = 这个按钮不属于本群的工作台。
team-bought-by = 购买人：{ $who }
team-already-placed = 这笔订单已经下单。
team-preview-expired = 此预览已过期：请重新发送 /buy 获取当前价格。
team-unknown = 无法确认市场是否接受了订单：请再次点击“确认”（绝不会重复下单）。
team-over-budget = 该密钥的月度预算已用完：由所有者在私聊中决定。
team-preview-closed = 此预览已关闭。
team-cancelled-by = 取消人：{ $who }
## end issue 33: team desk
