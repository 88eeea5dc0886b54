import type { UserFromGetMe } from "grammy/types";

/** A complete getMe answer for tests and benchmarks (a bot built with it skips its own getMe). */
export function testBotInfo(overrides: Partial<UserFromGetMe> = {}): UserFromGetMe {
  return {
    id: 123456,
    is_bot: true,
    first_name: "Energy Bot",
    username: "energy_test_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...overrides,
  };
}
