# ── Команды ──
command-start =
    .description = Приветствие и первые шаги
command-buy =
    .description = Купить энергию или пропускную способность
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
command-settings =
    .description = Уведомления и оповещение о балансе
command-language =
    .description = Сменить язык
command-cancel =
    .description = Отменить текущее действие
command-help =
    .description = Все команды

# ── Старт, помощь, язык, отмена ──
start-welcome =
    Привет, { $name }! Я помогаю арендовать <b>энергию</b> и <b>пропускную способность</b> TRON, чтобы переводы USDT стоили в разы дешевле сжигания TRX.

    <b>Первый шаг:</b> добавьте API-ключ маркетплейса командой /key (создайте его в кабинете: Настройки → API-ключи).
    Затем купите энергию для адреса через /buy, настройте правила /refill, /renewal или /smart и следите за /balance.

    Ключа пока нет? Проверьте любой адрес через /check и почитайте /blog.
start-welcome-back =
    С возвращением, { $name }! Что делаем?
    /buy энергия или пропускная способность · /orders · /balance · /rules · /help
help-title = <b>Что я умею</b>
help-footer = Подсказка: /cancel прерывает любое действие. Любой присланный адрес TRON можно проверить или пополнить энергией.
language-choose = Выберите язык:
language-changed = Язык изменён на русский.
language-name-en = 🇬🇧 English
language-name-ru = 🇷🇺 Русский
language-name-zh = 🇨🇳 中文
cancel-done = Отменено. Ничего не изменилось.
cancel-nothing = Отменять нечего. /help покажет, что я умею.
fallback-button = Эта кнопка устарела. Отправьте /help, чтобы начать заново.
fallback-message = Я не понял. Отправьте /help, чтобы увидеть, что я умею.

# ── Общие кнопки ──
button-add-key = 🔑 Добавить API-ключ
button-replace-key = 🔑 Заменить ключ
button-my-keys = 🔑 Мои ключи
button-deposit = 💳 Пополнить
button-buy-energy = ⚡ Купить энергию
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
error-no-key = Вы ещё не добавили API-ключ маркетплейса. Добавьте его командой /key.
error-insufficient-scope = Этому API-ключу это не разрешено (слишком низкий уровень доступа). Создайте в кабинете маркетплейса ключ с доступом <b>purchase</b> (или <b>full</b> для вебхуков) и добавьте его через /key.
error-spend-limit = Достигнут дневной лимит трат этого ключа. Он обнулится в 00:00 UTC, через { $hours } ч { $minutes } мин. Лимит можно поднять в кабинете.
error-key-rejected = Маркетплейс отклонил этот API-ключ (возможно, он отозван). Замените его новым.
error-key-unreadable = Ваш API-ключ больше не удаётся прочитать (у бота сменился ключ хранилища). Добавьте его заново через /key; больше ничего не потеряно.
error-insufficient-balance = Недостаточно TRX на балансе. Пополните баланс и попробуйте снова.
error-provider-failed = Поставщик энергии не смог выполнить заказ. Ничего не списано: TRX вернулись на баланс. Попробуйте ещё раз.
error-checker-unavailable = Узел сети TRON сейчас недоступен. Попробуйте через минуту.
error-not-found = Не найдено: возможно, удалено или принадлежит другому аккаунту.
error-ambiguous = Маркетплейс не подтвердил, прошла ли операция. Проверьте /rules или /orders, прежде чем повторять.
error-marketplace-unreachable = Маркетплейс сейчас не отвечает. Попробуйте через минуту.
error-marketplace-unexpected = Маркетплейс прислал ответ, который я не смог прочитать. Попробуйте позже.
error-request-rejected = Маркетплейс отклонил запрос. Проверьте значения и попробуйте снова.
error-request-rejected-detail = Маркетплейс отклонил запрос: { $detail }

# ── Buy (buy-*) and orders (order-*, orders-*) ──
buy-resource-energy = ⚡ Энергия
buy-resource-bandwidth = 📶 Пропускная способность
buy-ask-resource = Что вы хотите купить?
buy-ask-address = Отправьте TRON-адрес, который получит ресурс «{ $resource }».
buy-ask-address-recent = Отправьте TRON-адрес, который получит ресурс «{ $resource }», или выберите недавний ниже.
buy-address-invalid = «{ $text }» — не TRON-адрес (34 символа, начинается с T, с верной контрольной суммой). Отправьте адрес ещё раз или /cancel.
buy-address-info = У адреса { $address } доступно { $energy } из { $energyLimit } энергии и { $bandwidth } из { $bandwidthLimit } пропускной способности; { $activation }.
buy-address-activated = адрес активирован
buy-address-not-activated = адрес ещё не активирован, поэтому добавится плата за активацию
buy-address-unchecked = (Сейчас не удалось узнать текущую энергию и пропускную способность адреса; продолжаем без этих данных.)
buy-ask-volume = Сколько ресурса «{ $resource }» нужно для { $address }? Выберите объём или введите его (например, 65000, 65k, 131 000 или 1.5m). Допустимо: от { $min } до { $max }.
buy-volume-one-transfer = { $volume } · 1 перевод USDT
buy-volume-two-transfers = { $volume } · 2 перевода / новый держатель
buy-volume-transfers = { $count ->
    [one] { $volume } · ≈{ $count } перевод
    [few] { $volume } · ≈{ $count } перевода
   *[other] { $volume } · ≈{ $count } переводов
}
buy-volume-unreadable = Не удалось понять «{ $text }» как объём. Введите число, например 65000, 65k или 1.5m.
buy-volume-out-of-range = { $volume } вне допустимого диапазона: от { $min } до { $max }. Выберите другой объём.
buy-ask-duration = На какой срок? { $resource }, { $volume } для { $address }.
buy-duration-unknown = «{ $value }» — недоступный срок. Допустимые сроки: { $allowed }.
buy-resource-unknown = «{ $value }» я не продаю: укажите <code>energy</code> или <code>bandwidth</code>, например <code>/buy energy TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t 65k 1d</code>, или просто /buy.
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
buy-change-ask = Что изменить? Остальные ответы останутся прежними.
buy-change-resource = Ресурс
buy-change-address = Адрес
buy-change-volume = Объём
buy-change-duration = Срок
buy-outcome-unknown = ⚠️ Маркетплейс не ответил, поэтому пока неизвестно, прошёл ли заказ. Нажать «Подтвердить» ещё раз безопасно: второй заказ не будет создан, и деньги не спишутся дважды.
buy-shortfall = Ваш баланс: { $balance }. Для заказа нужно { $needed }: пополните минимум на { $shortfall }.
order-card-title = <b>Заказ: { $resource }</b>
order-card-id = Заказ: { $id }
order-card-status = Статус: { $status }
order-card-price = Цена: { $price }
order-card-total = Списано всего: { $total }
order-card-tx = Транзакция: { $tx } · { $link }
order-card-no-tx = Транзакция: ещё нет
order-card-time = Размещён: { $time }
order-card-refresh-hint = Доставка обычно занимает минуту-две; нажмите «Обновить», чтобы увидеть текущий статус.
order-status-created = Создан, доставляется
order-status-filled = Выполнен
order-status-failed = { $status }: поставщик не смог выполнить заказ, TRX вернулись на баланс
order-status-other = { $status }
orders-title = <b>Ваши заказы</b> · страница { $page } из { $pages } (всего { $total })
orders-line = { $resource } { $volume } · { $duration } → { $address } · { $status } · { $time }
orders-empty = У вас пока нет заказов. Купите энергию или пропускную способность через /buy.
orders-button-list = 📋 Мои заказы
orders-refreshed = Обновлено.
orders-refresh-unchanged = Пока без изменений.

# ── Automation rules (/refill, /renewal, /smart, /rules) ──
rules-kind-refill = Автопополнение
rules-kind-renewal = Автопродление
rules-kind-smart = Умный режим
rules-status-active = активно
rules-status-paused = на паузе
rules-status-cancelled = отменено
rules-pause-system = Система: закончился баланс
rules-pause-user = Пользователь: вы поставили на паузу
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
rules-card-spent = Потрачено TRX: { $amount }
rules-card-created = Создано: { $date }
rules-card-updated = Изменено: { $date }
rules-card-id = ID: { $id }
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
auto-created = ✅ Правило создано.
auto-button-open-rule = ⚙️ Открыть правило

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
keys-saved = ✅ Ключ <code>{ $fingerprint }</code> работает и сохранён.
keys-saved-default = Теперь это ваш основной ключ.
keys-saved-not-default = Основной ключ остался прежним; изменить его можно в /keys.
keys-label-ask-new = Пришлите для него название (например, <i>Основной</i> или <i>Торговля</i>), чтобы различать ключи, или нажмите «Пропустить».
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
keys-cannot = ⚠️ не может: { $scopes }
keys-list-footer = Основной ключ используется для всех действий здесь.
keys-button-make-default = ⭐ Сделать { $fingerprint } основным
keys-button-rename = ✏️ Переименовать { $fingerprint }
keys-button-remove = 🗑 Удалить { $fingerprint }
keys-button-add = ➕ Добавить ключ
keys-remove-confirm = Удалить ключ <b>{ $name }</b> <code>{ $fingerprint }</code>? Это нельзя отменить.
keys-button-remove-yes = 🗑 Да, удалить
keys-removed = 🗑 Ключ <code>{ $fingerprint }</code> удалён.
keys-now-default = ⭐ Ключ <code>{ $fingerprint }</code> теперь основной.
keys-error-scope-op = 🚫 Этот API-ключ не может { $operation }: у него слишком низкий уровень доступа. Создайте в кабинете маркетплейса (Настройки → API-ключи) ключ с доступом <b>{ $scope }</b> (или выше) и добавьте его через /key.
keys-scope-op-orders = размещать заказы
keys-scope-op-rules = создавать или менять правила автоматизации
keys-scope-op-webhooks = управлять вебхуками
balance-title = 💰 <b>Ваш баланс</b>
balance-trx = TRX: { $amount }
balance-usdt = USDT: { $amount }
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
stats-energy = ⚡ <b>Энергия</b>
stats-bandwidth = 📶 <b>Пропускная способность</b>
stats-this-month = В этом месяце: { $volume }
stats-all-time = За всё время: { $volume }
stats-average = Средняя цена: { $sun } SUN за единицу
stats-no-deliveries = Средняя цена: поставок ещё не было
stats-daily = За 14 дней: { $sparkline }
stats-chart-legend = 🟧 энергия · 🟦 пропускная способность: поставлено за каждые сутки UTC за последние 14 дней.
stats-chart-energy = Энергия
stats-chart-bandwidth = Пропускная способность
stats-button-orders = 📋 Заказы

# ── Проверка адреса (check-*, address-*), инлайн-режим (inline-*), блог (blog-*) ──
check-usage = Отправьте <code>/check</code> с адресом TRON, например <code>/check TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t</code>.
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
address-button-check = 🔍 Проверить
inline-result-title = 🔍 Проверить { $address }
inline-result-description = Энергия { $energy } · пропускная способность { $bandwidth } · переводов USDT: { $transfers }
inline-type-address = Введите адрес TRON (T…), чтобы проверить его
inline-invalid-address = Это не адрес TRON: проверьте его и попробуйте снова
inline-check-failed = Не удалось проверить { $address }
blog-usage = Отправьте /blog с названием статьи (её slug), например { $example }.
blog-not-found = Статьи с названием { $slug } нет.
blog-not-translated = <i>Статья ещё не переведена на ваш язык — показываю на английском.</i>

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
notice-rule-resumed = ▶️ <b>Правило возобновлено</b>: { $rule } для { $address } снова активно.
notice-rule-fired = ⚡ <b>Правило сработало</b>: { $rule } доставило { $volume } энергии на { $address } за { $price }.
notice-balance-low = 💰 Ваш баланс { $balance } — ниже порога уведомления { $threshold }.
notice-webhook-ping = 🔔 Пришло тестовое событие от маркетплейса, и его подпись верна: уведомления через вебхук работают.
notice-button-open-rule = ⚙️ Открыть правило
webhook-no-public-url = Уведомления через вебхук на этом боте недоступны: оператор должен задать PUBLIC_URL (адрес, по которому маркетплейс может достучаться до бота). Уведомления о выполнении и сбоях всё равно придут, чуть позже, и без вебхука.
webhook-setup-steps =
    🔔 <b>Мгновенные уведомления через вебхук</b>

    Ваш личный URL получателя:
    { $url }

    1. В панели маркетплейса откройте Settings → Webhooks и создайте endpoint с этим URL.
    2. Выберите события <b>order.filled</b> и <b>order.failed</b>.
    3. Пришлите мне <b>id</b> endpoint'а (он выглядит так: 1b4e28ba-2fa1-11d2-883f-0016d3cca427).
webhook-setup-bad-id = Это не id endpoint'а: id — это UUID вида 1b4e28ba-2fa1-11d2-883f-0016d3cca427. Скопируйте его из панели и пришлите снова, или /cancel.
webhook-setup-ask-secret-standard = Endpoint { $id } сохранён. Теперь пришлите <b>секрет подписи</b> endpoint'а (начинается с <code>whsec_</code>). Я сразу удалю ваше сообщение и сохраню секрет в зашифрованном виде.
webhook-setup-ask-secret = Endpoint { $id } сохранён. Теперь пришлите <b>секрет подписи</b> endpoint'а. Я сразу удалю ваше сообщение и сохраню секрет в зашифрованном виде.
webhook-secret-not-deleted = ⚠️ Не удалось удалить ваше сообщение с секретом: удалите его, пожалуйста, сами.
webhook-secret-bad-standard = Это не похоже на секрет подписи: это одна строка, начинающаяся с <code>whsec_</code>. Ничего не сохранено. Отправьте /webhook, чтобы попробовать снова.
webhook-secret-bad = Это не похоже на секрет подписи (одна строка без пробелов). Ничего не сохранено. Отправьте /webhook, чтобы попробовать снова.
webhook-secret-saved = 🔐 Секрет сохранён (зашифрован). Прошу маркетплейс прислать тестовое событие и жду до { $seconds } с…
webhook-ping-verified = ✅ <b>Подключено</b>: тестовое событие пришло, подпись верна. Уведомления о выполнении и сбоях теперь приходят сразу.
webhook-ping-unverified = ⚠️ Тестовое событие пришло, но его подпись не сходится с присланным секретом. Скопируйте секрет endpoint'а заново, целиком, и нажмите «Управлять endpoint» → «Сменить endpoint».
webhook-ping-timeout =
    ⌛ За { $seconds } с тестовое событие не пришло. Проверьте:
    • URL endpoint'а — ровно { $url }, и бот доступен из интернета;
    • endpoint включён, выбраны события order.filled и order.failed;
    • секрет скопирован целиком.
    Затем нажмите «Проверить ещё раз».
webhook-status-title = 🔔 <b>Уведомления через вебхук</b>
webhook-status-url = URL получателя: { $url }
webhook-status-endpoint = Id endpoint'а: { $id }
webhook-status-no-events = Последнее событие: пока не было.
webhook-status-last-verified = Последнее событие: { $type }, { $time } · ✅ подпись верна
webhook-status-last-unverified = Последняя доставка: { $time } · ⚠️ подпись не сошлась
webhook-status-notices-on = Уведомления: включены
webhook-status-notices-off = Уведомления: выключены (события принимаются, но ничего не отправляется)
webhook-button-test = 🔁 Проверить ещё раз
webhook-button-notices-off = 🔕 Выключить уведомления
webhook-button-notices-on = 🔔 Включить уведомления
webhook-button-change = ✏️ Сменить endpoint
webhook-button-delete = 🗑 Удалить endpoint
webhook-button-delete-confirm = 🗑 Да, удалить
webhook-button-manage = ⚙️ Управлять endpoint
webhook-delete-confirm = Удалить endpoint вебхука? Маркетплейс перестанет доставлять события боту, а секрет endpoint'а будет утерян: для нового endpoint'а понадобится новый.
webhook-deleted = 🗑 Endpoint вебхука удалён. Уведомления о выполнении и сбоях всё равно придут, чуть позже. /webhook настроит новый.
webhook-none = У вас нет endpoint'а вебхука. Отправьте /webhook, чтобы настроить.
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
conversation-secret-deleted = Это похоже на секретный ключ, поэтому я удалил ваше сообщение и остановился. Чтобы добавить API-ключ, используйте /key; чтобы подключить вебхук — /webhook.
conversation-secret-not-deleted = Это похоже на секретный ключ, поэтому я остановился, не сохранив его. Удалить ваше сообщение не удалось: пожалуйста, удалите его сами. Чтобы добавить API-ключ, используйте /key; чтобы подключить вебхук — /webhook.

# ── Покупка: устаревшие предпросмотры (buy-expired-*) ──
buy-expired-toast = Цены обновлены: проверьте новый предпросмотр.
buy-expired-note = 🔄 Тот предпросмотр был старше { $minutes } минут, поэтому ничего не заказано. Вот актуальные цены: проверьте итог и нажмите «Подтвердить».
