-- plainsight store, schema version 4: the receipt log of the Agent-Shield
-- protocol's conformance Level 3 (§5). Entries hold hashes, never content.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE receipts (
  seq          BIGINT      PRIMARY KEY,
  scan_id      TEXT        UNIQUE,              -- NULL when no scan was made
  who          TEXT        NOT NULL,
  content_hash TEXT        NOT NULL,
  at           TIMESTAMPTZ NOT NULL,
  engine       TEXT        NOT NULL,
  verdict      TEXT        NOT NULL,
  outcome      TEXT        NOT NULL,
  entry        BYTEA       NOT NULL             -- the shield-receipt-log JSON
);
CREATE INDEX receipts_who ON receipts (who, seq);
CREATE INDEX receipts_content_hash ON receipts (content_hash, seq);
CREATE INDEX receipts_at ON receipts (at, seq);

CREATE FUNCTION plainsight_receipt_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS DISTINCT FROM (SELECT COALESCE(MAX(seq), 0) + 1 FROM receipts) THEN
    RAISE EXCEPTION 'plainsight: a receipt entry must follow the last one'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

-- The receipt log: append-only, entries are never edited or removed.
CREATE TRIGGER receipts_next BEFORE INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION plainsight_receipt_next();
CREATE TRIGGER receipts_no_update BEFORE UPDATE ON receipts
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the receipt log is append-only');
CREATE TRIGGER receipts_no_delete BEFORE DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('the receipt log is append-only');
CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON receipts
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('the receipt log is append-only');
