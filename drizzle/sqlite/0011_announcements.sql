CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer,
	`text` text NOT NULL,
	`paid_broadcast` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`cursor` integer,
	`enqueued_all` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `paid_broadcast` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `announcement_id` integer;--> statement-breakpoint
CREATE INDEX `outbox_announcement` ON `outbox` (`announcement_id`,`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `announcements_enabled` integer DEFAULT true NOT NULL;