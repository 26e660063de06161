CREATE TABLE `owed_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`last_attempt_at` integer,
	`next_attempt_at` integer,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `owed_mails_key_unique` ON `owed_mails` (`key`);--> statement-breakpoint
CREATE INDEX `owed_mails_due_idx` ON `owed_mails` (`status`,`next_attempt_at`);