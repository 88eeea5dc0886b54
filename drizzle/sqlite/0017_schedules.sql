CREATE TABLE `schedule_runs` (
	`schedule_id` integer NOT NULL,
	`due_at` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	`intent_id` text,
	`claimed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`schedule_id`, `due_at`),
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedule_runs_state` ON `schedule_runs` (`state`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key_id` integer NOT NULL,
	`resource` text NOT NULL,
	`target_address` text NOT NULL,
	`volume` text NOT NULL,
	`duration` text NOT NULL,
	`days` text NOT NULL,
	`time` text NOT NULL,
	`time_zone` text NOT NULL,
	`notify` text DEFAULT 'all' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`checked_until` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedules_user` ON `schedules` (`user_id`);