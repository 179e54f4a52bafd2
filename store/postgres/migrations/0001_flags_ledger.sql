-- plainsight store, schema version 1: the §8 flags and the ledger.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE flags (
  n                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- creation order
  id                  TEXT        NOT NULL UNIQUE,
  status              TEXT        NOT NULL CHECK (status IN ('standing', 'disputed', 'overturned')),
  artifact_type       TEXT        NOT NULL,
  artifact_ref        TEXT        NOT NULL,
  artifact_label      TEXT        NOT NULL,
  field               TEXT        NOT NULL,
  finding_class       TEXT        NOT NULL,
  evidence_sha256     TEXT        NOT NULL,
  excerpt             TEXT        NOT NULL,
  actor_account_id    TEXT        NOT NULL,
  actor_agent_id      TEXT        NOT NULL,
  actor_handle        TEXT        NOT NULL,
  actor_kya_level     INTEGER     NOT NULL,
  actor_kind          TEXT        NOT NULL,
  source              TEXT        NOT NULL,
  context             TEXT        NOT NULL,
  dispute_case_id     TEXT,
  dispute_case_number BIGINT,
  ledger_seq          BIGINT      NOT NULL,
  created_at          TIMESTAMPTZ NOT NULL
);

-- At most one live (standing or disputed) flag per §8 identity.
CREATE UNIQUE INDEX flags_live ON flags (evidence_sha256, finding_class, artifact_type, artifact_ref, field)
  WHERE status IN ('standing', 'disputed');
-- The gate's look-up of overturned flags, and listing by artifact.
CREATE INDEX flags_evidence ON flags (evidence_sha256, finding_class);
CREATE INDEX flags_artifact ON flags (artifact_ref, n);

CREATE FUNCTION plainsight_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plainsight: % on % refused: %', TG_OP, TG_TABLE_NAME, TG_ARGV[0]
    USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER flags_no_delete BEFORE DELETE ON flags
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('flags are append-only');
CREATE TRIGGER flags_no_truncate BEFORE TRUNCATE ON flags
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('flags are append-only');

CREATE FUNCTION plainsight_flags_lifecycle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.n, NEW.id, NEW.artifact_type, NEW.artifact_ref, NEW.artifact_label, NEW.field, NEW.finding_class,
      NEW.evidence_sha256, NEW.excerpt, NEW.actor_account_id, NEW.actor_agent_id, NEW.actor_handle,
      NEW.actor_kya_level, NEW.actor_kind, NEW.source, NEW.context, NEW.ledger_seq, NEW.created_at)
     IS DISTINCT FROM
     (OLD.n, OLD.id, OLD.artifact_type, OLD.artifact_ref, OLD.artifact_label, OLD.field, OLD.finding_class,
      OLD.evidence_sha256, OLD.excerpt, OLD.actor_account_id, OLD.actor_agent_id, OLD.actor_handle,
      OLD.actor_kya_level, OLD.actor_kind, OLD.source, OLD.context, OLD.ledger_seq, OLD.created_at) THEN
    RAISE EXCEPTION 'plainsight: flags are append-only: only the lifecycle changes'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NOT (
    (OLD.status = 'standing' AND NEW.status = 'disputed'
      AND OLD.dispute_case_id IS NULL AND NEW.dispute_case_id IS NOT NULL)
    OR
    (OLD.status = 'disputed' AND NEW.status IN ('standing', 'overturned')
      AND NEW.dispute_case_id IS NOT DISTINCT FROM OLD.dispute_case_id
      AND NEW.dispute_case_number IS NOT DISTINCT FROM OLD.dispute_case_number)
  ) THEN
    RAISE EXCEPTION 'plainsight: % → % is not a step of the flag lifecycle', OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER flags_lifecycle BEFORE UPDATE ON flags
  FOR EACH ROW EXECUTE FUNCTION plainsight_flags_lifecycle();

CREATE TABLE ledger (
  seq  BIGINT PRIMARY KEY,
  type TEXT   NOT NULL,
  prev TEXT   NOT NULL,
  hash TEXT   NOT NULL,
  body BYTEA  NOT NULL
);

-- Each entry extends the head: no gaps, no forks.
CREATE FUNCTION plainsight_ledger_extends_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq  BIGINT;
  head_hash TEXT;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM ledger ORDER BY seq DESC LIMIT 1;
  IF NEW.seq IS DISTINCT FROM COALESCE(head_seq, 0) + 1 OR NEW.prev IS DISTINCT FROM COALESCE(head_hash, '') THEN
    RAISE EXCEPTION 'plainsight: a ledger entry must extend the head'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER ledger_extends_head BEFORE INSERT ON ledger
  FOR EACH ROW EXECUTE FUNCTION plainsight_ledger_extends_head();
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the ledger is append-only');
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the ledger is append-only');
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('the ledger is append-only');
