-- plainsight store, schema version 2: the external registry (§9–§11) —
-- registered servers, their fingerprint versions, the change feed, reviews.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE servers (
  n                    INTEGER PRIMARY KEY,          -- registration order
  url                  TEXT    NOT NULL UNIQUE,
  slug                 TEXT    NOT NULL UNIQUE,
  page_url             TEXT    NOT NULL,
  publisher_status     TEXT    NOT NULL CHECK (publisher_status IN ('unclaimed', 'verified')),
  linked_store_listing TEXT    NOT NULL,
  first_seen           TEXT    NOT NULL,              -- RFC 3339, UTC, fixed width
  last_checked         TEXT    NOT NULL,
  version              INTEGER NOT NULL CHECK (version = 1 OR version > 1)
);
CREATE INDEX servers_last_checked ON servers (last_checked, n);

CREATE TABLE fingerprint_versions (
  server_url  TEXT    NOT NULL REFERENCES servers (url),
  version     INTEGER NOT NULL,
  fingerprint TEXT    NOT NULL,
  definitions BLOB    NOT NULL,
  recorded_at TEXT    NOT NULL,
  PRIMARY KEY (server_url, version)
);

CREATE TABLE change_events (
  seq                INTEGER PRIMARY KEY,
  server_url         TEXT    NOT NULL REFERENCES servers (url),
  server_name        TEXT    NOT NULL,
  at                 TEXT    NOT NULL,
  from_version       INTEGER NOT NULL,
  to_version         INTEGER NOT NULL CHECK (to_version = from_version + 1),
  fingerprint_before TEXT    NOT NULL,
  fingerprint_after  TEXT    NOT NULL,
  diff               BLOB    NOT NULL
);
CREATE INDEX change_events_server ON change_events (server_url, seq);

CREATE TABLE reviews (
  id                  TEXT    PRIMARY KEY,
  server_url          TEXT    NOT NULL,
  fingerprint_version INTEGER NOT NULL,
  agent_id            TEXT    NOT NULL,
  kya_verified        INTEGER NOT NULL CHECK (kya_verified = 1),
  rating              INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  created_at          TEXT    NOT NULL,
  FOREIGN KEY (server_url, fingerprint_version) REFERENCES fingerprint_versions (server_url, version)
);
CREATE INDEX reviews_server ON reviews (server_url, fingerprint_version);

-- Foreign keys are per connection in SQLite; the triggers below do not
-- depend on them.

-- Servers: registered at version 1, never deleted, never replaced; the
-- only updates are one version step at a time (to a recorded fingerprint
-- version) and a last check that never goes backwards.
CREATE TRIGGER servers_no_replace BEFORE INSERT ON servers
WHEN EXISTS (SELECT 1 FROM servers WHERE url = NEW.url OR slug = NEW.slug OR n = NEW.n)
  OR NEW.version IS NOT 1
BEGIN SELECT RAISE(ABORT, 'plainsight: a server with this url or slug exists, or it is not at version 1'); END;

CREATE TRIGGER servers_no_delete BEFORE DELETE ON servers
BEGIN SELECT RAISE(ABORT, 'plainsight: registered servers are never deleted'); END;

CREATE TRIGGER servers_fixed BEFORE UPDATE OF n, url, slug, page_url, linked_store_listing, first_seen ON servers
WHEN NEW.n IS NOT OLD.n OR NEW.url IS NOT OLD.url OR NEW.slug IS NOT OLD.slug OR NEW.page_url IS NOT OLD.page_url
  OR NEW.linked_store_listing IS NOT OLD.linked_store_listing OR NEW.first_seen IS NOT OLD.first_seen
BEGIN SELECT RAISE(ABORT, 'plainsight: a server''s identity never changes'); END;

CREATE TRIGGER servers_steps BEFORE UPDATE OF version, last_checked, publisher_status ON servers
WHEN NOT (NEW.version = OLD.version OR (NEW.version = OLD.version + 1
      AND EXISTS (SELECT 1 FROM fingerprint_versions WHERE server_url = OLD.url AND version = NEW.version)))
  OR NEW.last_checked < OLD.last_checked
  OR NOT (NEW.publisher_status = OLD.publisher_status OR OLD.publisher_status = 'unclaimed')
BEGIN SELECT RAISE(ABORT, 'plainsight: not a step of a registered server'); END;

-- Fingerprint versions: 1, 2, 3, … per server without gaps; never edited.
CREATE TRIGGER fingerprint_versions_next BEFORE INSERT ON fingerprint_versions
WHEN NOT EXISTS (SELECT 1 FROM servers WHERE url = NEW.server_url)
  OR NEW.version IS NOT (SELECT COALESCE(MAX(version), 0) + 1 FROM fingerprint_versions WHERE server_url = NEW.server_url)
BEGIN SELECT RAISE(ABORT, 'plainsight: a fingerprint version must follow the last one of a registered server'); END;

CREATE TRIGGER fingerprint_versions_no_update BEFORE UPDATE ON fingerprint_versions
BEGIN SELECT RAISE(ABORT, 'plainsight: fingerprint versions are append-only: no update'); END;

CREATE TRIGGER fingerprint_versions_no_delete BEFORE DELETE ON fingerprint_versions
BEGIN SELECT RAISE(ABORT, 'plainsight: fingerprint versions are append-only: no delete'); END;

-- The change feed (§11): append-only, events are never edited or removed.
CREATE TRIGGER change_events_append BEFORE INSERT ON change_events
WHEN NOT EXISTS (SELECT 1 FROM servers WHERE url = NEW.server_url)
  OR NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events)
BEGIN SELECT RAISE(ABORT, 'plainsight: a change event must follow the last one, for a registered server'); END;

CREATE TRIGGER change_events_no_update BEFORE UPDATE ON change_events
BEGIN SELECT RAISE(ABORT, 'plainsight: the change feed is append-only: no update'); END;

CREATE TRIGGER change_events_no_delete BEFORE DELETE ON change_events
BEGIN SELECT RAISE(ABORT, 'plainsight: the change feed is append-only: no delete'); END;

-- Reviews: bound to a recorded fingerprint version; never edited.
CREATE TRIGGER reviews_bound BEFORE INSERT ON reviews
WHEN NOT EXISTS (SELECT 1 FROM fingerprint_versions WHERE server_url = NEW.server_url AND version = NEW.fingerprint_version)
  OR EXISTS (SELECT 1 FROM reviews WHERE id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'plainsight: a review is bound to a recorded fingerprint version'); END;

CREATE TRIGGER reviews_no_update BEFORE UPDATE ON reviews
BEGIN SELECT RAISE(ABORT, 'plainsight: reviews are append-only: no update'); END;

CREATE TRIGGER reviews_no_delete BEFORE DELETE ON reviews
BEGIN SELECT RAISE(ABORT, 'plainsight: reviews are append-only: no delete'); END;
