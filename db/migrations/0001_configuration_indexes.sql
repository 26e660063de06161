DROP INDEX `configurations_user_created_idx`;--> statement-breakpoint
DROP INDEX `configurations_created_idx`;--> statement-breakpoint
DROP INDEX `configurations_package_idx`;--> statement-breakpoint
DROP INDEX `configurations_locations_idx`;--> statement-breakpoint
DROP INDEX `configurations_contract_idx`;--> statement-breakpoint
DROP INDEX `configurations_tcv_idx`;--> statement-breakpoint
CREATE INDEX `configurations_user_package_idx` ON `configurations` (`user_id`,`package_name`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_user_locations_idx` ON `configurations` (`user_id`,`locations`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_user_contract_idx` ON `configurations` (`user_id`,`contract_duration`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_user_tcv_idx` ON `configurations` (`user_id`,`tcv_cents`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_user_created_idx` ON `configurations` (`user_id`,`created_at`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_created_idx` ON `configurations` (`created_at`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_package_idx` ON `configurations` (`package_name`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_locations_idx` ON `configurations` (`locations`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_contract_idx` ON `configurations` (`contract_duration`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `configurations_tcv_idx` ON `configurations` (`tcv_cents`,`id`,`name`);