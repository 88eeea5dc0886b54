CREATE TABLE `leader_lease` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`epoch` integer NOT NULL,
	`expires_at` integer NOT NULL
);
