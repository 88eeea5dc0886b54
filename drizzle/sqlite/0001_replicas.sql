CREATE TABLE `cron_ticks` (
	`job` text NOT NULL,
	`slot` text NOT NULL,
	`owner` text NOT NULL,
	`claimed_at` integer NOT NULL,
	PRIMARY KEY(`job`, `slot`)
);
--> statement-breakpoint
CREATE TABLE `processed_updates` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `processed_updates_seen` ON `processed_updates` (`seen_at`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `lease_owner` text;--> statement-breakpoint
CREATE INDEX `outbox_chat` ON `outbox` (`chat_id`,`status`);