-- plainsight store, migration 6 (issue 29): a flag's lifecycle step is
-- refused unless its ledger entry was appended in the same transaction,
-- just before it. Released migrations are never edited.
--
-- What this rests on: the entry's row was written by the transaction
-- making the step (its xmin is the current transaction's id) and is the
-- ledger's head (the primary key and the head trigger keep one chain; the
-- advisory lock of Store.Atomic serializes plainsight's writers). What it
-- does not cover: the table owner can drop or disable these triggers and
-- then rewrite history; the ledger's hash chain (and a head published
-- elsewhere) is what shows it. API keys and receipts need no change here:
-- PostgreSQL has no INSERT OR REPLACE, an ON CONFLICT DO UPDATE fires the
-- update triggers, and a DELETE is refused.

-- lifecycle_seq names the ledger entry of the flag's last lifecycle step
-- (0 until its first step, and for steps made before this migration).
ALTER TABLE flags ADD COLUMN lifecycle_seq BIGINT NOT NULL DEFAULT 0;

-- A new flag is standing, without a dispute or a lifecycle entry: a flag
-- cannot be inserted already overturned (which the ingestion gate would
-- read as an award).
CREATE FUNCTION plainsight_flags_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM 'standing' OR NEW.dispute_case_id IS NOT NULL
     OR NEW.dispute_case_number IS NOT NULL OR NEW.lifecycle_seq IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'plainsight: a new flag is standing, without a dispute'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER flags_insert_standing BEFORE INSERT ON flags
  FOR EACH ROW EXECUTE FUNCTION plainsight_flags_insert();

-- Every change of a flag's status, its dispute or its lifecycle_seq names,
-- in lifecycle_seq, the ledger entry that records the step: written by
-- this transaction, the ledger's head, later than the flag's creation
-- entry and its previous step's, of the type of the step (standing →
-- disputed: security.flag_disputed; disputed → standing:
-- security.flag_upheld; disputed → overturned: security.flag_overturned),
-- whose data names this flag, its evidence hash, its class and its
-- dispute case.
CREATE FUNCTION plainsight_flags_lifecycle_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  want     TEXT;
  e_type   TEXT;
  e_body   JSONB;
  e_xmin   TEXT;
  head_seq BIGINT;
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.lifecycle_seq IS NOT DISTINCT FROM OLD.lifecycle_seq
     AND NEW.dispute_case_id IS NOT DISTINCT FROM OLD.dispute_case_id
     AND NEW.dispute_case_number IS NOT DISTINCT FROM OLD.dispute_case_number THEN
    RETURN NEW; -- not a lifecycle change: the other triggers judge it
  END IF;
  want := CASE
    WHEN OLD.status = 'standing' AND NEW.status = 'disputed' THEN 'security.flag_disputed'
    WHEN OLD.status = 'disputed' AND NEW.status = 'standing' THEN 'security.flag_upheld'
    WHEN OLD.status = 'disputed' AND NEW.status = 'overturned' THEN 'security.flag_overturned'
  END;
  SELECT max(seq) INTO head_seq FROM ledger;
  SELECT type, convert_from(body, 'UTF8')::jsonb, xmin::text INTO e_type, e_body, e_xmin
    FROM ledger WHERE seq = NEW.lifecycle_seq;
  IF want IS NULL OR e_type IS NULL
     OR NEW.lifecycle_seq IS DISTINCT FROM head_seq
     OR NEW.lifecycle_seq <= OLD.lifecycle_seq OR NEW.lifecycle_seq <= OLD.ledger_seq
     OR e_xmin IS DISTINCT FROM (txid_current() % 4294967296)::text
     OR e_type IS DISTINCT FROM want
     OR e_body->>'type' IS DISTINCT FROM want
     OR e_body->'data'->>'flag_id' IS DISTINCT FROM NEW.id
     OR e_body->'data'->>'case_id' IS DISTINCT FROM NEW.dispute_case_id
     OR e_body->'data'->>'evidence_sha256' IS DISTINCT FROM NEW.evidence_sha256
     OR e_body->'data'->>'finding_class' IS DISTINCT FROM NEW.finding_class THEN
    RAISE EXCEPTION 'plainsight: a flag''s lifecycle step needs its ledger entry, appended just before it in the same transaction'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER flags_lifecycle_entry BEFORE UPDATE ON flags
  FOR EACH ROW EXECUTE FUNCTION plainsight_flags_lifecycle_entry();
