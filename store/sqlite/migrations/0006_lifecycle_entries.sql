-- plainsight store, migration 6 (issue 29): a flag's lifecycle step is
-- refused unless its ledger entry was appended just before it, and an
-- insert never replaces an API key or a receipt.
-- Released migrations are never edited; a change is a new numbered file.
--
-- What this rests on: SQLite has one writer at a time, so the ledger's
-- head at the moment of the UPDATE is the entry the same writer appended
-- last — in the same transaction when the step is sent, as package flag
-- sends it, inside one. What it does not cover: anyone who can write the
-- file can drop these triggers and then rewrite history; the ledger's hash
-- chain (and a head published elsewhere) is what shows it.

-- lifecycle_seq names the ledger entry of the flag's last lifecycle step
-- (0 until its first step, and for steps made before this migration).
ALTER TABLE flags ADD COLUMN lifecycle_seq INTEGER NOT NULL DEFAULT 0;

-- A new flag is standing, without a dispute or a lifecycle entry: a flag
-- cannot be inserted already overturned (which the ingestion gate would
-- read as an award).
CREATE TRIGGER flags_insert_standing BEFORE INSERT ON flags
WHEN NEW.status IS NOT 'standing' OR NEW.dispute_case_id IS NOT NULL OR NEW.dispute_case_number IS NOT NULL
  OR NEW.lifecycle_seq IS NOT 0
BEGIN SELECT RAISE(ABORT, 'plainsight: a new flag is standing, without a dispute'); END;

-- Every change of a flag's status names, in lifecycle_seq, the ledger
-- entry that records it: the ledger's head (just appended), later than
-- the flag's creation entry and its previous step's, of the type of the
-- step (standing → disputed: security.flag_disputed; disputed → standing:
-- security.flag_upheld; disputed → overturned: security.flag_overturned),
-- whose data names this flag, its evidence hash, its class and its
-- dispute case. An UPDATE that changes lifecycle_seq or the dispute
-- without a status step is refused too.
CREATE TRIGGER flags_lifecycle_entry BEFORE UPDATE OF status, dispute_case_id, dispute_case_number, lifecycle_seq ON flags
WHEN NOT (
  NEW.status IS NOT OLD.status
  AND NEW.lifecycle_seq IS (SELECT MAX(seq) FROM ledger)
  AND NEW.lifecycle_seq > OLD.lifecycle_seq AND NEW.lifecycle_seq > OLD.ledger_seq
  AND EXISTS (SELECT 1 FROM ledger WHERE seq = NEW.lifecycle_seq
    AND type IS CASE
      WHEN OLD.status = 'standing' AND NEW.status = 'disputed' THEN 'security.flag_disputed'
      WHEN OLD.status = 'disputed' AND NEW.status = 'standing' THEN 'security.flag_upheld'
      WHEN OLD.status = 'disputed' AND NEW.status = 'overturned' THEN 'security.flag_overturned'
    END
    AND json_extract(CAST(body AS TEXT), '$.type') IS type
    AND json_extract(CAST(body AS TEXT), '$.data.flag_id') IS NEW.id
    AND json_extract(CAST(body AS TEXT), '$.data.case_id') IS NEW.dispute_case_id
    AND json_extract(CAST(body AS TEXT), '$.data.evidence_sha256') IS NEW.evidence_sha256
    AND json_extract(CAST(body AS TEXT), '$.data.finding_class') IS NEW.finding_class)
)
BEGIN SELECT RAISE(ABORT, 'plainsight: a flag''s lifecycle step needs its ledger entry, appended just before it'); END;

-- INSERT OR REPLACE would delete the row it collides with (delete
-- triggers do not fire for it unless recursive_triggers is on, per
-- connection): a revoked key brought back live, with other scopes, or a
-- receipt entry replaced under its scan id. Refused before anything is
-- replaced, as flags_no_replace does for flags.
CREATE TRIGGER api_keys_no_replace BEFORE INSERT ON api_keys
WHEN EXISTS (SELECT 1 FROM api_keys WHERE id = NEW.id OR hash = NEW.hash OR n = NEW.n)
BEGIN SELECT RAISE(ABORT, 'plainsight: a key with this id or secret exists'); END;

CREATE TRIGGER receipts_no_replace BEFORE INSERT ON receipts
WHEN EXISTS (SELECT 1 FROM receipts WHERE seq = NEW.seq OR scan_id = NEW.scan_id)
BEGIN SELECT RAISE(ABORT, 'plainsight: a receipt entry with this sequence number or scan id exists'); END;
