ALTER TABLE `configurations` ADD `view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `configurations` ADD `first_viewed_at` integer;--> statement-breakpoint
ALTER TABLE `configurations` ADD `last_viewed_at` integer;--> statement-breakpoint
-- A quote whose link was opened before views were counted: at least that one view, at the time it was first opened.
UPDATE `configurations` SET `view_count` = 1,
  `first_viewed_at` = (SELECT min(`opened_at`) FROM `quote_shares` s WHERE s.`configuration_id` = `configurations`.`id`),
  `last_viewed_at` = (SELECT max(`opened_at`) FROM `quote_shares` s WHERE s.`configuration_id` = `configurations`.`id`)
  WHERE EXISTS (SELECT 1 FROM `quote_shares` s WHERE s.`configuration_id` = `configurations`.`id` AND s.`opened_at` IS NOT NULL);
