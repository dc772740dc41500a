-- Search that finds what people type: any part of a phone number in any usual form, a name, an
-- email, a street, a postcode or part of one with or without its space, a word of a transcript
-- (docs/desk-api.md, "Search"). Each searchable record has a search text made by the functions
-- below, and a trigram index on it (pg_trgm, which PostgreSQL ships in contrib and the embedded
-- database loads as an extension) answers `LIKE '%part%'` without reading the whole table, so a
-- search costs about the same in a workspace of 10,000 leads as in one of 100,000.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Lower case, every run of white space one space. The query goes through the same function, so
-- both sides agree on what lower case is in the database's own locale.
CREATE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(regexp_replace(coalesce($1, ''), '\s+', ' ', 'g')) $$;

-- A number as digits in its international form (447700900123) and, for a UK number, its national
-- one (07700900123): a part typed in either form is then a plain substring.
CREATE FUNCTION search_phone(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(coalesce($1, ''), '\D', '', 'g') || CASE WHEN $1 LIKE '+44%' THEN ' 0' || substr($1, 4) ELSE '' END $$;

-- A postcode without its space (ne65ab) and with it where the inward code goes (ne6 5ab), however
-- it was stored: "NE6 5", "ne65" and "NE65AB" all find it.
CREATE FUNCTION search_postcode_forms(squeezed text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT squeezed || CASE WHEN length(squeezed) >= 5 THEN ' ' || left(squeezed, -3) || ' ' || right(squeezed, 3) ELSE '' END $$;

CREATE FUNCTION search_postcode(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_postcode_forms(lower(regexp_replace(coalesce($1, ''), '\s', '', 'g'))) $$;

-- The search texts. Leads, opportunities and transcript lines keep theirs in a stored column, so
-- checking a row the index proposes reads a value rather than working one out. Function bodies
-- name the functions they call with their schema: a restore runs with an empty search_path.
CREATE FUNCTION lead_search(name text, email text, phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_fold(name) || ' | ' || public.search_fold(email) || ' | ' || public.search_phone(phone) $$;

CREATE FUNCTION opportunity_search(address text, postcode text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_fold(address) || ' | ' || public.search_postcode(postcode) $$;

ALTER TABLE leads ADD COLUMN search_text text
  GENERATED ALWAYS AS (public.lead_search(name, email, phone)) STORED;
ALTER TABLE opportunities ADD COLUMN search_text text
  GENERATED ALWAYS AS (public.opportunity_search(address, postcode)) STORED;
ALTER TABLE call_turns ADD COLUMN search_text text
  GENERATED ALWAYS AS (public.search_fold(text)) STORED;

-- A call's search text is indexed as an expression (its row is read whole in many places, and its
-- summaries change). PL/pgSQL, so the planner does not inline it: it then weighs the declared
-- cost and reads the index, instead of working out the text of every call of a small workspace.
CREATE FUNCTION call_search(from_number text, summary text, model_summary text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1000
  AS $$ BEGIN RETURN public.search_phone(from_number) || ' | ' || public.search_fold(summary) || ' | ' || public.search_fold(model_summary); END $$;

-- fastupdate off: a new row goes straight into the index. With it on, new rows wait in a pending
-- list that every search reads from end to end until a vacuum merges it, and the embedded
-- database runs no autovacuum.
CREATE INDEX leads_search_idx ON leads USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX opportunities_search_idx ON opportunities USING gin (search_text gin_trgm_ops)
  WITH (fastupdate = off);
CREATE INDEX call_turns_search_idx ON call_turns USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX calls_search_idx ON calls USING gin (call_search(from_number, summary, model_summary) gin_trgm_ops)
  WITH (fastupdate = off);

-- A lead's search also finds it by its deals' addresses, a deal's by its seller, a call's by both:
-- these follow those links from the records a search found.
CREATE INDEX opportunities_search_lead_idx ON opportunities (workspace_id, lead_id);
CREATE INDEX calls_search_lead_idx ON calls (workspace_id, lead_id);
CREATE INDEX calls_search_opportunity_idx ON calls (workspace_id, opportunity_id);
