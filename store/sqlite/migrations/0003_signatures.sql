-- plainsight store, migration 3: the Shield method's records (package
-- signature): candidates and signatures, reports, review jobs and votes,
-- and the feed. Released migrations are never edited.
-- Shingles are packed: 8 bytes big-endian per hash, sorted.

CREATE TABLE signature_candidates (
  n          INTEGER PRIMARY KEY,                 -- creation order
  id         TEXT    NOT NULL UNIQUE,
  status     TEXT    NOT NULL CHECK (status IN ('open', 'blocked', 'confirmed', 'retired')),
  category   TEXT    NOT NULL,
  sha256     TEXT    NOT NULL,
  shingles   BLOB    NOT NULL,
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
  n             INTEGER PRIMARY KEY,
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
  shingles      BLOB NOT NULL,
  text          TEXT NOT NULL
);
CREATE INDEX signature_reports_candidate ON signature_reports (candidate_id, n);

CREATE TABLE review_jobs (
  n            INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  candidate_id TEXT NOT NULL,
  agent        TEXT NOT NULL,
  owner        TEXT NOT NULL,
  created_at   TEXT NOT NULL
);

CREATE TABLE review_votes (
  n            INTEGER PRIMARY KEY,
  job_id       TEXT    NOT NULL UNIQUE,             -- one vote per job
  candidate_id TEXT    NOT NULL,
  agent        TEXT    NOT NULL,
  owner        TEXT    NOT NULL,
  hostile      INTEGER NOT NULL CHECK (hostile IN (0, 1)),
  at           TEXT    NOT NULL
);
CREATE INDEX review_votes_candidate ON review_votes (candidate_id, n);

CREATE TABLE signature_feed (
  seq          INTEGER PRIMARY KEY,
  kind         TEXT    NOT NULL CHECK (kind IN ('confirmed', 'retired')),
  signature_id TEXT    NOT NULL,
  category     TEXT    NOT NULL,
  sha256       TEXT    NOT NULL,
  shingles     BLOB    NOT NULL,
  owners       INTEGER NOT NULL,
  note         TEXT    NOT NULL,
  at           TEXT    NOT NULL
);

-- A report, a job or a vote names records that exist.
CREATE TRIGGER signature_reports_candidate BEFORE INSERT ON signature_reports
WHEN NOT EXISTS (SELECT 1 FROM signature_candidates WHERE id = NEW.candidate_id)
BEGIN SELECT RAISE(ABORT, 'plainsight: no such candidate'); END;
CREATE TRIGGER review_jobs_candidate BEFORE INSERT ON review_jobs
WHEN NOT EXISTS (SELECT 1 FROM signature_candidates WHERE id = NEW.candidate_id)
BEGIN SELECT RAISE(ABORT, 'plainsight: no such candidate'); END;
CREATE TRIGGER review_votes_job BEFORE INSERT ON review_votes
WHEN NOT EXISTS (SELECT 1 FROM review_jobs WHERE id = NEW.job_id AND candidate_id = NEW.candidate_id
                   AND agent = NEW.agent AND owner = NEW.owner)
BEGIN SELECT RAISE(ABORT, 'plainsight: a vote answers its own job'); END;
-- The feed's sequence has no gaps.
CREATE TRIGGER signature_feed_next BEFORE INSERT ON signature_feed
WHEN NEW.seq <> (SELECT coalesce(max(seq), 0) + 1 FROM signature_feed)
BEGIN SELECT RAISE(ABORT, 'plainsight: the feed grows by one'); END;

-- INSERT OR REPLACE would delete the row it collides with: refused first.
CREATE TRIGGER signature_candidates_no_replace BEFORE INSERT ON signature_candidates
WHEN EXISTS (SELECT 1 FROM signature_candidates WHERE id = NEW.id OR n = NEW.n)
BEGIN SELECT RAISE(ABORT, 'plainsight: a candidate with this id exists'); END;
CREATE TRIGGER signature_reports_no_replace BEFORE INSERT ON signature_reports
WHEN EXISTS (SELECT 1 FROM signature_reports WHERE id = NEW.id OR n = NEW.n)
BEGIN SELECT RAISE(ABORT, 'plainsight: a report with this id exists'); END;
CREATE TRIGGER review_jobs_no_replace BEFORE INSERT ON review_jobs
WHEN EXISTS (SELECT 1 FROM review_jobs WHERE id = NEW.id OR n = NEW.n)
BEGIN SELECT RAISE(ABORT, 'plainsight: a job with this id exists'); END;
CREATE TRIGGER review_votes_no_replace BEFORE INSERT ON review_votes
WHEN EXISTS (SELECT 1 FROM review_votes WHERE job_id = NEW.job_id OR n = NEW.n)
BEGIN SELECT RAISE(ABORT, 'plainsight: the job has a vote'); END;

-- Append-only: no delete anywhere, no update but the candidate lifecycle.
CREATE TRIGGER signature_candidates_no_delete BEFORE DELETE ON signature_candidates
BEGIN SELECT RAISE(ABORT, 'plainsight: candidates are append-only: no delete'); END;
CREATE TRIGGER signature_reports_no_delete BEFORE DELETE ON signature_reports
BEGIN SELECT RAISE(ABORT, 'plainsight: reports are append-only: no delete'); END;
CREATE TRIGGER signature_reports_no_update BEFORE UPDATE ON signature_reports
BEGIN SELECT RAISE(ABORT, 'plainsight: reports are append-only: no update'); END;
CREATE TRIGGER review_jobs_no_delete BEFORE DELETE ON review_jobs
BEGIN SELECT RAISE(ABORT, 'plainsight: review jobs are append-only: no delete'); END;
CREATE TRIGGER review_jobs_no_update BEFORE UPDATE ON review_jobs
BEGIN SELECT RAISE(ABORT, 'plainsight: review jobs are append-only: no update'); END;
CREATE TRIGGER review_votes_no_delete BEFORE DELETE ON review_votes
BEGIN SELECT RAISE(ABORT, 'plainsight: review votes are append-only: no delete'); END;
CREATE TRIGGER review_votes_no_update BEFORE UPDATE ON review_votes
BEGIN SELECT RAISE(ABORT, 'plainsight: review votes are append-only: no update'); END;
CREATE TRIGGER signature_feed_no_delete BEFORE DELETE ON signature_feed
BEGIN SELECT RAISE(ABORT, 'plainsight: the feed is append-only: no delete'); END;
CREATE TRIGGER signature_feed_no_update BEFORE UPDATE ON signature_feed
BEGIN SELECT RAISE(ABORT, 'plainsight: the feed is append-only: no update'); END;

CREATE TRIGGER signature_candidates_only_lifecycle BEFORE UPDATE OF
  n, id, category, sha256, shingles, text, created_at ON signature_candidates
BEGIN SELECT RAISE(ABORT, 'plainsight: candidates are append-only: only the lifecycle changes'); END;
CREATE TRIGGER signature_candidates_lifecycle BEFORE UPDATE OF
  status, rule, owners, decided_at, note, retired_at ON signature_candidates
WHEN NOT (
  (OLD.status = 'open' AND NEW.status IN ('confirmed', 'blocked') AND NEW.note = '' AND NEW.retired_at = '')
  OR (OLD.status = 'confirmed' AND NEW.status = 'retired' AND NEW.rule = OLD.rule AND NEW.owners = OLD.owners
      AND NEW.decided_at = OLD.decided_at AND NEW.note <> '')
)
BEGIN SELECT RAISE(ABORT, 'plainsight: not a step of the candidate lifecycle'); END;
