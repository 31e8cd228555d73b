-- A quote keeps its items as the JSON array getQuote answers from (issue 13's figure): written with the totals
-- whenever items are added (only while DRAFT; items never change otherwise), instead of aggregated by every read.
ALTER TABLE quotes ADD COLUMN items_json json NOT NULL DEFAULT '[]';

UPDATE quotes q SET items_json = coalesce((
  SELECT json_agg(json_build_object(
      'item_id', i.item_id, 'quote_id', i.quote_id, 'line_no', i.line_no, 'description', i.description,
      'quantity', i.quantity::text, 'unit_price', i.unit_price::text, 'total_price', i.total_price::text,
      'net_amount', i.net_amount::text, 'tax_amount', i.tax_amount::text, 'gross_amount', i.gross_amount::text,
      'tax_rate_percent', i.tax_rate_percent::text, 'product_id', i.product_id, 'product_name', i.product_name)
    ORDER BY i.line_no)
  FROM quote_items i WHERE i.quote_id = q.quote_id), '[]'::json);
