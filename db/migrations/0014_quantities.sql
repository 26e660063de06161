ALTER TABLE `addons` ADD `unit` text DEFAULT 'quote' NOT NULL;--> statement-breakpoint
ALTER TABLE `configuration_revisions` ADD `seller_discount` text;--> statement-breakpoint
ALTER TABLE `configurations` ADD `seller_discount` text;--> statement-breakpoint
-- Every stored quote keeps its figures to the cent (docs/PRODUCT.md "Saved quotes"): what it holds was priced with one
-- of each add-on and custom item, so each selection and item gets quantity 1; its snapshot (and the one each share link
-- froze) says so too, has no seller's discount, and gets the add-on and custom item lines the engine's answer carries,
-- derived from its breakdown lines as src/shared/pricing/to-json.ts derives them: the k-th 'addon' line with the k-th
-- 'addon_setup' line, the custom items' lines in breakdown order.
UPDATE `configurations` SET
  `add_ons` = json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`add_ons`))),
  `custom_items` = json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`custom_items`))),
  `snapshot` = json_set(`snapshot`,
    '$.addOns', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`snapshot`, '$.addOns'))),
    '$.customItems', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`snapshot`, '$.customItems'))),
    '$.sellerDiscount', json('null'),
    '$.addOnLines', json((SELECT json_group_array(json_object(
      'id', json_extract(a.value, '$.refId'),
      'name', json_extract(a.value, '$.label'),
      'quantity', json_extract(a.value, '$.quantity'),
      'unitMonthlyFee', json_extract(a.value, '$.unitPrice'),
      'monthlyFee', json_extract(a.value, '$.amount'),
      'unitSetupFee', coalesce(json_extract(s.value, '$.unitPrice'), 0),
      'setupFee', coalesce(json_extract(s.value, '$.amount'), 0),
      'waiveSetupFee', json(CASE WHEN json_extract(s.value, '$.waived') = 1 THEN 'true' ELSE 'false' END)) ORDER BY a.k)
    FROM (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon') a
    LEFT JOIN (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon_setup') s ON s.k = a.k)),
    '$.customItemLines', json((SELECT json_group_array(json_object(
      'id', CAST(json_extract(value, '$.refId') AS TEXT),
      'name', json_extract(value, '$.label'),
      'isOneTime', json(CASE WHEN json_extract(value, '$.kind') = 'custom_one_time' THEN 'true' ELSE 'false' END),
      'quantity', json_extract(value, '$.quantity'),
      'unitPrice', json_extract(value, '$.unitPrice'),
      'amount', json_extract(value, '$.amount')) ORDER BY key)
    FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') IN ('custom_recurring', 'custom_one_time'))));--> statement-breakpoint
UPDATE `configuration_revisions` SET
  `add_ons` = json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`add_ons`))),
  `custom_items` = json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`custom_items`))),
  `snapshot` = json_set(`snapshot`,
    '$.addOns', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`snapshot`, '$.addOns'))),
    '$.customItems', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(`snapshot`, '$.customItems'))),
    '$.sellerDiscount', json('null'),
    '$.addOnLines', json((SELECT json_group_array(json_object(
      'id', json_extract(a.value, '$.refId'),
      'name', json_extract(a.value, '$.label'),
      'quantity', json_extract(a.value, '$.quantity'),
      'unitMonthlyFee', json_extract(a.value, '$.unitPrice'),
      'monthlyFee', json_extract(a.value, '$.amount'),
      'unitSetupFee', coalesce(json_extract(s.value, '$.unitPrice'), 0),
      'setupFee', coalesce(json_extract(s.value, '$.amount'), 0),
      'waiveSetupFee', json(CASE WHEN json_extract(s.value, '$.waived') = 1 THEN 'true' ELSE 'false' END)) ORDER BY a.k)
    FROM (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon') a
    LEFT JOIN (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon_setup') s ON s.k = a.k)),
    '$.customItemLines', json((SELECT json_group_array(json_object(
      'id', CAST(json_extract(value, '$.refId') AS TEXT),
      'name', json_extract(value, '$.label'),
      'isOneTime', json(CASE WHEN json_extract(value, '$.kind') = 'custom_one_time' THEN 'true' ELSE 'false' END),
      'quantity', json_extract(value, '$.quantity'),
      'unitPrice', json_extract(value, '$.unitPrice'),
      'amount', json_extract(value, '$.amount')) ORDER BY key)
    FROM json_each(`snapshot`, '$.breakdowns') WHERE json_extract(value, '$.kind') IN ('custom_recurring', 'custom_one_time'))));--> statement-breakpoint
UPDATE `quote_shares` SET `view` = json_set(`view`, '$.pdf.quote', json_set(json_extract(`view`, '$.pdf.quote'),
    '$.addOns', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(json_extract(`view`, '$.pdf.quote'), '$.addOns'))),
    '$.customItems', json((SELECT json_group_array(json(json_insert(value, '$.quantity', 1)) ORDER BY key) FROM json_each(json_extract(`view`, '$.pdf.quote'), '$.customItems'))),
    '$.sellerDiscount', json('null'),
    '$.addOnLines', json((SELECT json_group_array(json_object(
      'id', json_extract(a.value, '$.refId'),
      'name', json_extract(a.value, '$.label'),
      'quantity', json_extract(a.value, '$.quantity'),
      'unitMonthlyFee', json_extract(a.value, '$.unitPrice'),
      'monthlyFee', json_extract(a.value, '$.amount'),
      'unitSetupFee', coalesce(json_extract(s.value, '$.unitPrice'), 0),
      'setupFee', coalesce(json_extract(s.value, '$.amount'), 0),
      'waiveSetupFee', json(CASE WHEN json_extract(s.value, '$.waived') = 1 THEN 'true' ELSE 'false' END)) ORDER BY a.k)
    FROM (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(json_extract(`view`, '$.pdf.quote'), '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon') a
    LEFT JOIN (SELECT key, value, row_number() OVER (ORDER BY key) AS k FROM json_each(json_extract(`view`, '$.pdf.quote'), '$.breakdowns') WHERE json_extract(value, '$.kind') = 'addon_setup') s ON s.k = a.k)),
    '$.customItemLines', json((SELECT json_group_array(json_object(
      'id', CAST(json_extract(value, '$.refId') AS TEXT),
      'name', json_extract(value, '$.label'),
      'isOneTime', json(CASE WHEN json_extract(value, '$.kind') = 'custom_one_time' THEN 'true' ELSE 'false' END),
      'quantity', json_extract(value, '$.quantity'),
      'unitPrice', json_extract(value, '$.unitPrice'),
      'amount', json_extract(value, '$.amount')) ORDER BY key)
    FROM json_each(json_extract(`view`, '$.pdf.quote'), '$.breakdowns') WHERE json_extract(value, '$.kind') IN ('custom_recurring', 'custom_one_time')))))
  WHERE json_type(`view`, '$.pdf.quote') = 'object';
