# ── 命令 ──
command-start =
    .description = 欢迎与入门
command-buy =
    .description = 为地址购买能量或带宽
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
    .description = 通过 Webhook 即时通知
command-settings =
    .description = 通知与余额提醒
command-language =
    .description = 更改语言
command-cancel =
    .description = 取消当前操作
command-help =
    .description = 全部命令

# ── 开始、帮助、语言、取消 ──
start-welcome =
    你好，{ $name }！我帮您租用 TRON <b>能量</b>和<b>带宽</b>，让 USDT 转账比燃烧 TRX 便宜得多。

    <b>第一步：</b>用 /key 添加您的市场 API 密钥（在控制台：设置 → API 密钥 中创建）。
    然后用 /buy 为地址购买能量，设置 /refill、/renewal 或 /smart 规则，并查看 /balance。

    还没有密钥？可以用 /check 查询任意地址，或阅读 /blog。
start-welcome-back =
    欢迎回来，{ $name }！要做什么？
    /buy 能量或带宽 · /orders · /balance · /rules · /help
help-title = <b>我能做什么</b>
help-footer = 提示：/cancel 可退出任何操作。发给我的任何 TRON 地址都可以查询或充能量。
language-choose = 请选择语言：
language-changed = 语言已设置为中文。
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = 已取消，未做任何更改。
cancel-nothing = 没有可取消的操作。/help 列出我能做的事。
fallback-button = 此按钮已过期。发送 /help 重新开始。
fallback-message = 我没有理解。发送 /help 查看我能做什么。

# ── 通用按钮 ──
button-add-key = 🔑 添加 API 密钥
button-replace-key = 🔑 更换密钥
button-my-keys = 🔑 我的密钥
button-deposit = 💳 充值
button-buy-energy = ⚡ 购买能量
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
error-no-key = 您还没有添加市场 API 密钥。请用 /key 添加。
error-insufficient-scope = 此 API 密钥无权执行该操作（访问级别过低）。请在市场控制台创建具有 <b>purchase</b> 权限（Webhook 需 <b>full</b>）的密钥，然后用 /key 添加。
error-spend-limit = 此密钥已达到每日消费上限。将于 UTC 00:00 重置，还有 { $hours } 小时 { $minutes } 分钟。可在控制台提高上限。
error-key-rejected = 市场拒绝了此 API 密钥（可能已被撤销）。请换一个新密钥。
error-insufficient-balance = TRX 余额不足。请充值后重试。
error-provider-failed = 能量供应商未能完成此订单。未扣费：TRX 已退回余额。请重试。
error-checker-unavailable = TRON 网络节点暂时不可用。请一分钟后重试。
error-not-found = 未找到：可能已被删除或属于其他账户。
error-ambiguous = 市场未确认此操作是否成功。重试前请先查看 /rules 或 /orders。
error-marketplace-unreachable = 市场暂时没有响应。请一分钟后重试。
error-marketplace-unexpected = 市场返回了无法读取的内容。请稍后重试。
error-request-rejected = 市场拒绝了此请求。请检查数值后重试。
error-request-rejected-detail = 市场拒绝了此请求：{ $detail }
