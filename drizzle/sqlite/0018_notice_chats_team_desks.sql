CREATE TABLE `notice_chats` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`chat_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`full` integer DEFAULT false NOT NULL,
	`also_private` integer DEFAULT true NOT NULL,
	`lost` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notice_chats_chat` ON `notice_chats` (`chat_id`);--> statement-breakpoint
CREATE TABLE `team_desks` (
	`chat_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` integer NOT NULL,
	`title` text NOT NULL,
	`max_order_sun` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_desks_user` ON `team_desks` (`user_id`);