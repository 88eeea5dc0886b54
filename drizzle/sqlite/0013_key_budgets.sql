CREATE TABLE `budget_paused_rules` (
	`rule_id` text PRIMARY KEY NOT NULL,
	`key_id` integer NOT NULL,
	`paused_at` integer NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `budget_paused_rules_key` ON `budget_paused_rules` (`key_id`);--> statement-breakpoint
CREATE TABLE `key_budgets` (
	`key_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`budget_sun` text,
	`month` text,
	`firings_sun` text DEFAULT '0' NOT NULL,
	`warned_month` text,
	`reached_mark` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
