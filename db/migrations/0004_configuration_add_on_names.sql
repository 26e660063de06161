ALTER TABLE `configurations` ADD `add_on_names` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Existing rows take their names from the snapshot they already hold (a snapshot without them keeps '[]').
UPDATE `configurations` SET `add_on_names` = json_extract(`snapshot`, '$.addOnNames') WHERE json_type(`snapshot`, '$.addOnNames') = 'array';
