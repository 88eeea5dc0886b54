CREATE TABLE `chat_leases` (
	`chat_key` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `update_inbox` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`chat_key` text NOT NULL,
	`payload` text,
	`received_at` integer NOT NULL,
	`handled_at` integer
);
--> statement-breakpoint
CREATE INDEX `update_inbox_waiting` ON `update_inbox` (`chat_key`,`update_id`) WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX `update_inbox_received` ON `update_inbox` (`received_at`);