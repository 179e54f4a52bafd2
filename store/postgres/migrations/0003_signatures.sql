-- plainsight store, migration 3: the Shield method's records (package
-- signature): candidates and signatures, reports, review jobs and votes,
-- and the feed. Released migrations are never edited.
-- Shingles are packed: 8 bytes big-endian per hash, sorted. Times are
-- RFC 3339 text, '' when unset, as in the SQLite schema.

CREATE TABLE signature_candidates (
  n          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- creation order
  id         TEXT    NOT NULL UNIQUE,
  status     TEXT    NOT NULL CHECK (status IN ('open', 'blocked', 'confirmed', 'retired')),
  category   TEXT    NOT NULL,
  sha256     TEXT    NOT NULL,
  shingles   BYTEA    NOT NULL,
  text       TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  rule       TEXT    NOT NULL DEFAULT '',
  owners     INTEGER NOT NULL DEFAULT 0,
  decided_at TEXT    NOT NULL DEFAULT '',
  note       TEXT    NOT NULL DEFAULT '',
  retired_at TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX signature_candidates_status ON signature_candidates (status, n);

CREATE TABLE signature_reports (
  n             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id            TEXT NOT NULL UNIQUE,
  candidate_id  TEXT NOT NULL,
  owner         TEXT NOT NULL,
  agent         TEXT NOT NULL,
  received_at   TEXT NOT NULL,
  observed_at   TEXT NOT NULL,
  source_type   TEXT NOT NULL,
  source_domain TEXT NOT NULL,
  category      TEXT NOT NULL,
  sha256        TEXT NOT NULL,
  shingles      BYTEA NOT NULL,
  text          TEXT NOT NULL
);
CREATE INDEX signature_reports_candidate ON signature_reports (candidate_id, n);

CREATE TABLE review_jobs (
  n            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  candidate_id TEXT NOT NULL,
  agent        TEXT NOT NULL,
  owner        TEXT NOT NULL,
  created_at   TEXT NOT NULL
);

CREATE TABLE review_votes (
  n            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id       TEXT    NOT NULL UNIQUE,             -- one vote per job
  candidate_id TEXT    NOT NULL,
  agent        TEXT    NOT NULL,
  owner        TEXT    NOT NULL,
  hostile      BOOLEAN NOT NULL,
  at           TEXT    NOT NULL
);
CREATE INDEX review_votes_candidate ON review_votes (candidate_id, n);

CREATE TABLE signature_feed (
  seq          BIGINT  PRIMARY KEY,
  kind         TEXT    NOT NULL CHECK (kind IN ('confirmed', 'retired')),
  signature_id TEXT    NOT NULL,
  category     TEXT    NOT NULL,
  sha256       TEXT    NOT NULL,
  shingles     BYTEA    NOT NULL,
  owners       INTEGER NOT NULL,
  note         TEXT    NOT NULL,
  at           TEXT    NOT NULL
);

-- A report, a job or a vote names records that exist; the feed's
-- sequence has no gaps.
CREATE FUNCTION plainsight_signature_candidate_ref() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM signature_candidates WHERE id = NEW.candidate_id) THEN
    RAISE EXCEPTION 'plainsight: no such candidate' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE FUNCTION plainsight_review_vote_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM review_jobs WHERE id = NEW.job_id
       AND candidate_id = NEW.candidate_id AND agent = NEW.agent AND owner = NEW.owner) THEN
    RAISE EXCEPTION 'plainsight: a vote answers its own job' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE FUNCTION plainsight_signature_feed_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS DISTINCT FROM (SELECT coalesce(max(seq), 0) + 1 FROM signature_feed) THEN
    RAISE EXCEPTION 'plainsight: the feed grows by one' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER signature_reports_refs BEFORE INSERT ON signature_reports
  FOR EACH ROW EXECUTE FUNCTION plainsight_signature_candidate_ref();
CREATE TRIGGER review_jobs_refs BEFORE INSERT ON review_jobs
  FOR EACH ROW EXECUTE FUNCTION plainsight_signature_candidate_ref();
CREATE TRIGGER review_votes_refs BEFORE INSERT ON review_votes
  FOR EACH ROW EXECUTE FUNCTION plainsight_review_vote_job();
CREATE TRIGGER signature_feed_next BEFORE INSERT ON signature_feed
  FOR EACH ROW EXECUTE FUNCTION plainsight_signature_feed_next();

-- Append-only: no delete or truncate anywhere, no update but the
-- candidate lifecycle.
CREATE TRIGGER signature_candidates_no_delete BEFORE DELETE ON signature_candidates
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_candidates_no_truncate BEFORE TRUNCATE ON signature_candidates
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_reports_no_delete BEFORE DELETE ON signature_reports
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_reports_no_truncate BEFORE TRUNCATE ON signature_reports
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_reports_no_update BEFORE UPDATE ON signature_reports
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_jobs_no_delete BEFORE DELETE ON review_jobs
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_jobs_no_truncate BEFORE TRUNCATE ON review_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_jobs_no_update BEFORE UPDATE ON review_jobs
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_votes_no_delete BEFORE DELETE ON review_votes
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_votes_no_truncate BEFORE TRUNCATE ON review_votes
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER review_votes_no_update BEFORE UPDATE ON review_votes
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_feed_no_delete BEFORE DELETE ON signature_feed
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_feed_no_truncate BEFORE TRUNCATE ON signature_feed
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('append-only');
CREATE TRIGGER signature_feed_no_update BEFORE UPDATE ON signature_feed
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('append-only');

CREATE FUNCTION plainsight_candidates_lifecycle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.n, NEW.id, NEW.category, NEW.sha256, NEW.shingles, NEW.text, NEW.created_at)
     IS DISTINCT FROM (OLD.n, OLD.id, OLD.category, OLD.sha256, OLD.shingles, OLD.text, OLD.created_at) THEN
    RAISE EXCEPTION 'plainsight: candidates are append-only: only the lifecycle changes'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NOT (
    (OLD.status = 'open' AND NEW.status IN ('confirmed', 'blocked') AND NEW.note = '' AND NEW.retired_at = '')
    OR (OLD.status = 'confirmed' AND NEW.status = 'retired' AND NEW.rule = OLD.rule AND NEW.owners = OLD.owners
        AND NEW.decided_at = OLD.decided_at AND NEW.note <> '')
  ) THEN
    RAISE EXCEPTION 'plainsight: % → % is not a step of the candidate lifecycle', OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER signature_candidates_lifecycle BEFORE UPDATE ON signature_candidates
  FOR EACH ROW EXECUTE FUNCTION plainsight_candidates_lifecycle();
