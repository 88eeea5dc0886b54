CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`label` text NOT NULL,
	`fingerprint` text NOT NULL,
	`sealed_key` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`missing_scopes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_keys_user` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `bot_storage` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`intent_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer,
	`idempotency_key` text NOT NULL,
	`resource` text NOT NULL,
	`target_address` text NOT NULL,
	`volume` text NOT NULL,
	`duration` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`order_id` text,
	`status` text,
	`total_trx` text,
	`tx_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_order_id` ON `orders` (`order_id`);--> statement-breakpoint
CREATE INDEX `orders_status` ON `orders` (`state`,`status`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`dedupe_key` text NOT NULL,
	`text` text NOT NULL,
	`reply_markup` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `recent_addresses` (
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`used_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rule_snapshots` (
	`rule_id` text PRIMARY KEY NOT NULL,
	`key_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`pause_reason` text,
	`spent_trx` text DEFAULT '0' NOT NULL,
	`last_fire_at` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY NOT NULL,
	`chat_id` integer NOT NULL,
	`language` text,
	`blocked` integer DEFAULT false NOT NULL,
	`notices_enabled` integer DEFAULT true NOT NULL,
	`notify_fires` integer DEFAULT false NOT NULL,
	`balance_alert_sun` text,
	`balance_alert_tripped` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_chat` ON `users` (`chat_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` integer,
	`route_token` text NOT NULL,
	`endpoint_id` text,
	`sealed_secret` text,
	`enabled` integer DEFAULT true NOT NULL,
	`last_event_at` integer,
	`last_event_type` text,
	`last_ping_at` integer,
	`last_verified_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_endpoints_token` ON `webhook_endpoints` (`route_token`);--> statement-breakpoint
CREATE INDEX `webhook_endpoints_user` ON `webhook_endpoints` (`user_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`endpoint_row_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`endpoint_row_id`, `event_id`)
);
