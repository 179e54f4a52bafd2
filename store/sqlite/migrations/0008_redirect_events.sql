-- plainsight store, schema version 8: redirect events in the change feed
-- (issue 28, item 4) and the instance's public URL (issue 28, item 5).
-- Released migrations are never edited; a change is a new numbered file.

-- A redirect event carries the redirect chain in redirects (JSON: the §9
-- hops, [] when the URL stopped redirecting) and records no fingerprint
-- version (to_version = from_version); a change of the definitions has
-- redirects NULL and to_version = from_version + 1. SQLite cannot change
-- a CHECK constraint: the table is rebuilt with its rows, then its index
-- and its append-only triggers (DROP TABLE fires no trigger).
CREATE TABLE change_events_8 (
  seq                INTEGER PRIMARY KEY,
  server_url         TEXT    NOT NULL REFERENCES servers (url),
  server_name        TEXT    NOT NULL,
  at                 TEXT    NOT NULL,
  from_version       INTEGER NOT NULL,
  to_version         INTEGER NOT NULL,
  fingerprint_before TEXT    NOT NULL,
  fingerprint_after  TEXT    NOT NULL,
  diff               BLOB    NOT NULL,
  redirects          BLOB,
  CHECK ((redirects IS NULL AND to_version = from_version + 1)
      OR (redirects IS NOT NULL AND to_version = from_version))
);
INSERT INTO change_events_8 (seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, redirects)
  SELECT seq, server_url, server_name, at, from_version, to_version, fingerprint_before, fingerprint_after, diff, NULL FROM change_events;
DROP TABLE change_events;
ALTER TABLE change_events_8 RENAME TO change_events;
CREATE INDEX change_events_server ON change_events (server_url, seq);
CREATE INDEX change_events_redirects ON change_events (server_url, seq) WHERE redirects IS NOT NULL;

CREATE TRIGGER change_events_append BEFORE INSERT ON change_events
WHEN NOT EXISTS (SELECT 1 FROM servers WHERE url = NEW.server_url)
  OR NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events)
BEGIN SELECT RAISE(ABORT, 'plainsight: a change event must follow the last one, for a registered server'); END;

CREATE TRIGGER change_events_no_update BEFORE UPDATE ON change_events
BEGIN SELECT RAISE(ABORT, 'plainsight: the change feed is append-only: no update'); END;

CREATE TRIGGER change_events_no_delete BEFORE DELETE ON change_events
BEGIN SELECT RAISE(ABORT, 'plainsight: the change feed is append-only: no delete'); END;

-- Where the instance is reached (plainsight serve --public-url): the
-- latest row holds; every reader names a server's page under it.
CREATE TABLE public_urls (
  seq        INTEGER PRIMARY KEY,
  public_url TEXT    NOT NULL,   -- empty: pages named by their path alone
  at         TEXT    NOT NULL
);

CREATE TRIGGER public_urls_append BEFORE INSERT ON public_urls
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM public_urls)
BEGIN SELECT RAISE(ABORT, 'plainsight: a public url must follow the last one'); END;

CREATE TRIGGER public_urls_no_update BEFORE UPDATE ON public_urls
BEGIN SELECT RAISE(ABORT, 'plainsight: public urls are append-only: no update'); END;

CREATE TRIGGER public_urls_no_delete BEFORE DELETE ON public_urls
BEGIN SELECT RAISE(ABORT, 'plainsight: public urls are append-only: no delete'); END;
