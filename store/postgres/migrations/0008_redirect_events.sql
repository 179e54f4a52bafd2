-- plainsight store, schema version 8: redirect events in the change feed
-- (issue 28, item 4) and the instance's public URL (issue 28, item 5).
-- Released migrations are never edited; a change is a new numbered file.

-- A redirect event carries the redirect chain in redirects (JSON: the §9
-- hops, [] when the URL stopped redirecting) and records no fingerprint
-- version (to_version = from_version); a change of the definitions has
-- redirects NULL and to_version = from_version + 1. Adding a NULL column
-- rewrites no row, so the append-only triggers see no update.
ALTER TABLE change_events ADD COLUMN redirects BYTEA;
ALTER TABLE change_events DROP CONSTRAINT change_events_check;
ALTER TABLE change_events ADD CONSTRAINT change_events_versions CHECK (
  (redirects IS NULL AND to_version = from_version + 1) OR (redirects IS NOT NULL AND to_version = from_version));
CREATE INDEX change_events_redirects ON change_events (server_url, seq) WHERE redirects IS NOT NULL;

-- Where the instance is reached (plainsight serve --public-url): the
-- latest row holds; every reader names a server's page under it.
CREATE TABLE public_urls (
  seq        BIGINT      PRIMARY KEY,
  public_url TEXT        NOT NULL,   -- empty: pages named by their path alone
  at         TIMESTAMPTZ NOT NULL
);

CREATE FUNCTION plainsight_public_url_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS DISTINCT FROM (SELECT COALESCE(MAX(seq), 0) + 1 FROM public_urls) THEN
    RAISE EXCEPTION 'plainsight: a public url must follow the last one'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER public_urls_next BEFORE INSERT ON public_urls
  FOR EACH ROW EXECUTE FUNCTION plainsight_public_url_next();
CREATE TRIGGER public_urls_no_update BEFORE UPDATE ON public_urls
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('public urls are append-only');
CREATE TRIGGER public_urls_no_delete BEFORE DELETE ON public_urls
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('public urls are append-only');
CREATE TRIGGER public_urls_no_truncate BEFORE TRUNCATE ON public_urls
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('public urls are append-only');
