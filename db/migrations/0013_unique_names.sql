-- Names become unique per kind, trimmed and in any case (docs/PRODUCT.md "The admin area"). Before the indexes can
-- hold, every later namesake (in id order) is renamed by appending " (2)", " (3)", … to its own trimmed name, skipping
-- a number whose name is taken already, and each rename is an audit entry of its own.
CREATE TEMP TABLE `unique_names_renames` (`entity` text NOT NULL, `id` integer NOT NULL, `old` text NOT NULL, `new` text NOT NULL);
--> statement-breakpoint
WITH RECURSIVE
  keyed AS (SELECT id, name, lower(trim(name)) AS k, row_number() OVER (PARTITION BY lower(trim(name)) ORDER BY id) AS rn FROM `packages`),
  dupes AS (SELECT k, count(*) AS n FROM keyed GROUP BY k HAVING count(*) > 1),
  -- enough numbers for each name: one per namesake, plus one per existing name that could take a number
  slots(k, i, last) AS (
    SELECT d.k, 2, d.n + (SELECT count(*) FROM keyed o WHERE substr(o.k, 1, length(d.k) + 2) = d.k || ' (') FROM dupes d
    UNION ALL SELECT k, i + 1, last FROM slots WHERE i < last
  ),
  free AS (SELECT k, i, row_number() OVER (PARTITION BY k ORDER BY i) AS nth FROM slots WHERE k || ' (' || i || ')' NOT IN (SELECT k FROM keyed))
INSERT INTO `unique_names_renames` (`entity`, `id`, `old`, `new`)
  SELECT 'package', keyed.id, keyed.name, trim(keyed.name) || ' (' || free.i || ')'
  FROM keyed JOIN free ON free.k = keyed.k AND free.nth = keyed.rn - 1
  WHERE keyed.rn > 1
  ORDER BY keyed.id;
--> statement-breakpoint
WITH RECURSIVE
  keyed AS (SELECT id, name, lower(trim(name)) AS k, row_number() OVER (PARTITION BY lower(trim(name)) ORDER BY id) AS rn FROM `addon_categories`),
  dupes AS (SELECT k, count(*) AS n FROM keyed GROUP BY k HAVING count(*) > 1),
  -- enough numbers for each name: one per namesake, plus one per existing name that could take a number
  slots(k, i, last) AS (
    SELECT d.k, 2, d.n + (SELECT count(*) FROM keyed o WHERE substr(o.k, 1, length(d.k) + 2) = d.k || ' (') FROM dupes d
    UNION ALL SELECT k, i + 1, last FROM slots WHERE i < last
  ),
  free AS (SELECT k, i, row_number() OVER (PARTITION BY k ORDER BY i) AS nth FROM slots WHERE k || ' (' || i || ')' NOT IN (SELECT k FROM keyed))
INSERT INTO `unique_names_renames` (`entity`, `id`, `old`, `new`)
  SELECT 'category', keyed.id, keyed.name, trim(keyed.name) || ' (' || free.i || ')'
  FROM keyed JOIN free ON free.k = keyed.k AND free.nth = keyed.rn - 1
  WHERE keyed.rn > 1
  ORDER BY keyed.id;
--> statement-breakpoint
WITH RECURSIVE
  keyed AS (SELECT id, name, lower(trim(name)) AS k, row_number() OVER (PARTITION BY lower(trim(name)) ORDER BY id) AS rn FROM `addons`),
  dupes AS (SELECT k, count(*) AS n FROM keyed GROUP BY k HAVING count(*) > 1),
  -- enough numbers for each name: one per namesake, plus one per existing name that could take a number
  slots(k, i, last) AS (
    SELECT d.k, 2, d.n + (SELECT count(*) FROM keyed o WHERE substr(o.k, 1, length(d.k) + 2) = d.k || ' (') FROM dupes d
    UNION ALL SELECT k, i + 1, last FROM slots WHERE i < last
  ),
  free AS (SELECT k, i, row_number() OVER (PARTITION BY k ORDER BY i) AS nth FROM slots WHERE k || ' (' || i || ')' NOT IN (SELECT k FROM keyed))
INSERT INTO `unique_names_renames` (`entity`, `id`, `old`, `new`)
  SELECT 'addon', keyed.id, keyed.name, trim(keyed.name) || ' (' || free.i || ')'
  FROM keyed JOIN free ON free.k = keyed.k AND free.nth = keyed.rn - 1
  WHERE keyed.rn > 1
  ORDER BY keyed.id;
--> statement-breakpoint
WITH RECURSIVE
  keyed AS (SELECT id, name, lower(trim(name)) AS k, row_number() OVER (PARTITION BY lower(trim(name)) ORDER BY id) AS rn FROM `discounts`),
  dupes AS (SELECT k, count(*) AS n FROM keyed GROUP BY k HAVING count(*) > 1),
  -- enough numbers for each name: one per namesake, plus one per existing name that could take a number
  slots(k, i, last) AS (
    SELECT d.k, 2, d.n + (SELECT count(*) FROM keyed o WHERE substr(o.k, 1, length(d.k) + 2) = d.k || ' (') FROM dupes d
    UNION ALL SELECT k, i + 1, last FROM slots WHERE i < last
  ),
  free AS (SELECT k, i, row_number() OVER (PARTITION BY k ORDER BY i) AS nth FROM slots WHERE k || ' (' || i || ')' NOT IN (SELECT k FROM keyed))
INSERT INTO `unique_names_renames` (`entity`, `id`, `old`, `new`)
  SELECT 'discount', keyed.id, keyed.name, trim(keyed.name) || ' (' || free.i || ')'
  FROM keyed JOIN free ON free.k = keyed.k AND free.nth = keyed.rn - 1
  WHERE keyed.rn > 1
  ORDER BY keyed.id;
--> statement-breakpoint
INSERT INTO `audit_log` (`at`, `user_id`, `actor`, `entity`, `entity_id`, `action`, `before`, `after`)
  SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS integer), NULL, 'Upgrade to unique names', `entity`, `id`, 'update',
    json_object('name', `old`), json_object('name', `new`)
  FROM `unique_names_renames` ORDER BY rowid;
--> statement-breakpoint
UPDATE `packages` SET `name` = (SELECT r.`new` FROM `unique_names_renames` r WHERE r.`entity` = 'package' AND r.`id` = `packages`.`id`)
  WHERE `id` IN (SELECT `id` FROM `unique_names_renames` WHERE `entity` = 'package');
--> statement-breakpoint
UPDATE `addon_categories` SET `name` = (SELECT r.`new` FROM `unique_names_renames` r WHERE r.`entity` = 'category' AND r.`id` = `addon_categories`.`id`)
  WHERE `id` IN (SELECT `id` FROM `unique_names_renames` WHERE `entity` = 'category');
--> statement-breakpoint
UPDATE `addons` SET `name` = (SELECT r.`new` FROM `unique_names_renames` r WHERE r.`entity` = 'addon' AND r.`id` = `addons`.`id`)
  WHERE `id` IN (SELECT `id` FROM `unique_names_renames` WHERE `entity` = 'addon');
--> statement-breakpoint
UPDATE `discounts` SET `name` = (SELECT r.`new` FROM `unique_names_renames` r WHERE r.`entity` = 'discount' AND r.`id` = `discounts`.`id`)
  WHERE `id` IN (SELECT `id` FROM `unique_names_renames` WHERE `entity` = 'discount');
--> statement-breakpoint
DROP TABLE `unique_names_renames`;
--> statement-breakpoint
CREATE UNIQUE INDEX `addon_categories_name_unique` ON `addon_categories` (lower(trim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX `addons_name_unique` ON `addons` (lower(trim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX `discounts_name_unique` ON `discounts` (lower(trim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX `packages_name_unique` ON `packages` (lower(trim("name")));