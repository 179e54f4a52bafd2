-- plainsight store, schema version 1: the §8 flags and the ledger.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE flags (
  n                   INTEGER PRIMARY KEY,          -- creation order
  id                  TEXT    NOT NULL UNIQUE,
  status              TEXT    NOT NULL CHECK (status IN ('standing', 'disputed', 'overturned')),
  artifact_type       TEXT    NOT NULL,
  artifact_ref        TEXT    NOT NULL,
  artifact_label      TEXT    NOT NULL,
  field               TEXT    NOT NULL,
  finding_class       TEXT    NOT NULL,
  evidence_sha256     TEXT    NOT NULL,
  excerpt             TEXT    NOT NULL,
  actor_account_id    TEXT    NOT NULL,
  actor_agent_id      TEXT    NOT NULL,
  actor_handle        TEXT    NOT NULL,
  actor_kya_level     INTEGER NOT NULL,
  actor_kind          TEXT    NOT NULL,
  source              TEXT    NOT NULL,
  context             TEXT    NOT NULL,
  dispute_case_id     TEXT,
  dispute_case_number INTEGER,
  ledger_seq          INTEGER NOT NULL,
  created_at          TEXT    NOT NULL               -- RFC 3339, UTC
);

-- The gate's look-ups by evidence hash (live and overturned flags), and
-- listing by artifact. At most one live (standing or disputed) flag per §8
-- identity is enforced by the trigger flags_no_replace below, through this
-- index: SQLite has one writer at a time, so a check in a trigger cannot
-- be raced, and no lifecycle step makes a flag live again.
CREATE INDEX flags_evidence ON flags (evidence_sha256, finding_class);
CREATE INDEX flags_artifact ON flags (artifact_ref, n);

-- INSERT OR REPLACE would delete the row it collides with, and delete
-- triggers do not fire for it unless recursive_triggers is on, which is
-- per connection: so an insert that collides is refused before it can
-- replace anything.
CREATE TRIGGER flags_no_replace BEFORE INSERT ON flags
WHEN EXISTS (SELECT 1 FROM flags WHERE id = NEW.id)
  OR EXISTS (SELECT 1 FROM flags WHERE n = NEW.n)
  OR (NEW.status IN ('standing', 'disputed') AND EXISTS (SELECT 1 FROM flags
        WHERE evidence_sha256 = NEW.evidence_sha256 AND finding_class = NEW.finding_class
          AND artifact_type = NEW.artifact_type AND artifact_ref = NEW.artifact_ref AND field = NEW.field
          AND status IN ('standing', 'disputed')))
BEGIN SELECT RAISE(ABORT, 'plainsight: a flag with this id or live identity exists'); END;

CREATE TRIGGER flags_no_delete BEFORE DELETE ON flags
BEGIN SELECT RAISE(ABORT, 'plainsight: flags are append-only: no delete'); END;

CREATE TRIGGER flags_only_lifecycle BEFORE UPDATE OF
  n, id, artifact_type, artifact_ref, artifact_label, field, finding_class, evidence_sha256, excerpt,
  actor_account_id, actor_agent_id, actor_handle, actor_kya_level, actor_kind, source, context,
  ledger_seq, created_at ON flags
BEGIN SELECT RAISE(ABORT, 'plainsight: flags are append-only: only the lifecycle changes'); END;

CREATE TRIGGER flags_lifecycle BEFORE UPDATE OF status, dispute_case_id, dispute_case_number ON flags
WHEN NOT (
  (OLD.status = 'standing' AND NEW.status = 'disputed'
    AND OLD.dispute_case_id IS NULL AND NEW.dispute_case_id IS NOT NULL)
  OR
  (OLD.status = 'disputed' AND NEW.status IN ('standing', 'overturned')
    AND NEW.dispute_case_id IS OLD.dispute_case_id AND NEW.dispute_case_number IS OLD.dispute_case_number)
)
BEGIN SELECT RAISE(ABORT, 'plainsight: not a step of the flag lifecycle'); END;

CREATE TABLE ledger (
  seq  INTEGER PRIMARY KEY,
  type TEXT    NOT NULL,
  prev TEXT    NOT NULL,
  hash TEXT    NOT NULL,
  body BLOB    NOT NULL
);

-- Each entry extends the head: no gaps, no forks.
CREATE TRIGGER ledger_extends_head BEFORE INSERT ON ledger
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM ledger)
  OR NEW.prev IS NOT COALESCE((SELECT hash FROM ledger ORDER BY seq DESC LIMIT 1), '')
BEGIN SELECT RAISE(ABORT, 'plainsight: a ledger entry must extend the head'); END;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'plainsight: the ledger is append-only: no update'); END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'plainsight: the ledger is append-only: no delete'); END;
