-- plainsight store, schema version 2: the external registry (§9–§11) —
-- registered servers, their fingerprint versions, the change feed, reviews.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE servers (
  n                    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- registration order
  url                  TEXT        NOT NULL UNIQUE,
  slug                 TEXT        NOT NULL UNIQUE,
  page_url             TEXT        NOT NULL,
  publisher_status     TEXT        NOT NULL CHECK (publisher_status IN ('unclaimed', 'verified')),
  linked_store_listing TEXT        NOT NULL,
  first_seen           TIMESTAMPTZ NOT NULL,
  last_checked         TIMESTAMPTZ NOT NULL,
  version              INTEGER     NOT NULL CHECK (version >= 1)
);
CREATE INDEX servers_last_checked ON servers (last_checked, n);

CREATE TABLE fingerprint_versions (
  server_url  TEXT        NOT NULL REFERENCES servers (url),
  version     INTEGER     NOT NULL,
  fingerprint TEXT        NOT NULL,
  definitions BYTEA       NOT NULL,
  recorded_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (server_url, version)
);

CREATE TABLE change_events (
  seq                BIGINT      PRIMARY KEY,
  server_url         TEXT        NOT NULL REFERENCES servers (url),
  server_name        TEXT        NOT NULL,
  at                 TIMESTAMPTZ NOT NULL,
  from_version       INTEGER     NOT NULL,
  to_version         INTEGER     NOT NULL CHECK (to_version = from_version + 1),
  fingerprint_before TEXT        NOT NULL,
  fingerprint_after  TEXT        NOT NULL,
  diff               BYTEA       NOT NULL
);
CREATE INDEX change_events_server ON change_events (server_url, seq);

CREATE TABLE reviews (
  id                  TEXT        PRIMARY KEY,
  server_url          TEXT        NOT NULL,
  fingerprint_version INTEGER     NOT NULL,
  agent_id            TEXT        NOT NULL,
  kya_verified        BOOLEAN     NOT NULL CHECK (kya_verified),
  rating              INTEGER     NOT NULL CHECK (rating BETWEEN 1 AND 5),
  created_at          TIMESTAMPTZ NOT NULL,
  FOREIGN KEY (server_url, fingerprint_version) REFERENCES fingerprint_versions (server_url, version)
);
CREATE INDEX reviews_server ON reviews (server_url, fingerprint_version);

CREATE FUNCTION plainsight_servers_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version <> 1 THEN
    RAISE EXCEPTION 'plainsight: a server is registered at version 1'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

-- The only updates of a server: one version step at a time, to a recorded
-- fingerprint version; a last check that never goes backwards; the
-- publisher status once out of unclaimed.
CREATE FUNCTION plainsight_servers_steps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.n IS DISTINCT FROM OLD.n OR NEW.url IS DISTINCT FROM OLD.url OR NEW.slug IS DISTINCT FROM OLD.slug
     OR NEW.page_url IS DISTINCT FROM OLD.page_url OR NEW.linked_store_listing IS DISTINCT FROM OLD.linked_store_listing
     OR NEW.first_seen IS DISTINCT FROM OLD.first_seen
     OR NOT (NEW.version = OLD.version OR (NEW.version = OLD.version + 1
       AND EXISTS (SELECT 1 FROM fingerprint_versions WHERE server_url = OLD.url AND version = NEW.version)))
     OR NEW.last_checked < OLD.last_checked
     OR NOT (NEW.publisher_status = OLD.publisher_status OR OLD.publisher_status = 'unclaimed') THEN
    RAISE EXCEPTION 'plainsight: not a step of a registered server'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER servers_insert BEFORE INSERT ON servers
  FOR EACH ROW EXECUTE FUNCTION plainsight_servers_insert();
CREATE TRIGGER servers_steps BEFORE UPDATE ON servers
  FOR EACH ROW EXECUTE FUNCTION plainsight_servers_steps();
CREATE TRIGGER servers_no_delete BEFORE DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('registered servers are never deleted');
CREATE TRIGGER servers_no_truncate BEFORE TRUNCATE ON servers
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('registered servers are never deleted');

CREATE FUNCTION plainsight_fingerprint_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM (SELECT COALESCE(MAX(version), 0) + 1 FROM fingerprint_versions WHERE server_url = NEW.server_url) THEN
    RAISE EXCEPTION 'plainsight: a fingerprint version must follow the last one'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER fingerprint_versions_next BEFORE INSERT ON fingerprint_versions
  FOR EACH ROW EXECUTE FUNCTION plainsight_fingerprint_next();
CREATE TRIGGER fingerprint_versions_no_update BEFORE UPDATE ON fingerprint_versions
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('fingerprint versions are append-only');
CREATE TRIGGER fingerprint_versions_no_delete BEFORE DELETE ON fingerprint_versions
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('fingerprint versions are append-only');
CREATE TRIGGER fingerprint_versions_no_truncate BEFORE TRUNCATE ON fingerprint_versions
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('fingerprint versions are append-only');

CREATE FUNCTION plainsight_change_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS DISTINCT FROM (SELECT COALESCE(MAX(seq), 0) + 1 FROM change_events) THEN
    RAISE EXCEPTION 'plainsight: a change event must follow the last one'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER change_events_next BEFORE INSERT ON change_events
  FOR EACH ROW EXECUTE FUNCTION plainsight_change_next();
CREATE TRIGGER change_events_no_update BEFORE UPDATE ON change_events
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the change feed is append-only');
CREATE TRIGGER change_events_no_delete BEFORE DELETE ON change_events
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the change feed is append-only');
CREATE TRIGGER change_events_no_truncate BEFORE TRUNCATE ON change_events
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('the change feed is append-only');

CREATE TRIGGER reviews_no_update BEFORE UPDATE ON reviews
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('reviews are append-only');
CREATE TRIGGER reviews_no_delete BEFORE DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('reviews are append-only');
CREATE TRIGGER reviews_no_truncate BEFORE TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('reviews are append-only');
