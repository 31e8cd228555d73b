-- The common area's country names as a function other areas name in their own SQL (users show the name of a
-- user's country), so they never read the countries table itself (docs/tables.md). SQL and STABLE: the planner
-- inlines it as the subquery it replaces.
CREATE FUNCTION common_country_name(p_country_id integer) RETURNS text
LANGUAGE sql STABLE
AS $$ SELECT country_name FROM countries WHERE country_id = p_country_id $$;
