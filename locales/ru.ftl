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
error-insufficient-balance = Недостаточно TRX на балансе. Пополните баланс и попробуйте снова.
error-provider-failed = Поставщик энергии не смог выполнить заказ. Ничего не списано: TRX вернулись на баланс. Попробуйте ещё раз.
error-checker-unavailable = Узел сети TRON сейчас недоступен. Попробуйте через минуту.
error-not-found = Не найдено: возможно, удалено или принадлежит другому аккаунту.
error-ambiguous = Маркетплейс не подтвердил, прошла ли операция. Проверьте /rules или /orders, прежде чем повторять.
error-marketplace-unreachable = Маркетплейс сейчас не отвечает. Попробуйте через минуту.
error-marketplace-unexpected = Маркетплейс прислал ответ, который я не смог прочитать. Попробуйте позже.
error-request-rejected = Маркетплейс отклонил запрос. Проверьте значения и попробуйте снова.
error-request-rejected-detail = Маркетплейс отклонил запрос: { $detail }
