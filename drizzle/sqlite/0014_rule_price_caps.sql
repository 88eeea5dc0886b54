CREATE TABLE `rule_price_caps` (
	`rule_id` text PRIMARY KEY NOT NULL,
	`key_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`volume` text,
	`duration` text,
	`cap_sun` text NOT NULL,
	`paused_above` integer DEFAULT false NOT NULL,
	`told` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rule_price_caps_key` ON `rule_price_caps` (`key_id`);