# ── Команды ──
command-start =
    .description = Приветствие и первые шаги
command-buy =
    .description = Купить энергию или пропускную способность
command-batch =
    .description = Энергия сразу для нескольких адресов
command-addresses =
    .description = Ваши адреса: названия, энергия сейчас, покупка в один тап
command-orders =
    .description = Ваши заказы и их статус
command-balance =
    .description = Баланс TRX и USDT
command-deposit =
    .description = Адрес пополнения и QR-код
command-stats =
    .description = Статистика заказов и график за 14 дней
command-refill =
    .description = Новое правило автопополнения
command-renewal =
    .description = Новое правило ежедневного продления
command-smart =
    .description = Включить умный режим для адреса
command-rules =
    .description = Ваши правила автоматизации
command-check =
    .description = Проверить энергию и пропускную способность адреса
command-blog =
    .description = Читать статью блога
command-key =
    .description = Добавить API-ключ маркетплейса
command-keys =
    .description = Управление API-ключами
command-webhook =
    .description = Мгновенные уведомления через вебхук
command-alert =
    .description = Уведомления о цене энергии
command-schedule =
    .description = Покупки энергии по расписанию
command-settings =
    .description = Уведомления и оповещение о балансе
command-language =
    .description = Сменить язык
command-cancel =
    .description = Отменить текущее действие
command-help =
    .description = Все команды

# Описание бота (в пустом чате, до 512 символов) и краткое описание (профиль, до 120)
bot-description = Я арендую энергию и пропускную способность TRON для ваших адресов, чтобы переводы USDT стоили в разы дешевле сжигания TRX. Покупка в пару нажатий, проверка любого адреса, правила автопополнения и уведомления об исполнении заказов. Нажмите «Старт», затем добавьте API-ключ маркетплейса командой /key.
bot-short-description = Аренда энергии и пропускной способности TRON: дешёвые переводы USDT, автопополнение, уведомления.

# ── Старт, помощь, язык, отмена ──
start-welcome =
    Привет, { $name }! Я помогаю арендовать <b>энергию</b> и <b>пропускную способность</b> TRON, чтобы переводы USDT стоили в разы дешевле сжигания TRX.

    <b>Первый шаг:</b> добавьте API-ключ маркетплейса командой /key (создайте его в кабинете: Настройки → API-ключи).
    Затем купите энергию для адреса через /buy, настройте правила /refill, /renewal или /smart и следите за /balance.

    Ключа пока нет? Проверьте любой адрес через /check и почитайте /blog.
start-welcome-back =
    С возвращением, { $name }! Что делаем?
    /buy энергия или пропускная способность · /orders · /balance · /rules · /help
start-demo-keys = 🧪 Бот работает на <b>песочнице</b> — имитации маркетплейса без настоящих TRX. Попробуйте всё сразу с одним из её демо-ключей:
start-button-demo-read = 👁 Демо-ключ: только чтение
start-button-demo-purchase = 🛒 Демо-ключ: покупки
start-button-demo-full = 🔑 Демо-ключ: полный доступ
start-demo-unavailable = Демо-ключи есть только в песочнице. Добавьте свой ключ через /key.
help-title = <b>Что я умею</b>
help-footer = Подсказка: /cancel прерывает любое действие. Любой присланный адрес TRON можно проверить или пополнить энергией.
help-buy-tip = Быстрее всего: <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> — энергия на 2 перевода USDT на 1 час, сразу к предпросмотру.
language-choose = Выберите язык:
language-changed = Язык изменён на русский.
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = Отменено. Ничего не изменилось.
cancel-nothing = Отменять нечего. /help покажет, что я умею.
fallback-button = Эта кнопка устарела. Отправьте /help, чтобы начать заново.
flow-not-yours = Это чужой вопрос: ответить может только тот, кто его начал.
fallback-message = Я не понял. Отправьте /help, чтобы увидеть, что я умею.

# ── Общие кнопки ──
button-add-key = 🔑 Добавить API-ключ
button-replace-key = 🔑 Заменить ключ
button-my-keys = 🔑 Мои ключи
button-deposit = 💳 Пополнить
button-buy-energy = ⚡ Купить энергию
button-buy-bandwidth = 📶 Купить пропускную способность
button-balance = 💰 Баланс
button-refresh = 🔄 Обновить
button-confirm = ✅ Подтвердить
button-cancel = ✖️ Отмена
button-change = ✏️ Изменить
button-back = ⬅️ Назад
button-yes = Да
button-no = Нет
button-prev = ◀️
button-next = ▶️

conversation-send-text = Пришлите это текстовым сообщением или /cancel.
conversation-use-buttons = Воспользуйтесь кнопками выше или /cancel.

# ── Длительности ──
duration-minute = { $count ->
    [one] { $count } минута
    [few] { $count } минуты
   *[other] { $count } минут
}
duration-hour = { $count ->
    [one] { $count } час
    [few] { $count } часа
   *[other] { $count } часов
}
duration-day = { $count ->
    [one] { $count } день
    [few] { $count } дня
   *[other] { $count } дней
}

# ── Ошибки ──
error-internal = У меня что-то пошло не так. Попробуйте ещё раз; если повторяется — /cancel и начните заново.
error-restarting = Я как раз перезапускаюсь и не успел это закончить. Отправьте, пожалуйста, ещё раз через несколько секунд.
error-no-key = Вы ещё не добавили API-ключ маркетплейса. Добавьте его командой /key.
error-insufficient-scope = Этому API-ключу это не разрешено (слишком низкий уровень доступа). Создайте в кабинете маркетплейса ключ с доступом <b>purchase</b> (или <b>full</b> для вебхуков) и добавьте его через /key.
error-spend-limit = Достигнут дневной лимит трат этого ключа. Он обнулится в 00:00 UTC, через { $hours } ч { $minutes } мин. Лимит можно поднять в кабинете.
error-spend-limit-detail = 🚫 Это превысит дневной лимит трат ключа: сегодня (по UTC) уже потрачено { $spent } из { $limit }. Лимит обнулится в 00:00 UTC, через { $hours } ч { $minutes } мин. Лимит можно поднять в кабинете или воспользоваться ключом без лимита.
error-key-rejected = Маркетплейс отклонил этот API-ключ (возможно, он отозван). Замените его новым.
error-key-unreadable = Ваш API-ключ больше не удаётся прочитать (у бота сменился ключ хранилища). Добавьте его заново через /key; больше ничего не потеряно.
error-insufficient-balance = Недостаточно TRX на балансе. Пополните баланс и попробуйте снова.
error-provider-failed = Поставщик энергии не смог выполнить заказ. Ничего не списано: TRX вернулись на баланс. Попробуйте ещё раз.
error-checker-unavailable = Узел сети TRON сейчас недоступен. Попробуйте через минуту.
error-not-found = Не найдено: возможно, удалено или принадлежит другому аккаунту.
error-ambiguous = Маркетплейс не подтвердил, прошла ли операция. Проверьте /rules или /orders, прежде чем повторять.
error-marketplace-unreachable = Маркетплейс сейчас не отвечает. Попробуйте через минуту.
error-marketplace-unexpected = Маркетплейс прислал ответ, который я не смог прочитать. Попробуйте позже.
error-marketplace-too-large = Маркетплейс прислал ответ намного длиннее, чем может быть у этого запроса, и я перестал его читать. Попробуйте позже; если это повторяется, на стороне маркетплейса проблема.
error-request-rejected = Маркетплейс отклонил запрос. Проверьте значения и попробуйте снова.
error-request-rejected-detail = Маркетплейс отклонил запрос: { $detail }

# ── Buy (buy-*) and orders (order-*, orders-*) ──
buy-resource-energy = ⚡ Энергия
buy-resource-bandwidth = 📶 Пропускная способность
buy-ask-resource = Что вы хотите купить?
buy-ask-address = Отправьте TRON-адрес, который получит ресурс «{ $resource }».
buy-ask-address-recent = Отправьте TRON-адрес, который получит ресурс «{ $resource }», или выберите недавний ниже.
buy-address-invalid = «{ $text }» — не TRON-адрес (34 символа, начинается с T, с верной контрольной суммой). Отправьте адрес ещё раз или /cancel.
buy-kept-unreadable = «{ $text }» — тоже не число переводов и не объём энергии: спрошу его после адреса.
buy-address-info = У адреса { $address } { $energyLimit ->
    [0] нет энергии
   *[other] доступно { $energy } из { $energyLimitText } энергии
} и { $bandwidthLimit ->
    [0] нет пропускной способности
   *[other] доступно { $bandwidth } из { $bandwidthLimitText } пропускной способности
}; { $activation }.
buy-address-activated = адрес активирован
buy-address-not-activated = адрес ещё не активирован, поэтому добавится плата за активацию
buy-address-unchecked = (Сейчас не удалось узнать текущую энергию и пропускную способность адреса; продолжаем без этих данных.)
buy-ask-volume = Сколько ресурса «{ $resource }» нужно для { $address }? Выберите объём или введите его (например, { $examples }). Допустимо: от { $min } до { $max }.
buy-ask-volume-presets = Сколько ресурса «{ $resource }» нужно для { $address }? Нажмите на готовый вариант под переводы USDT (на кнопке — цена за этот срок) или введите объём (например, { $examples }). Допустимо: от { $min } до { $max }.
buy-ask-volume-priced = Сколько ресурса «{ $resource }» нужно для { $address }? Нажмите на объём (на кнопке — цена за этот срок) или введите его (например, { $examples }). Допустимо: от { $min } до { $max }.
buy-preset-holder = { $count ->
    [one] { $count } перевод
    [few] { $count } перевода
   *[other] { $count } переводов
}
buy-preset-new-holder = 1 перевод на адрес без USDT
buy-preset-button = { $what } · { $duration } · { $price }
buy-preset-button-unpriced = { $what } · { $duration }
buy-transfers-unreadable = «{ $text }» — не число переводов USDT и не объём энергии: отправьте, например, <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> (два перевода) или <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>, или выберите ниже.
buy-transfers-out-of-range = Для { $countText } { $count ->
    [one] перевода
   *[other] переводов
} нужно { $volume } энергии — вне допустимого диапазона от { $min } до { $max }. Выберите объём ниже.
buy-volume-one-transfer = { $volume } · 1 перевод USDT
buy-volume-two-transfers = { $volume } · 2 перевода или 1 на адрес, где ещё не было USDT
buy-volume-transfers = { $count ->
    [one] { $volume } · ≈{ $count } перевод
    [few] { $volume } · ≈{ $count } перевода
   *[other] { $volume } · ≈{ $count } переводов
}
buy-volume-unreadable = Не удалось понять «{ $text }» как объём. Введите число, например { $examples }.
buy-volume-out-of-range = { $volume } вне допустимого диапазона: от { $min } до { $max }. Выберите другой объём.
buy-ask-duration = На какой срок? { $resource }, { $volume } для { $address }.
buy-duration-unknown = «{ $value }» — недоступный срок (доступны: { $allowed }). Выберите срок ниже.
buy-resource-unknown = «{ $value }» я не продаю. Попробуйте <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 2</code> (энергия на 2 перевода USDT) или выберите ниже.
buy-resource-unavailable = «{ $resource }» сейчас недоступно. Попробуйте позже.
buy-preview-title = <b>Предпросмотр: { $resource }</b>
buy-preview-address = Адрес: { $address }
buy-preview-volume = Объём: { $volume } на { $duration }
buy-preview-price = Цена: { $price }
buy-preview-breakdown = (базовая стоимость { $base } + комиссия { $commission })
buy-preview-activation = Плата за активацию адреса: { $fee }
buy-preview-burn = Сжигание TRX ради этой энергии стоило бы { $burn }: экономия { $savings }.
buy-preview-total = <b>Итого к оплате:</b> { $total }
buy-preview-balance = Ваш баланс: { $balance } → после заказа: { $after }
buy-preview-balance-missing = Ваш баланс: { $balance }, для этого заказа не хватает { $missing }
buy-preview-short = ⚠️ Недостаточно средств: пополните баланс минимум на { $shortfall } и нажмите «Обновить».
buy-button-refresh-preview = 🔄 Обновить
buy-button-confirm-again = 🔁 Подтвердить ещё раз
buy-button-try-again = 🔁 Попробовать снова
buy-placing = Размещаю заказ…
buy-already-placed = Этот заказ уже размещён.
buy-still-placing = Заказ размещается: нажмите «Подтвердить», чтобы проверить.
buy-intent-unknown = Эта кнопка устарела. Начните заново с /buy.
buy-intent-rejected = Этот заказ не был размещён. Начните заново с /buy.
buy-intent-cancelled = Этот предпросмотр отменён. Начните заново с /buy.
buy-cancelled = Отменено. Ничего не заказано.
buy-pending-remembered = Я запомнил этот заказ: как только вы добавите ключ, я продолжу с ним.
buy-pending-resumed = Теперь у вас есть ключ — вот заказ, который вы просили: { $command }
change-ask = Что изменить? Остальные ответы останутся прежними.
buy-change-resource = Ресурс
buy-change-address = Адрес
buy-change-volume = Объём
buy-change-duration = Срок
buy-outcome-unknown = ⚠️ Маркетплейс не ответил, поэтому пока неизвестно, прошёл ли заказ. Нажать «Подтвердить» ещё раз безопасно: второй заказ не будет создан, и деньги не спишутся дважды.
buy-shortfall = Ваш баланс: { $balance }. Для заказа нужно { $needed }: пополните минимум на { $shortfall }.
order-card-title = <b>Заказ: { $resource }</b>
order-card-id = Номер: { $id }
order-card-status = Статус: { $status }
order-card-price = Цена: { $price }
order-card-total = Списано всего: { $total }
order-card-refunded = ↩️ Заказ не выполнен: списанные { $total } возвращены на ваш баланс.
order-card-tx = Транзакция: { $tx } · { $link }
order-card-no-tx = Транзакция: ещё нет
order-card-time = Размещён: { $time }
order-card-refresh-hint = Доставка обычно занимает минуту-две; нажмите «Обновить», чтобы увидеть текущий статус.
order-button-buy-again = 🔁 Купить снова
order-status-created = Создан, доставляется
order-status-filled = Выполнен
order-status-failed = Не выполнен: поставщик не смог выполнить заказ
order-status-other = состояние, неизвестное боту ({ $status })
orders-title = <b>Ваши заказы</b> · страница { $page } из { $pages } (всего { $total })
orders-line = { $resource } { $volume } · { $duration } → { $address } · { $status } · { $time }
orders-line-firing = { $rule }: { $volume } · { $duration } → { $address } · { $price } · { $time }
orders-firings-note = { $count ->
    [one] Среди них { $count } покупка, сделанная правилом; она помечена правилом.
    [few] Среди них { $count } покупки, сделанные правилами; они помечены правилом.
    *[many] Среди них { $count } покупок, сделанных правилами; они помечены правилом.
}
orders-empty = У вас пока нет заказов. Купите энергию или пропускную способность через /buy.
orders-filter-all = Все
orders-filter-orders = Только заказы
orders-filter-rules = Только правила
orders-firings-title = <b>Покупки ваших правил</b> · страница { $page } из { $pages } (всего { $total })
orders-firings-title-empty = <b>Покупки ваших правил</b>
orders-firings-kept = Маркетплейс хранит последние 50 покупок каждого правила.
orders-firings-empty = Ваши правила пока ничего не покупали.
orders-button-list = 📋 Мои заказы
orders-refreshed = Обновлено.
orders-refresh-unchanged = Пока без изменений.

# ── Сохранённые адреса (/addresses, addresses-*) ──
addresses-title = <b>📒 Ваши адреса</b> (страница { $page } из { $pages })
addresses-hint = Нажмите на адрес, чтобы купить для него энергию, проверить, назвать или забыть его. Адрес с названием можно выбрать по названию везде, где я спрашиваю адрес (напишите название или нажмите кнопку).
addresses-empty = Сохранённых адресов пока нет. Здесь появится каждый адрес, для которого вы покупаете энергию (или создаёте правило).
addresses-energy = ⚡ сейчас доступно { $energy } энергии
addresses-energy-unknown = ⚡ энергия неизвестна: сервис проверки адресов не ответил
addresses-bandwidth = 📶 сейчас доступно { $bandwidth } пропускной способности
addresses-used-at = Последнее использование: { $time }
addresses-no-label = <i>без названия</i>
addresses-not-found = Этого адреса больше нет в вашем списке.
addresses-button-check = 🔍 Проверить
addresses-button-rename = ✏️ Переименовать
addresses-button-forget = 🗑 Забыть
addresses-button-clear-label = Убрать название
addresses-forget-confirm = Забыть { $name }? Адрес пропадёт из списка; следующая покупка энергии для него вернёт его.
addresses-forget-confirm-named = Забыть { $name }? Адрес пропадёт из списка вместе с названием.
addresses-button-forget-yes = 🗑 Да, забыть
addresses-button-keep = Оставить
addresses-forgotten = 🗑 Адрес { $name } забыт.
addresses-forgotten-toast = Забыт
addresses-rename-ask = Пришлите название для { $address } (до { $max } символов), например: Основной кошелёк
addresses-label-empty = Название пустое. Пришлите хотя бы пару букв.
addresses-label-long = Слишком длинное название: не больше { $max } символов.
addresses-label-markup = В названии не может быть &lt;, &gt;, обратных кавычек или кодов разметки (&amp;…;). Пришлите обычный текст.
addresses-label-taken = Название { $label } уже занято другим адресом. Выберите другое.
addresses-label-saved = ✅ Адрес { $address } теперь называется <b>{ $label }</b>.
addresses-label-cleared = У адреса { $address } больше нет названия.

# ── Automation rules (/refill, /renewal, /smart, /rules) ──
rules-kind-refill = Автопополнение
rules-kind-renewal = Автопродление
rules-kind-smart = Умный режим
rules-status-active = активно
rules-status-paused = на паузе
rules-status-cancelled = отменено
rules-pause-system = маркетплейс поставил на паузу: баланса не хватило на срабатывание (или достигнут дневной лимит трат ключа)
rules-pause-user = вы поставили его на паузу
rules-status-unknown = состояние, неизвестное боту ({ $status })
rules-pause-other = другая причина от маркетплейса ({ $reason })
rules-group-active = 🟢 Активные ({ $count })
rules-group-paused = ⏸ На паузе ({ $count })
rules-group-cancelled = ✖️ Отменённые ({ $count })
rules-group-unknown = ❔ Прочие ({ $count })
rules-part-threshold = ниже { $volume }
rules-part-volume = { $volume } энергии
rules-part-duration = { $duration }
rules-part-spent = потрачено { $amount }
rules-part-auto-resume-on = автовозобновление вкл.
rules-part-auto-resume-off = автовозобновление выкл.
rules-list-title = <b>⚙️ Ваши правила автоматизации</b>
rules-list-empty = Правил пока нет. Создайте правило командой /refill, /renewal или /smart.
rules-list-page = Страница { $page } из { $pages }
rules-list-footer = Нажмите на правило, чтобы открыть его. Новое правило: /refill · /renewal · /smart
rules-card-target = Адрес: { $address }
rules-card-threshold = Срабатывает, когда энергии меньше: { $volume }
rules-card-volume = Энергии за поставку: { $volume }
rules-card-duration = Срок поставки: { $duration }
rules-card-renewal-schedule = Продлевается раз в сутки.
rules-card-smart-schedule = Поставляется, когда адресу нужна энергия, примерно по 131k за раз.
rules-card-pause-reason = Причина паузы: { $reason }
rules-card-auto-resume-on = Автовозобновление: вкл. (если пауза из-за нехватки баланса, правило запустится само после пополнения)
rules-card-auto-resume-off = Автовозобновление: выкл. (после паузы правило возобновляете вы сами)
rules-card-spent = Потрачено: { $amount }
rules-card-created = Создано: { $date }
rules-card-updated = Изменено: { $date }
rules-card-id = Идентификатор: { $id }
rules-card-cancelled-final = Правило отменено навсегда. Чтобы снова автоматизировать этот адрес, создайте новое правило: /refill, /renewal или /smart.
rules-button-pause = ⏸ Пауза
rules-button-resume = ▶️ Возобновить
rules-button-cancel = 🗑 Отменить правило
rules-button-fires = 📜 Срабатывания
rules-button-back-to-rule = ⬅️ К правилу
rules-button-cancel-confirm = 🗑 Да, отменить навсегда
rules-button-keep = ⬅️ Нет, оставить
rules-cancel-confirm = Отменить это правило? Это <b>окончательно</b>: отменённое правило нельзя возобновить, придётся создать новое. Чтобы остановить его на время, поставьте его на паузу.
rules-note-paused = ⏸ На паузе. Правило не сработает, пока вы его не возобновите.
rules-note-resumed = ▶️ Возобновлено. Правило снова срабатывает, когда нужно.
rules-note-cancelled = 🗑 Отменено. Это окончательно.
rules-note-already-paused = Это правило уже на паузе.
rules-note-already-active = Это правило уже активно.
rules-note-already-cancelled = Это правило уже отменено.
rules-note-state-changed = В текущем состоянии правила это невозможно. Вот как оно выглядит сейчас.
rules-not-found = Правило не найдено: возможно, оно относится к другому аккаунту или API-ключу. Ваши правила — в /rules.
rules-fires-title = 📜 Срабатывания
rules-fires-empty = Правило ещё ни разу не срабатывало.
rules-fires-intro = Последние срабатывания ({ $count }), сначала новые; маркетплейс хранит не больше { $max }.
rules-shortfall = Одно срабатывание стоит { $price }, на балансе { $balance }. Пополните баланс хотя бы на { $missing }.
rules-shortfall-price = Одно срабатывание стоит { $price }, на балансе { $balance }.
auto-cancelled = ✖️ { $kind }: отменено, правило не создано.
auto-intro-refill =
    <b>🔁 Новое правило автопополнения</b>
    Когда энергии на адресе становится меньше порога, на него поставляется заданный объём.
auto-intro-renewal =
    <b>📅 Новое правило автопродления</b>
    Один и тот же объём энергии продлевается для адреса раз в сутки, сколько бы ни осталось.
auto-intro-smart =
    <b>🧠 Умный режим</b>
    Поставщик сам решает, когда адресу нужна энергия; каждая поставка — примерно 131k энергии.
auto-ask-address = Пришлите TRON-адрес, который получит энергию (34 символа, начинается с T).
auto-ask-address-recent = Или выберите недавний:
auto-button-try-again = 🔁 Попробовать снова
auto-invalid-address = «{ $text }» — не TRON-адрес. В адресе 34 символа, и он начинается с T; проверьте и пришлите ещё раз.
auto-ask-threshold = <b>Порог.</b> При каком остатке доступной энергии правило должно срабатывать? Пришлите число от { $min } до { $max }, например 65k.
auto-ask-volume = <b>Объём.</b> Сколько энергии за одну поставку? От { $min } до { $max }. 65k хватает на один перевод USDT на адрес, где уже есть USDT, 131k — на адрес, где его нет.
auto-ask-renewal-volume = <b>Объём.</b> Сколько энергии продлевать каждый день? От { $min } до { $max }. 65k хватает на один перевод USDT на адрес, где уже есть USDT, 131k — на адрес, где его нет.
auto-invalid-number = Пришлите целое число от { $min } до { $max }, например 65000, 65k или 131 000.
auto-out-of-range = { $value } — вне допустимого диапазона: пришлите число от { $min } до { $max }.
auto-ask-duration = <b>Срок.</b> На какой срок арендуется каждая поставка?
auto-invalid-duration = Выберите срок кнопкой: { $allowed }.
auto-ask-auto-resume = <b>Автовозобновление?</b> Если закончится баланс, правило встанет на паузу; с автовозобновлением оно само запустится после пополнения, без него вы возобновите его сами в /rules.
auto-preview-title-refill = 🔁 Проверьте новое правило автопополнения
auto-preview-title-renewal = 📅 Проверьте новое правило автопродления
auto-preview-title-smart = 🧠 Проверьте умный режим
auto-preview-price = Одно срабатывание стоит: { $price } (база { $base } + комиссия { $commission })
auto-preview-balance = Ваш баланс: { $balance }
auto-what-refill = Каждый раз, когда доступной энергии на адресе становится меньше { $minimal }, поставляется { $volume } энергии на { $duration }, оплата — с вашего баланса TRX. Бюджета нет: правило работает, пока вы не поставите его на паузу или не отмените.
auto-what-renewal = { $volume } энергии продлевается для адреса раз в сутки, каждый раз с оплатой с вашего баланса TRX. Для создания правила нужен баланс хотя бы на одно продление.
auto-what-smart = Примерно 131k энергии поставляется, когда адресу она нужна, каждый раз с оплатой с вашего баланса TRX. Для включения нужен баланс на одну поставку.
auto-preview-short-refill = ⚠️ Баланса не хватает на одно срабатывание: пополните хотя бы на { $missing }, иначе правило встанет на паузу при первом срабатывании.
auto-preview-short-create = ⚠️ Баланса не хватает на одно срабатывание: сначала пополните хотя бы на { $missing }, иначе маркетплейс откажется его создавать.
auto-preview-overlap = ⚠️ У этого адреса уже есть { $rules }. Каждое правило покупает энергию само по себе, так что { $count ->
    [one] оба
   *[other] все
} могут сработать и списать оплату; если новое { $count ->
    [one] его
   *[other] их
} заменяет, приостановите или отмените { $count ->
    [one] прежнее
   *[other] прежние
} в /rules.
auto-preview-overlap-rule = правило «{ $kind }» ({ $status })
auto-created = ✅ Правило создано.
auto-button-open-rule = ⚙️ Открыть правило
auto-change-address = Адрес
auto-change-threshold = Порог
auto-change-volume = Объём
auto-change-duration = Срок
auto-change-auto-resume = Автовозобновление
auto-edit-intro-refill =
    <b>✏️ Изменение правила автопополнения</b> для { $address }
    На каждом шаге нынешний ответ отмечен ✓: нажмите его, чтобы оставить, или укажите новый. Пока вы не подтвердите, ничего не меняется.
auto-edit-intro-renewal =
    <b>✏️ Изменение правила автопродления</b> для { $address }
    На каждом шаге нынешний ответ отмечен ✓: нажмите его, чтобы оставить, или укажите новый. Пока вы не подтвердите, ничего не меняется.
auto-edit-intro-smart =
    <b>✏️ Изменение умного режима</b> для { $address }
    На каждом шаге нынешний ответ отмечен ✓: нажмите его, чтобы оставить, или укажите новый. Пока вы не подтвердите, ничего не меняется.
auto-edit-cancelled = ✖️ Изменение отменено: правило осталось прежним.
auto-edit-preview-title-refill = ✏️ Проверьте изменённое правило автопополнения
auto-edit-preview-title-renewal = ✏️ Проверьте изменённое правило автопродления
auto-edit-preview-title-smart = ✏️ Проверьте изменённый умный режим
auto-edit-today = Сейчас
auto-edit-today-price = Сейчас одно срабатывание стоит: { $price }
auto-edit-was-paused = ⏸ Сейчас приостановлено: новое правило начнёт работать сразу (приостановите его в карточке, если оно должно подождать).
auto-edit-after = После изменения
auto-edit-how = <i>Маркетплейс не умеет изменять правила: после подтверждения я сначала создам новое правило, затем отменю это.</i>
auto-edit-how-cap = <i>Маркетплейс не умеет изменять правила: после подтверждения я сначала создам новое правило, затем отменю это. Макс. цена перейдёт к новому правилу.</i>
auto-edit-done = ✅ Правило изменено: это новое правило заменяет старое, старое отменено.
auto-edit-both =
    ⚠️ <b>Теперь действуют оба правила.</b> Новое правило ниже создано, но старое отменить не удалось: { $reason }
    Каждое из них покупает энергию само по себе, пока вы не отмените старое.
auto-edit-button-cancel-old = 🗑 Отменить старое правило
auto-edit-button-open-new = ⚙️ Открыть новое правило
auto-preview-no-cap = Макс. цена: нет. По желанию: 💲 Макс. цена приостанавливает правило, когда одно срабатывание стоило бы дороже.
auto-preview-cap-above = ⚠️ Сегодня одно срабатывание стоит дороже вашей макс. цены: я приостановлю правило при первой же проверке, в течение минуты.
auto-cap-not-saved = ⚠️ Макс. цену сохранить не удалось: задайте её снова кнопкой 💲 Макс. цена в карточке правила.

# ── Ключи, баланс, пополнение, статистика ──
keys-group-deleted = Я удалил ваше сообщение, но ключ могли увидеть другие участники: отзовите его в кабинете маркетплейса и создайте новый.
keys-group-delete-failed = ⚠️ Я не смог удалить ваше сообщение. Удалите его сами прямо сейчас и отзовите этот ключ в кабинете маркетплейса: его видели все в этом чате.
keys-pasted-offer = 🔐 Похоже на API-ключ (оканчивается на { $fingerprint }), поэтому я удалил ваше сообщение: ключам не место в чате. Сохранить его как ваш ключ маркетплейса?
keys-pasted-button-save = ➕ Сохранить как мой ключ
keys-pasted-button-drop = ✖️ Не сохранять
keys-pasted-dropped = Не сохранено. Если это был ключ, здесь от него ничего не осталось.
keys-pasted-expired = Этот ключ больше не хранится (он ждёт 10 минут). Отправьте /key, чтобы добавить ключ.
keys-pasted-other-secret = 🔐 Похоже на секрет, поэтому я удалил ваше сообщение. Чтобы подключить вебхук, используйте /webhook; чтобы добавить API-ключ — /key.
keys-pasted-group-deleted = 🔐 Я удалил сообщение, похожее на секретный ключ. Другие участники могли его увидеть: отзовите его в панели маркетплейса и создайте новый.
keys-prompt =
    🔑 Пришлите мне ваш <b>API-ключ</b> маркетплейса сообщением. Я сразу удалю сообщение и буду хранить ключ в зашифрованном виде; показываются только его последние 4 символа.

    Ключ создаётся в кабинете маркетплейса: Настройки → API-ключи. Ключ с доступом <b>purchase</b> может покупать энергию и управлять правилами; ключ <b>read</b> — только смотреть.
keys-delete-failed = ⚠️ Я не смог удалить ваше сообщение, пожалуйста, удалите его сами.
keys-checking = 🔎 Проверяю ключ на маркетплейсе…
keys-button-try-again = 🔑 Попробовать снова
keys-invalid-shape = Это не похоже на API-ключ: ключ — это одна строка из { $min }–{ $max } символов без пробелов и переносов. Ничего не сохранено.
keys-duplicate = Этот ключ (<code>{ $fingerprint }</code>) уже добавлен. Ничего не изменилось.
keys-rejected = ❌ Маркетплейс отклонил этот ключ: возможно, в нём опечатка, он отозван или от другого аккаунта. Ничего не сохранено.
keys-nothing-stored = Ничего не сохранено.
keys-saved = ✅ Ключ <code>{ $fingerprint }</code> работает и сохранён. { $default ->
    [yes] Теперь это ваш основной ключ.
   *[no] Основной ключ остался прежним; изменить его можно в /keys.
}
keys-access = { $scope ->
    [read] 👁 Этот ключ может только читать: цены, баланс, заказы и правила. Покупать и что-либо менять он не может.
    [purchase] 🛒 Этот ключ может покупать энергию и вести правила, но не управлять вебхуками.
   *[full] 🔓 У этого ключа полный доступ: покупки, правила и вебхуки.
}
keys-label-ask-new = Пришлите для него название (например, <i>Основной</i> или <i>Торговля</i>), чтобы различать ключи, или нажмите «Пропустить».
keys-label-later = Дать ему имя можно позже в /keys.
keys-label-cancelled = Ключ сохранён без названия. Назвать его можно позже в /keys.
keys-label-ask-rename = Пришлите новое название для ключа <b>{ $name }</b> <code>{ $fingerprint }</code>.
keys-button-skip = Пропустить
keys-label-skipped = Хорошо, ключ без названия. Добавить его можно позже в /keys.
keys-label-invalid = Название — одна строка длиной от 1 до { $max } символов. Пришлите другое или /cancel.
keys-label-saved = ✅ Ключ <code>{ $fingerprint }</code> теперь называется <b>{ $name }</b>.
keys-ready = Всё готово: проверьте /balance или купите энергию через /buy.
keys-not-found = Этого ключа уже нет.
keys-no-label = (без названия)
keys-list-empty = У вас пока нет API-ключей. Добавьте ключ, чтобы покупать энергию, управлять правилами и видеть баланс.
keys-list-title = 🔑 <b>Ваши API-ключи</b>
keys-default-badge = ⭐ <i>основной</i>
keys-added-on = добавлен { $date }
keys-cannot = ⚠️ { $lacks ->
    [purchase] только чтение: не может покупать, вести правила и вебхуки
   *[full] не может управлять вебхуками
}
keys-list-footer = Основной ключ используется для всех действий здесь.
keys-button-make-default = ⭐ Сделать { $fingerprint } основным
keys-button-rename = ✏️ Переименовать { $fingerprint }
keys-button-remove = 🗑 Удалить { $fingerprint }
keys-button-add = ➕ Добавить ключ
keys-remove-confirm = Удалить ключ <b>{ $name }</b> <code>{ $fingerprint }</code>? Это нельзя отменить.
keys-button-remove-yes = 🗑 Да, удалить
keys-removed = 🗑 Ключ <code>{ $fingerprint }</code> удалён.
keys-now-default = ⭐ Ключ <code>{ $fingerprint }</code> теперь основной.
keys-error-scope-op = 🚫 Этот API-ключ не может { $operation }: у него слишком низкий уровень доступа. Создайте в кабинете маркетплейса (Настройки → API-ключи) ключ с <b>{ $scope ->
    [purchase] правом на покупки
   *[full] полным доступом
}</b> (или выше) и добавьте его через /key.
keys-scope-op-orders = размещать заказы
keys-scope-op-rules = создавать или менять правила автоматизации
keys-scope-op-webhooks = управлять вебхуками
keys-default-cannot = 🚫 Ваш основной ключ <code>{ $fingerprint }</code> не может { $operation }: { $lacks ->
    [purchase] он только для чтения, без покупок.
   *[full] у него нет полного доступа.
}
keys-pick-other = Возьмите другой ваш ключ (он станет основным):
keys-no-other = Другого ключа, который это может, у вас нет. Добавьте ключ с <b>{ $scope ->
    [purchase] правом на покупки
   *[full] полным доступом
}</b> (создайте его в кабинете: Настройки → API-ключи).
keys-button-use = ⭐ Взять { $name }
keys-offer-default = Ваш основной ключ <code>{ $fingerprint }</code> не может { $operation }; новому ключу в этом не отказывали. Сделать его основным?
keys-button-make-new-default = ⭐ Сделать новый ключ основным
balance-title = 💰 <b>Ваш баланс</b>
balance-trx = TRX: { $amount }
balance-usdt = USDT: { $amount }
runway-transfers = { $count ->
    [0] ⚡ Не хватит ни на один перевод USDT по сегодняшней цене энергии на 1 час ({ $price } за перевод): пополните TRX, чтобы покупать энергию.
   *[other] ⚡ Хватит примерно на { $countText } { $count ->
        [one] перевод
        [few] перевода
       *[other] переводов
    } USDT по сегодняшней цене энергии на 1 час ({ $price } за перевод).
}
runway-rules = { $days ->
    [0] ⚙️ Ваши активные правила обходятся примерно в { $daily } в день: баланса не хватит и на день.
   *[other] ⚙️ Ваши активные правила обходятся примерно в { $daily } в день: хватит примерно на { $daysText } { $days ->
        [one] день
        [few] дня
       *[other] дней
    }.
}
balance-updated = <i>Обновлено { $time }</i>
balance-refreshed = Баланс обновлён
balance-unchanged = С прошлого обновления ничего не изменилось
deposit-title = 💳 <b>Пополнение</b>
deposit-network = Сеть: { $network }
deposit-address = Адрес: { $address }
deposit-minimums = Минимум: { $minimums }
deposit-note = Отправляйте на этот адрес только через { $network }; сумма меньше минимальной не зачисляется. Пополнения зачисляются на баланс автоматически.
deposit-button-copy = 📋 Скопировать адрес
stats-title = 📊 <b>Статистика</b>
stats-orders = Заказов размещено: { $count }
stats-rule-firings = Покупок, сделанных правилами: { $count } (учтены ниже)
stats-energy = ⚡ <b>Энергия</b>
stats-bandwidth = 📶 <b>Пропускная способность</b>
stats-this-month = В этом месяце: { $volume }
stats-all-time = За всё время: { $volume }
stats-average = Средняя цена: { $sun } SUN за единицу
stats-no-deliveries = Средняя цена: поставок ещё не было
stats-empty = Поставок ещё не было, поэтому и графика пока нет. Когда заказ исполнится, здесь появится, сколько энергии и пропускной способности вы получили, почём за единицу, и график за 14 дней.
stats-empty-orders = Размещено заказов: { $count } (ни один ещё не исполнен; их статус — в /orders).
stats-daily = За 14 дней: { $sparkline }
stats-chart-legend = 🟧 энергия · 🟦 пропускная способность: поставлено за каждые сутки UTC за последние 14 дней.
stats-chart-energy = Энергия
stats-chart-bandwidth = Пропускная способность
stats-button-orders = 📋 Заказы

# ── Проверка адреса (check-*, address-*), инлайн-режим (inline-*), блог (blog-*) ──
check-usage = Отправьте <code>/check</code> с адресом TRON, например <code>/check TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY</code>.
check-ask-address = Пришлите адрес TRON для проверки. Он начинается с T и состоит из 34 символов. /cancel — отмена.
check-invalid-address = { $input } — не адрес TRON. Адрес начинается с T и состоит из 34 символов.
check-bad-checksum = { $input } похож на адрес TRON, но его контрольная сумма не сходится: вероятно, опечатка в одном символе. Скопируйте адрес ещё раз.
check-button-invalid = Этот адрес недействителен.
check-title = 🔍 Адрес { $address }
check-activated = ✅ Активирован
check-not-activated = ⚠️ Не активирован: первый перевод на него дополнительно оплатит активацию, около { $fee }.
check-energy-title = ⚡ <b>Энергия</b>
check-bandwidth-title = 📶 <b>Пропускная способность</b>
check-resource-line = Лимит { $limit } · израсходовано { $used } · доступно <b>{ $available }</b>
check-covers-title = <b>Хватит на</b>
check-covers-holder = • { $count ->
    [one] { $countText } перевод USDT
    [few] { $countText } перевода USDT
    [many] { $countText } переводов USDT
   *[other] { $countText } перевода USDT
} на адрес, где уже есть USDT (~{ $per } энергии каждый)
check-covers-new-holder = • { $count ->
    [one] { $countText } перевод USDT
    [few] { $countText } перевода USDT
    [many] { $countText } переводов USDT
   *[other] { $countText } перевода USDT
} на адрес без USDT (~{ $per } энергии каждый)
check-covers-bandwidth = • пропускная способность на { $count ->
    [one] { $countText } перевод
    [few] { $countText } перевода
    [many] { $countText } переводов
   *[other] { $countText } перевода
} (~{ $per } на каждый)
check-covers-none = Энергии не хватит ни на один перевод USDT: без неё сеть сжигает TRX. Купите энергию, чтобы платить меньше.
check-checked-at = Проверено { $time }
address-detected = { $address } — адрес TRON. Проверить его энергию и пропускную способность или купить для него энергию?
address-found-in-text = В вашем сообщении есть адрес TRON: { $address }. Проверить его энергию и пропускную способность или купить для него энергию?
address-button-check = 🔍 Проверить
inline-result-title = 🔍 Проверить { $address }
inline-result-description = Энергия { $energy } · пропускная способность { $bandwidth } · переводов USDT: { $transfers }
inline-type-address = Введите адрес TRON (T…), чтобы проверить его
inline-invalid-address = Это не адрес TRON: проверьте его и попробуйте снова
inline-check-failed = Не удалось проверить { $address }
blog-usage = Отправьте /blog с коротким именем статьи (последней частью её адреса), например { $example }.
blog-latest = 📰 <b>Свежие статьи</b>: нажмите, чтобы прочитать здесь.
blog-not-found = Статьи с именем { $slug } нет. Проверьте имя: это последняя часть адреса статьи — латинские буквы, цифры и дефисы, например <code>how-to-save-on-usdt-fees</code>. В разных языках имя статьи может отличаться: имя с английской версии сайта работает на любом языке, а /language меняет язык, на котором я показываю статьи.
blog-not-translated = <i>Статья ещё не переведена на ваш язык — показываю на английском.</i>
blog-page = <i>Страница { $page } из { $pages }</i>
blog-page-expired = Эти страницы устарели: отправьте /blog с именем статьи ещё раз.
blog-page-gone = Этой статьи больше нет.

# ── Pushed notices (notice-*), /webhook (webhook-*), /settings (settings-*) ──
notice-resource-energy = энергии
notice-resource-bandwidth = пропускной способности
notice-order-what = { $volume } { $resource } на { $duration }
notice-order-what-no-duration = { $volume } { $resource }
notice-order-what-id = заказ { $order }
notice-order-filled = ✅ <b>Заказ выполнен</b>: { $what }
notice-order-failed = ❌ <b>Заказ не выполнен</b>: { $what }
notice-line-target = Адрес: { $address }
notice-line-charged = Списано: { $amount }
notice-line-tx = Транзакция: { $tx } · <a href="{ $url }">Tronscan</a>
notice-order-refunded = { $amount } возвращено на ваш баланс.
notice-order-refunded-unknown = Списанные за него TRX возвращены на ваш баланс.
notice-rule-paused = ⏸ <b>Правило приостановлено</b>: { $rule } для { $address }. На балансе не хватает на следующее срабатывание.
notice-rule-paused-need = Пополните баланс минимум на { $missing }: одно срабатывание стоит { $price }, на балансе { $balance }.
notice-rule-paused-limit = ⏸ <b>Правило приостановлено</b>: { $rule } для { $address }. Баланса ({ $balance }) хватает на следующее срабатывание ({ $price }), поэтому вероятная причина — дневной лимит трат этого ключа: он сбрасывается в 00:00 UTC, через { $hours } ч { $minutes } мин. Лимит можно поднять в панели маркетплейса.
notice-rule-auto-resume-on = Автовозобновление включено: правило заработает само после пополнения.
notice-rule-auto-resume-off = Автовозобновление выключено: после пополнения возобновите правило в /rules.
notice-rules-paused = ⏸ <b>Приостановлено правил: { $count }</b> — баланса не хватает на их следующие срабатывания.
notice-rules-paused-line = • { $rule } для { $address }: { $price } за срабатывание, автовозобновление { $autoResume ->
    [on] включено
   *[off] выключено
}
notice-rules-paused-line-unpriced = • { $rule } для { $address }, автовозобновление { $autoResume ->
    [on] включено
   *[off] выключено
}
notice-rules-paused-need = Пополните баланс хотя бы на { $missing }: их следующие срабатывания вместе стоят { $price }, ваш баланс { $balance }. Правила с автовозобновлением запустятся сами после пополнения; остальные возобновите в /rules.
notice-rules-paused-limit = Ваш баланс ({ $balance }) покрывает их следующие срабатывания ({ $price }), поэтому вероятная причина — дневной лимит расходов этого ключа: он сбрасывается в 00:00 UTC, через { $hours } ч { $minutes } мин.
notice-button-rules = ⚙️ Мои правила
notice-rule-resumed = ▶️ <b>Правило возобновлено</b>: { $rule } для { $address } снова активно.
notice-rule-fired = ⚡ <b>Правило сработало</b>: { $rule } доставило { $volume } энергии на { $address } за { $price }.
notice-balance-low = 💰 Ваш баланс { $balance } — ниже порога уведомления { $threshold }.
notice-webhook-ping = 🔔 Пришло тестовое событие от маркетплейса, и его подпись верна: уведомления через вебхук работают.
notice-button-open-rule = ⚙️ Открыть правило
notice-button-open-order = 📄 Заказ
notice-button-buy-again = 🔁 Купить снова
webhook-no-public-url = Уведомления через вебхук на этом боте недоступны: оператор должен задать PUBLIC_URL (адрес, по которому маркетплейс может достучаться до бота). Уведомления о выполнении и сбоях всё равно придут, чуть позже, и без вебхука.
webhook-setup-steps =
    🔔 <b>Мгновенные уведомления через вебхук</b>

    Ваш личный адрес приёма:
    { $url }

    1. В кабинете маркетплейса откройте «Настройки → Вебхуки» и создайте точку приёма с этим адресом.
    2. Выберите события <b>order.filled</b> и <b>order.failed</b>.
    3. Пришлите мне <b>идентификатор</b> точки приёма (он выглядит так: 1b4e28ba-2fa1-11d2-883f-0016d3cca427).
webhook-sandbox-creating = 🔔 Этот бот работает с <b>песочницей</b> маркетплейса, у которой нет личного кабинета, поэтому точку приёма вебхуков я создаю за вас (адрес приёма { $url }) и прошу тестовое событие; жду до { $seconds } с…
webhook-setup-bad-id = Это не идентификатор точки приёма: он выглядит так: 1b4e28ba-2fa1-11d2-883f-0016d3cca427. Скопируйте его из кабинета и пришлите снова, или /cancel.
webhook-setup-ask-secret-standard = Точка приёма { $id } сохранена. Теперь пришлите её <b>секрет подписи</b> (начинается с <code>whsec_</code>). Я сразу удалю ваше сообщение и сохраню секрет в зашифрованном виде.
webhook-setup-ask-secret = Точка приёма { $id } сохранена. Теперь пришлите её <b>секрет подписи</b>. Я сразу удалю ваше сообщение и сохраню секрет в зашифрованном виде.
webhook-secret-not-deleted = ⚠️ Не удалось удалить ваше сообщение с секретом: удалите его, пожалуйста, сами.
webhook-secret-bad-standard = Это не похоже на секрет подписи: это одна строка, начинающаяся с <code>whsec_</code>. Ничего не сохранено. Отправьте /webhook, чтобы попробовать снова.
webhook-secret-bad = Это не похоже на секрет подписи (одна строка без пробелов). Ничего не сохранено. Отправьте /webhook, чтобы попробовать снова.
webhook-secret-saved = 🔐 Секрет сохранён (зашифрован). Прошу маркетплейс прислать тестовое событие и жду до { $seconds } с…
webhook-ping-verified = ✅ <b>Подключено</b>: тестовое событие пришло, подпись верна. Уведомления о выполнении и сбоях теперь приходят сразу.
webhook-ping-unverified = ⚠️ Тестовое событие пришло, но его подпись не сходится с присланным секретом. Скопируйте секрет точки приёма заново, целиком, и нажмите «Управлять точкой приёма» → «Сменить точку приёма».
webhook-ping-timeout =
    ⌛ За { $seconds } с тестовое событие не пришло. Проверьте:
    • адрес точки приёма — ровно { $url }, и бот доступен из интернета;
    • точка приёма включена, выбраны события order.filled и order.failed;
    • секрет скопирован целиком.
    Затем нажмите «Проверить ещё раз».
webhook-status-title = 🔔 <b>Уведомления через вебхук</b>
webhook-status-url = Адрес приёма: { $url }
webhook-status-endpoint = Идентификатор точки приёма: { $id }
webhook-status-no-events = Последнее событие: пока не было.
webhook-status-last-verified = Последнее событие: { $type }, { $time } · ✅ подпись верна
webhook-status-last-unverified = Последняя доставка: { $time } · ⚠️ подпись не сошлась
webhook-status-notices-on = Уведомления: включены
webhook-status-notices-off = Уведомления: выключены (события принимаются, но ничего не отправляется)
webhook-button-test = 🔁 Проверить ещё раз
webhook-button-notices-off = 🔕 Выключить уведомления
webhook-button-notices-on = 🔔 Включить уведомления
webhook-button-change = ✏️ Сменить точку приёма
webhook-button-delete = 🗑 Удалить точку приёма
webhook-button-delete-confirm = 🗑 Да, удалить
webhook-button-manage = ⚙️ Управлять точкой приёма
webhook-delete-confirm = Удалить точку приёма вебхука? Маркетплейс перестанет доставлять события боту, а её секрет будет утерян: для новой точки приёма понадобится новый.
webhook-deleted = 🗑 Точка приёма вебхука удалена. Уведомления о выполнении и сбоях всё равно придут, чуть позже. /webhook настроит новую.
webhook-none = У вас нет точки приёма вебхука. Отправьте /webhook, чтобы настроить.
webhook-notices-turned-on = Уведомления включены
webhook-notices-turned-off = Уведомления выключены
webhook-test-started = Тестовое событие запрошено: жду до { $seconds } с…
settings-title = ⚙️ <b>Настройки</b>
settings-notices-on = 🔔 Уведомления: <b>включены</b> (выполнение, сбои, паузы правил и оповещения приходят сюда)
settings-notices-off = 🔕 Уведомления: <b>выключены</b> (вам ничего не присылается)
settings-fires-on = ⚡ Уведомление о каждом срабатывании правила: <b>вкл.</b>
settings-fires-off = ⚡ Уведомление о каждом срабатывании правила: <b>выкл.</b>
settings-alert-none = 💰 Оповещение о балансе: <b>выкл.</b>
settings-alert-value = 💰 Оповещение о балансе: когда баланс опустится ниже { $amount }
settings-button-notices-off = 🔕 Выключить уведомления
settings-button-notices-on = 🔔 Включить уведомления
settings-button-fires-off = ⚡ Без уведомлений о срабатываниях
settings-button-fires-on = ⚡ Уведомлять о срабатываниях
settings-button-alert-set = 💰 Задать оповещение о балансе
settings-button-alert-change = 💰 Изменить порог
settings-button-alert-clear = ✖️ Выключить оповещение
settings-button-open = ⚙️ Настройки
settings-alert-off-word = выкл
settings-alert-ask = Пришлите сумму в TRX: я один раз сообщу, когда баланс опустится ниже неё (например, <code>50</code> или <code>12.5</code>). Пришлите <code>выкл</code> или <code>off</code>, чтобы выключить оповещение.
settings-alert-bad = Пришлите сумму в TRX больше 0, не более 6 знаков после запятой, например 50 или 12.5, или <code>выкл</code>.
settings-alert-set = ✅ Оповещение о балансе задано: ниже { $amount }.
settings-alert-cleared = Оповещение о балансе выключено.
settings-toast-notices-on = Уведомления включены
settings-toast-notices-off = Уведомления выключены
settings-toast-fires-on = Уведомления о срабатываниях: вкл.
settings-toast-fires-off = Уведомления о срабатываниях: выкл.

# ── Только в личном чате ──
private-only = Это работает в личном чате со мной, чтобы ваш аккаунт не видели другие. Нажмите ниже и отправьте команду там.
private-only-open = Открыть личный чат
private-only-button = Эта кнопка работает только в личном чате со мной у её владельца.
menu-outdated = Карточка устарела, я её обновил. Нажмите ещё раз.
working = ⏳ Выполняю…
still-working = ⏳ Ещё выполняю ваше прошлое нажатие: секунду.

# ── Секрет на неверном шаге ──

# ── Покупка: устаревшие предпросмотры (buy-expired-*) ──
buy-expired-toast = Цены обновлены: проверьте новый предпросмотр.
buy-expired-note = 🔄 Тот предпросмотр был старше { $minutes } минут, поэтому ничего не заказано. Вот актуальные цены: проверьте итог и нажмите «Подтвердить».

# Пополнение, замеченное по балансу (рост, который не объясняется возвратом)
notice-deposit-trx = 💰 Поступило { $amount }; ваш баланс — { $balance }.
notice-deposit-usdt = 💰 На ваш кошелёк на маркетплейсе поступило { $amount }.

# /alert: уведомления о цене
alert-title = 🔔 <b>Уведомления о цене</b>
alert-none = Уведомлений пока нет. Добавьте: я сообщу один раз, когда энергия станет дешевле вашей цены.
alert-how = Я сообщаю один раз, когда цена ниже вашей, и снова — только после того, как она поднимется выше.
alert-what = { $volume } энергии · { $duration }
alert-line-waiting = { $n }. { $what } дешевле { $price }: жду
alert-line-told = { $n }. { $what } дешевле { $price }: сообщил; жду, пока цена снова поднимется
alert-button-remove = ✖️ { $n }
alert-button-new = ➕ Новое уведомление
alert-button-list = 🔔 Мои уведомления
alert-removed = Уведомление удалено.
alert-ask-what = За какой энергией следить? (65 000 энергии хватает на один перевод USDT.)
alert-ask-price = { $what }: ниже какой цены сообщить? Отправьте сумму в TRX (например, <code>3.5</code>).
alert-bad-price = Это не сумма в TRX больше 0 (например, <code>3.5</code>).
alert-saved = ✅ Уведомление настроено: сообщу, когда { $what } будет стоить меньше { $price }.
alert-too-many = У вас уже 5 уведомлений: сначала удалите одно.
notice-price-alert = 📉 { $volume } энергии на { $duration } теперь стоят { $price } — ниже вашего порога { $below }.
notice-price-alert-buy = ⚡ Купить для { $address } · { $price }
notice-price-alert-list = 🔔 Мои уведомления

## /statement: покупки за месяц по ключам (issue 32, item 6)
command-statement =
    .description = Отчёт за месяц: покупки, оплачено и сэкономлено, график и CSV
statement-title = 📒 <b>Отчёт</b> за { $month } (UTC)
statement-no-keys = Сначала добавьте API-ключ: отчёт считает покупки, сделанные вашими ключами.
statement-key-nothing = В этом месяце покупок нет.
statement-purchases = Заказы: { $orders } · покупки правил: { $firings }
statement-volumes = Энергия: { $energy } · пропускная способность: { $bandwidth }
statement-paid = Оплачено: { $trx }
statement-burn = Сжигание TRX обошлось бы в { $trx } (известно для { $known } из { $count }): вы сэкономили { $saved }
statement-burn-unknown = Сколько стоило бы сжигание TRX: для этих покупок не записано
statement-average-energy = Средняя цена энергии: { $sun } SUN за единицу
statement-average-bandwidth = Средняя цена пропускной способности: { $sun } SUN за единицу
statement-top = Главные адреса:
statement-top-line = • { $address }: { $count ->
        [one] { $count } покупка
        [few] { $count } покупки
       *[other] { $count } покупок
    }, { $trx }
statement-firings-missing = ⚠️ Покупки ваших правил сейчас не прочитать: посчитаны только заказы.
statement-key-removed = Удалённый ключ
statement-empty = В этом месяце ничего не куплено. Здесь будут заказы через этого бота и покупки ваших правил.
statement-note = Учтены: заказы через этого бота (неудавшиеся возвращены и не считаются) и покупки ваших правил, по времени UTC.
statement-button-files = 📎 График и CSV
statement-chart-energy = Энергия
statement-chart-bandwidth = Пропускная способность
statement-chart-caption = 📊 { $month }: энергия и пропускная способность по дням (UTC).
statement-csv-caption = 📎 { $month }: по строке на покупку, для таблицы.
statement-bad-month = Эта кнопка устарела: отправьте /statement.
statement-more-keys = …и ещё { $count ->
        [one] { $count } ключ
        [few] { $count } ключа
       *[other] { $count } ключей
    }: в CSV есть все покупки.
settings-statement-on = 📒 Отчёт за месяц 1-го числа: <b>вкл.</b>
settings-statement-off = 📒 Отчёт за месяц 1-го числа: <b>выкл.</b>
settings-button-statement-on = 📒 Отчёт 1-го числа
settings-button-statement-off = 📒 Без отчёта 1-го числа
settings-toast-statement-on = Отчёт за месяц: вкл.
settings-toast-statement-off = Отчёт за месяц: выкл.
notice-statement = 📒 Отчёт за { $month } готов: покупки по ключам, оплачено и сэкономлено, график и файл CSV.
notice-statement-button = 📒 Получить отчёт

## Месячный бюджет ключа в боте (/keys), не дневной лимит расходов маркетплейса
keys-budget-none = 💰 Месячный бюджет: не задан.
keys-budget-line = 💰 Месячный бюджет: потрачено { $spent } из { $budget } за { $month } (UTC), { $percent }%.
keys-budget-reached-line = 🛑 Бюджет исчерпан: правил приостановлено ради бюджета — { $paused }; заказ из этого чата сначала спросит вас.
keys-budget-explain = <i>Бюджет бота считает заказы этого ключа, сделанные здесь, и срабатывания его правил за месяц (UTC): предупреждение на 80%, правила на паузе на 100%. Дневной лимит расходов ключа в маркетплейсе — отдельная вещь.</i>
keys-button-budget-set = 💰 Задать месячный бюджет
keys-button-budget-change = 💰 Изменить бюджет
keys-button-budget-remove = ✖️ Без бюджета
keys-budget-ask = 💰 Отправьте месячный бюджет ключа { $key } в TRX (например, <code>100</code>). Я считаю его заказы, сделанные здесь, и срабатывания его правил за месяц (UTC): на 80% предупрежу, на 100% приостановлю его правила и буду спрашивать перед каждым заказом. Дневной лимит расходов в маркетплейсе не меняется.
keys-budget-bad = Это не сумма в TRX. Отправьте бюджет вроде <code>100</code> или <code>12.5</code> либо нажмите «Без бюджета».
keys-budget-off-word = выкл
keys-budget-saved = ✅ Месячный бюджет ключа { $key }: { $budget }. Правила, приостановленные мной ради бюджета, возобновятся в течение минуты, если он теперь позволяет.
keys-budget-removed = У ключа { $key } больше нет месячного бюджета. Правила, приостановленные мной ради бюджета, возобновятся в течение минуты.
buy-budget-reached = 🛑 <b>Месячный бюджет этого ключа исчерпан</b>: потрачено { $spent } из { $budget } за { $month } (UTC), поэтому сам я заказы с ним не размещаю. Разместите этот всё равно или увеличьте бюджет в /keys. (Это бюджет бота, а не дневной лимит расходов маркетплейса.)
buy-budget-reached-toast = Месячный бюджет исчерпан
buy-button-budget-override = ⚠️ Всё равно разместить этот заказ
notice-budget-warning = 💰 Ключ { $key } израсходовал { $percent }% месячного бюджета: { $spent } из { $budget } за { $month } (UTC). На 100% я приостановлю его правила и буду спрашивать перед каждым заказом.
notice-budget-not-daily-limit = <i>Это месячный бюджет бота (/keys), а не дневной лимит расходов маркетплейса.</i>
notice-budget-reached = 🛑 <b>Месячный бюджет исчерпан</b> у ключа { $key }: { $spent } из { $budget } за { $month } (UTC).
notice-budget-paused = ⏸ Приостановлено ради бюджета ({ $count }):
notice-budget-rule-line = • { $rule } для { $address }
notice-budget-orders-ask = Заказ из этого чата с этим ключом теперь сначала спросит вас.
notice-budget-resume-when = Приостановленные мной правила я возобновлю 1-го числа (UTC) или сразу, как вы увеличите бюджет в /keys.
notice-budget-resumed = ▶️ <b>Бюджет снова позволяет</b>: правила ключа { $key }, приостановленные мной ради бюджета, снова активны ({ $count }).
rules-card-paused-for-budget = Приостановлено ради бюджета: месячный бюджет этого ключа (/keys) исчерпан. Я возобновлю правило 1-го числа (UTC) или сразу, как вы увеличите бюджет; возобновлённое вручную снова встанет на паузу, пока бюджет исчерпан.

# ── /announce (the operators' announcements), /stop, and their /settings toggle ──
announce-ask = Отправьте текст объявления. Каждый, кто получает объявления, увидит его таким, как вы отправите его сюда; сначала вы увидите предпросмотр.
announce-too-long = Это слишком длинно для одного сообщения: не больше { $max } символов. Отправьте текст короче.
announce-not-text = Отправьте объявление текстом.
announce-button-send = 📣 Отправить { $count } польз.
announce-button-cancel = ✖️ Отмена
announce-button-refresh = 🔄 Обновить
announce-cancelled = Объявление отменено: его никто не получил.
announce-gone = Это объявление уже отправлено или отменено.
announce-progress = 📣 <b>Объявление отправляется</b>: отправлено { $sent }, заблокировали { $blocked }, ошибок { $failed }, осталось { $waiting }.
announce-done = 📣 <b>Объявление отправлено</b>: доставлено { $sent }, заблокировали бота { $blocked }, ошибок { $failed }.
settings-announcements-on = 📣 Объявления команды бота: <b>вкл</b>
settings-announcements-off = 📣 Объявления команды бота: <b>выкл</b>
settings-button-announcements-off = 📣 Без объявлений
settings-button-announcements-on = 📣 Получать объявления
settings-toast-announcements-on = Объявления включены
settings-toast-announcements-off = Объявления выключены
stop-done = 📣 Объявлений от команды бота больше не будет. Уведомления о ваших заказах приходят как прежде. Чтобы снова получать объявления, включите их в /settings.

## Максимальная цена за срабатывание правила (карточка правила в /rules)
rules-button-cap = 💲 Макс. цена
rules-button-cap-off = ✖️ Без макс. цены
rules-button-edit = ✏️ Изменить
rules-cap-ask = 💲 Отправьте, сколько самое большее может стоить одно срабатывание этого правила, в TRX (например, <code>5</code>). Я проверяю цену каждую минуту: выше неё приостановлю правило, а когда она снова ниже, возобновлю его, если у правила включено автовозобновление.
rules-cap-price-now = Сейчас срабатывание стоит { $price }.
rules-cap-bad = Это не сумма в TRX. Отправьте цену вроде <code>5</code> или <code>4.5</code> либо нажмите «Без макс. цены».
rules-cap-off-word = выкл
rules-cap-saved = ✅ Макс. цена задана: { $cap } за срабатывание.
rules-cap-removed = У правила больше нет макс. цены.
rules-card-cap = Макс. цена: { $cap } за срабатывание{ $per }
rules-card-cap-paused = ⏸ На паузе выше вашей цены: я приостановил правило, потому что срабатывание стоило дороже вашей макс. цены.
rules-card-cap-between = <i>Проверка раз в минуту: срабатывание между двумя проверками всё же может стоить дороже.</i>
notice-cap-per-65k = {" "}({ $price } за 65 000 энергии)
notice-cap-paused = ⏸ <b>Правило приостановлено выше вашей цены</b>: { $rule } для { $address }. Срабатывание сейчас стоит { $price }{ $per }, ваша макс. цена — { $cap }.
notice-cap-resumes = Я возобновлю его, когда цена снова опустится ниже максимума (автовозобновление включено).
notice-cap-resume-yourself = Автовозобновление выключено: возобновите правило в /rules, когда цена устроит.
notice-cap-resumed = ▶️ <b>Правило возобновлено</b>: { $rule } для { $address }. Срабатывание сейчас стоит { $price }{ $per }, ниже вашей макс. цены { $cap }.

## /batch: энергия сразу для нескольких адресов (issue 33)
batch-ask-addresses = <b>Энергия для нескольких адресов</b>
    Отметьте сохранённые адреса нажатием и нажмите «Продолжить». Или пришлите адреса по одному в строке, при желании с объёмом для каждого:
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    Не больше { $max } адресов; вместо адреса можно написать его сохранённое имя.
batch-ask-addresses-typed = <b>Энергия для нескольких адресов</b>
    Пришлите адреса по одному в строке, при желании с объёмом для каждого:
    <code>TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k</code>
    Не больше { $max } адресов.
batch-button-continue = ➡️ Продолжить: { $count ->
    [one] { $count } адрес
    [few] { $count } адреса
   *[other] { $count } адресов
}
batch-button-several = 📋 Несколько адресов
batch-bad-lines = { $count ->
    [one] Эта строка не принята, ничего не изменилось:
   *[other] Эти строки ({ $count }) не приняты, ничего не изменилось:
}
batch-bad-address = Строка { $line }: «{ $text }» — это не адрес TRON и не одно из ваших сохранённых имён.
batch-bad-duplicate = Строка { $line }: «{ $text }» повторяет адрес, который уже есть в списке.
batch-bad-volume-unreadable = Строка { $line }: не удалось прочитать объём в «{ $text }». Пишите, например, { $examples }.
batch-bad-volume-range = Строка { $line }: { $volume } вне допустимого диапазона, от { $min } до { $max }.
batch-empty = Пришлите хотя бы один адрес, по одному в строке.
batch-too-many = Адресов: { $count }, а в одной партии можно не больше { $max }. Пришлите меньше.
batch-ask-volume = Сколько энергии для каждого из адресов ({ $count })? Выберите объём или введите его (например, { $examples }). Допустимо: от { $min } до { $max }.{ $own ->
    [0] {""}
   *[other] {" "}Строки со своим объёмом сохранят его.
}
batch-volume-own = объём каждой строки
batch-ask-duration = На какой срок? Энергия для адресов: { $count }, { $volume }.
batch-preview-title = <b>Предпросмотр: энергия для адресов ({ $count })</b>, { $duration }
batch-preview-line = { $n }. { $address }: { $volume } за { $price }
batch-preview-line-activation = { $n }. { $address }: { $volume } за { $price } (вместе с платой за активацию адреса { $fee })
batch-preview-total = <b>Итого к оплате:</b> { $total }
batch-preview-balance = Ваш баланс: { $balance } → после этих заказов: { $after }
batch-preview-balance-missing = Ваш баланс: { $balance }, для этих заказов не хватает { $missing }
batch-preview-short = ⚠️ Баланса не хватает на все заказы: пополните хотя бы на { $shortfall } и нажмите «Обновить».
batch-preview-note = «Подтвердить» размещает по одному заказу на каждый адрес. Повторное нажатие никогда не разместит заказ дважды.
batch-button-confirm = ✅ Подтвердить заказы ({ $count })
batch-button-orders = 📋 Мои заказы
batch-placing = Размещаю заказы…
batch-already-done = Эти заказы уже размещены.
batch-unknown = Эта кнопка устарела. Начните заново с /batch.
batch-was-cancelled = Эта партия отменена. Начните заново с /batch.
batch-cannot-cancel = Эти заказы уже размещаются или размещены: отменять нечего.
batch-cancelled = Отменено. Ничего не заказано.
batch-expired-note = 🔄 Этому предпросмотру больше { $minutes } минут, поэтому ничего не заказано. Вот сегодняшние цены: проверьте итог и нажмите «Подтвердить».
batch-result-title = <b>Энергия для адресов ({ $count })</b>, { $duration }
batch-result-placed = ✅ { $n }. { $address }: { $volume }, { $total }, заказ { $id }
batch-result-refused = ❌ { $n }. { $address }: { $volume } не размещено. { $reason }
batch-result-over-budget = ❌ { $n }. { $address }: { $volume } не размещено: месячный бюджет этого ключа исчерпан (см. /keys).
batch-result-unknown = ⚠️ { $n }. { $address }: { $volume }, маркетплейс пока не ответил.
batch-result-not-placed = ⏹ { $n }. { $address }: { $volume } не размещено.
batch-result-summary = Размещено { $placed } из { $count }.
batch-result-unknown-note = По некоторым заказам ещё нет ответа: повторное нажатие «Подтвердить» безопасно, оно никогда не разместит заказ дважды и не спишет деньги дважды.

# /schedule: покупки по расписанию (issue 33, пункт 4)
schedule-title = 🗓 <b>Покупки по расписанию</b>
schedule-none = Расписаний пока нет. Добавьте — и я буду покупать энергию в выбранные дни и время, например по будням в 09:00.
schedule-how = Каждое время выполняется один раз. Если я не смог выполнить покупку в течение 10 минут после её времени, я пропускаю её и сообщаю вам; если не хватает баланса, цена выше вашего максимума или мешает бюджет ключа либо его дневной лимит — тоже пропускаю и сообщаю.
schedule-when = { $days } в { $time } ({ $zone })
schedule-what = { $volume } энергии · { $duration }
schedule-days-every = каждый день
schedule-days-weekdays = по будням
schedule-line = { $n }. ▶️ { $what } для { $address }, { $when }
schedule-line-paused = { $n }. ⏸ { $what } для { $address }, { $when }: на паузе
schedule-line-next = Следующая: { $next }
schedule-line-failures-only = Сообщает только о пропущенных и неудачных покупках.
schedule-last-placed = Последняя { $at }: куплено
schedule-last-skipped = Последняя { $at }: пропущена ({ $reason })
schedule-last-failed = Последняя { $at }: не удалась ({ $reason })
schedule-last-running = Последняя { $at }: выполняется
schedule-reason-late = слишком поздно
schedule-reason-balance = мало баланса
schedule-reason-budget = месячный бюджет исчерпан
schedule-reason-cap = дневной лимит расходов
schedule-reason-key = ключа нет или он не может покупать
schedule-reason-refused = маркетплейс отказал
schedule-reason-unknown = нет ответа
schedule-button-pause = ⏸ { $n }
schedule-button-resume = ▶️ { $n }
schedule-button-delete = ✖️ { $n }
schedule-button-new = ➕ Новое расписание
schedule-button-list = 🗓 Мои расписания
schedule-paused = Расписание { $n } на паузе.
schedule-resumed = Расписание { $n } снова работает.
schedule-deleted = Расписание удалено.
schedule-gone = Этого расписания больше нет.
schedule-energy-unavailable = Сейчас энергию купить нельзя, поэтому расписание не создать. Попробуйте позже.
schedule-ask-address = На какой адрес покупать энергию? Отправьте адрес TRON.
schedule-ask-address-saved = На какой адрес покупать энергию? Выберите его или отправьте адрес TRON (или имя, под которым вы его сохранили).
schedule-address-invalid = «{ $text }» — не адрес TRON (34 символа, начинается с T) и не сохранённое имя.
schedule-ask-volume = Сколько энергии покупать для { $address } каждый раз? Выберите или отправьте число от { $min } до { $max }.
schedule-volume-bad = Отправьте целое число энергии от { $min } до { $max }.
schedule-ask-duration = На какой срок арендовать { $volume } энергии каждый раз?
schedule-ask-days = { $what }: по каким дням?
schedule-button-every-day = Каждый день
schedule-button-weekdays = По будням (пн–пт)
schedule-button-choose-days = Выбрать дни
schedule-ask-choose-days = Отметьте дни покупки и нажмите «Готово».
schedule-button-days-done = ✅ Готово
schedule-days-none = Выберите хотя бы один день.
schedule-ask-time = В какое время? Отправьте ЧЧ:ММ в 24-часовом формате (например <code>09:00</code>).
schedule-time-bad = «{ $text }» — не время суток. Отправьте ЧЧ:ММ, например <code>09:00</code> или <code>21:30</code>.
schedule-ask-zone = { $time } в каком часовом поясе? Выберите или отправьте название пояса, например <code>Europe/Berlin</code>, или смещение, например <code>UTC+3</code>.
schedule-zone-bad = «{ $text }» — неизвестный часовой пояс. Отправьте название, например <code>Asia/Tokyo</code>, или смещение, например <code>+5:30</code>.
schedule-ask-notify = Сообщать о каждой покупке или только о неудачных и пропущенных?
schedule-button-notify-all = 🔔 О каждой
schedule-button-notify-failures = ⚠️ Только о неудачах
schedule-preview-title = 🗓 <b>Новая покупка по расписанию</b>
schedule-preview-what = Покупка: { $what } для { $address }
schedule-preview-when = Когда: { $when }
schedule-preview-next = Первая покупка: { $next }
schedule-preview-price = Цена сегодня: { $price } (баланс { $balance })
schedule-preview-notify-all = Уведомления: о каждой покупке
schedule-preview-notify-failures = Уведомления: только о неудачных и пропущенных
schedule-preview-short = ⚠️ Сегодня баланса не хватает даже на одну покупку: без достаточного баланса покупка пропускается.
schedule-button-save = ✅ Сохранить расписание
schedule-saved = ✅ Расписание создано: { $what } для { $address }, { $when }.
schedule-too-many = У вас уже 10 расписаний: сначала удалите одно.
notice-schedule-placed = 🗓 Покупка по расписанию выполнена: { $what } для { $address }, { $total } (время { $due }, { $zone }). Заказ { $order }.
notice-schedule-skipped = 🗓 Покупка по расписанию пропущена: { $what } для { $address } (время { $due }, { $zone }).
notice-schedule-failed = 🗓❌ Покупка по расписанию не удалась: { $what } для { $address } (время { $due }, { $zone }).
notice-schedule-why-late = Бот не смог выполнить её в течение { $minutes } минут после назначенного времени, поэтому ничего не куплено.
notice-schedule-why-balance = Баланса { $balance } не хватает на { $needed }. Пополните его до следующей покупки.
notice-schedule-why-balance-unknown = Баланса не хватает. Пополните его до следующей покупки.
notice-schedule-why-budget = Месячный бюджет этого ключа исчерпан ({ $spent } из { $budget }). Увеличьте его в /keys или дождитесь следующего месяца.
notice-schedule-why-cap = Покупка превысила бы дневной лимит расходов этого ключа на маркетплейсе. Лимит обнуляется в 00:00 UTC.
notice-schedule-why-key = Ключа этого расписания больше нет, или он не может покупать. Добавьте ключ с правом покупки в /keys и создайте расписание заново.
notice-schedule-why-unknown = Маркетплейс не ответил вовремя. Заказ мог быть создан: проверьте /orders, прежде чем покупать снова.
notice-schedule-why-refused = Маркетплейс отказал в заказе ({ $code }). Ничего не списано.
notice-schedule-next = Следующая покупка: { $next } ({ $zone }).
notice-schedule-balance = 💰 Баланс
schedule-ask-max = Сегодня одна покупка стоит { $price }. Сколько она может стоить самое большее? Отправьте сумму в TRX (более дорогая покупка пропускается, и я сообщаю об этом) или нажмите «Без ограничения».
schedule-button-no-max = Без ограничения
schedule-max-off-word = нет
schedule-max-bad = Отправьте сумму в TRX больше 0, например <code>10</code> или <code>7.5</code>, или нажмите «Без ограничения».
schedule-preview-max = Не дороже: { $max } за покупку
schedule-preview-above-max = ⚠️ Сегодняшняя цена выше вашего максимума: по такой цене покупка будет пропущена.
schedule-line-max = Не дороже { $max } за покупку.
schedule-reason-price = дороже вашего максимума
notice-schedule-why-price = Сегодня это стоит { $price }, больше вашего максимума { $max } за покупку. Если максимум слишком мал, удалите расписание в /schedule и создайте новое.
notice-brief-schedule-placed = 🗓 Покупка по расписанию для { $target }: { $what }
notice-brief-schedule-skipped = 🗓 Покупка по расписанию для { $target } пропущена: { $what } ({ $reason })
notice-brief-schedule-failed = 🗓❌ Покупка по расписанию для { $target } не удалась: { $what } ({ $reason })
notice-schedule-list = 🗓 Мои расписания

## issue 33: notices into a group or channel (/settings)
settings-where-private = 📍 Уведомления приходят: <b>в этот чат</b>
settings-where-both = 📍 Уведомления приходят: <b>в этот чат</b> и в <b>{ $chat }</b>
settings-where-there = 📍 Уведомления приходят: только в <b>{ $chat }</b>
settings-where-brief = { "   " }Там: только что произошло (без ключа, баланса и адреса пополнения)
settings-where-full = { "   " }Там: полные уведомления, как здесь
settings-where-lost = 📍 Уведомления приходят: <b>в этот чат</b> (мне больше нельзя публиковать их в <b>{ $chat }</b>: выберите его снова, когда мы оба будем там администраторами)
settings-button-chat-pick = 📍 Ещё в группу или канал
settings-button-chat-change = 📍 Другая группа или канал
settings-button-chat-full = 📝 Полные уведомления там
settings-button-chat-brief = 📝 Там только что произошло
settings-button-chat-here-off = 🔕 Не сюда
settings-button-chat-here-on = 🔔 И сюда тоже
settings-button-chat-remove = ✖️ Больше не туда
settings-toast-chat-full = Там полные уведомления
settings-toast-chat-brief = Там только что произошло
settings-toast-chat-here-on = Уведомления и сюда
settings-toast-chat-here-off = Уведомления только туда
settings-toast-chat-removed = Уведомления только сюда
settings-chat-ask = Куда ещё присылать уведомления? Выберите группу или канал кнопками ниже: и вы, и я должны быть там администраторами (мессенджер предложит добавить меня). Можно также прислать идентификатор чата (например, <code>-1001234567890</code>) или переслать мне пост из канала.
settings-chat-pick-group = 👥 Группа
settings-chat-pick-channel = 📢 Канал
settings-chat-not-group = Это личный чат: выберите группу или канал. Откройте /settings, чтобы попробовать снова.
settings-chat-unknown = Я не вижу этот чат: сначала добавьте меня туда администратором, затем выберите его снова в /settings.
settings-chat-you-not-admin = Отправлять уведомления в <b>{ $chat }</b> может только его администратор, а вы им не являетесь. Откройте /settings, чтобы выбрать другой чат.
settings-chat-bot-not-admin = Сделайте меня администратором <b>{ $chat }</b>, затем выберите его снова в /settings.
settings-chat-bot-not-admin-channel = Сделайте меня администратором <b>{ $chat }</b> с правом публиковать сообщения, затем выберите его снова в /settings.
settings-chat-chosen = ✅ Теперь уведомления приходят и в <b>{ $chat }</b>. Там они сообщают только что произошло, без ключа, баланса и адреса пополнения, если вы не включите полные уведомления.
notice-chat-lost = ⚠️ Я больше не могу публиковать уведомления в <b>{ $chat }</b> (я или вы больше не администратор там), поэтому они снова приходят сюда. Выберите чат снова в /settings, когда это исправят.
notice-brief-order-filled = ✅ Заказ выполнен: { $what }
notice-brief-order-failed = ❌ Заказ не выполнен: { $what }
notice-brief-order-filled-for = ✅ Заказ для { $target } выполнен: { $what }
notice-brief-order-failed-for = ❌ Заказ для { $target } не выполнен: { $what }
notice-brief-rule-paused = ⏸ Правило приостановлено: { $rule } для { $address }
notice-brief-rules-paused = ⏸ Правила приостановлены ({ $count }):
notice-brief-rule-resumed = ▶️ Правило возобновлено: { $rule } для { $address }
notice-brief-rule-fired = ⚡ Правило сработало: { $rule } доставило { $volume } энергии на { $address }
notice-brief-balance-low = 💰 Баланс ключа опустился ниже порога оповещения.
notice-brief-deposit = 💰 Поступило пополнение.
notice-brief-price-alert = 📉 Цена энергии опустилась ниже ценового оповещения.
notice-brief-budget-warning = 💰 Ключ близок к месячному бюджету.
notice-brief-budget-reached = 🛑 Ключ исчерпал месячный бюджет: его правила приостановлены.
notice-brief-budget-resumed = ▶️ Правила, приостановленные ради бюджета, снова активны.
notice-brief-cap-paused = ⏸ Правило приостановлено выше максимальной цены: { $rule } для { $address }
notice-brief-cap-resumed = ▶️ Правило возобновлено ниже максимальной цены: { $rule } для { $address }
## end issue 33: notices into a group or channel

## issue 33: team desk (/team)
command-team =
    .description = Командный стол: ключ для администраторов группы
team-title = 🧑‍🤝‍🧑 <b>Командные столы</b>
team-none = Пока нет: привяжите ключ к группе, и её администраторы смогут покупать и смотреть баланс там.
team-how = В группе администраторы отправляют /team для стола, /buy для покупки по шагам (или <code>/buy &lt;адрес&gt; &lt;объём&gt; [&lt;срок&gt;]</code> сразу), /balance для баланса. Остальные участники видят только уведомления о заказах. Ни ключ, ни адрес пополнения там никогда не публикуются.
team-desk-line = • <b>{ $chat }</b>: ключ { $key }, { $max }
team-max-none = без максимума на заказ
team-max-value = не более { $amount } за заказ
team-button-max = 💰 Максимум · { $chat }
team-button-remove = ✖️ Отвязать · { $chat }
team-button-bind = ➕ Привязать мой ключ к группе
team-button-back = 🧑‍🤝‍🧑 Командные столы
team-need-key = Сначала добавьте ключ: стол использует ваш ключ по умолчанию.
team-bind-ask = Какая группа может пользоваться ключом { $key }? Выберите её кнопкой ниже (вы должны быть её администратором, а я — её участником) или пришлите идентификатор группы (например, <code>-1001234567890</code>).
team-pick-group = 👥 Выбрать группу
team-not-group = Это не группа: выберите группу. Откройте /team, чтобы попробовать снова.
team-chat-unknown = Я не вижу эту группу: сначала добавьте меня туда, затем снова откройте /team.
team-bot-not-member = Меня нет в <b>{ $chat }</b>: сначала добавьте меня туда, затем снова откройте /team.
team-you-not-admin = Привязать ключ к <b>{ $chat }</b> может только её администратор, а вы им не являетесь.
team-taken = У <b>{ $chat }</b> уже есть командный стол другого владельца.
team-bound = ✅ Ваш ключ { $key } привязан к <b>{ $chat }</b>. Теперь её администраторы могут покупать и смотреть баланс там; все участники видят уведомления о заказах.
team-toast-removed = Стол удалён
team-toast-gone = Уже удалён
team-max-ask = Пришлите, сколько TRX может стоить один заказ в группе (например, <code>50</code>). Отправьте <code>нет</code>, чтобы снять максимум.
team-button-no-max = ✖️ Без максимума
team-max-off-word = нет
team-max-bad = Пришлите сумму TRX больше 0, например 50 или 12,5, или <code>нет</code>.
team-max-set = ✅ Теперь заказ в группе может стоить не более { $amount }.
team-max-cleared = Теперь у заказов в группе нет максимума.
team-group-none = У этой группы нет командного стола. Владелец ключа привязывает его в личном чате со мной командой /team.
team-group-title = 🧑‍🤝‍🧑 <b>Командный стол { $chat }</b>
team-group-how = Администраторы: /buy для покупки по шагам или <code>/buy &lt;адрес&gt; &lt;объём&gt; [&lt;срок&gt;]</code> сразу (например, <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>), кнопка ниже — баланс.
team-button-balance = 💰 Баланс
team-balance-title = 💰 <b>Баланс команды</b>
team-admins-only = Ключом команды могут пользоваться только администраторы группы.
team-checked-by = Проверил(а) { $who }
team-buy-usage = Отправьте <code>/buy &lt;адрес&gt; &lt;объём&gt; [&lt;срок&gt;]</code>, например <code>/buy TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY 65k 1h</code>: объём энергии (65k) или число переводов USDT (2), срок — один из предлагаемых маркетплейсом.
team-over-max = Этот заказ стоил бы { $cost }, больше максимума команды в { $max } за заказ.
team-asked-by = Запросил(а) { $who }
team-preview-short = ⚠️ На ключе команды не хватает { $shortfall }: владелец ключа может пополнить его (у себя в /deposit), затем отправьте /buy снова.
team-button-confirm = ✅ Подтвердить
team-button-cancel = ✖️ Отмена
team-not-this-desk = Эта кнопка не относится к столу этой группы.
team-bought-by = Купил(а) { $who }
team-already-placed = Этот заказ уже размещён.
team-preview-expired = Этот предпросмотр устарел: отправьте /buy снова, чтобы получить текущую цену.
team-unknown = Не удалось понять, принял ли маркетплейс заказ: нажмите «Подтвердить» ещё раз (дважды он не будет размещён).
team-over-budget = Месячный бюджет ключа исчерпан: решение за владельцем в личном чате.
team-preview-closed = Этот предпросмотр закрыт.
team-cancelled-by = Отменил(а) { $who }
## end issue 33: team desk
