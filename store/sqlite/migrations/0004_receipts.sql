-- plainsight store, schema version 4: the receipt log of the Agent-Shield
-- protocol's conformance Level 3 (§5). Entries hold hashes, never content.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE receipts (
  seq          INTEGER PRIMARY KEY,
  scan_id      TEXT    UNIQUE,                 -- NULL when no scan was made
  who          TEXT    NOT NULL,
  content_hash TEXT    NOT NULL,
  at           TEXT    NOT NULL,               -- RFC 3339, UTC, fixed width
  engine       TEXT    NOT NULL,
  verdict      TEXT    NOT NULL,
  outcome      TEXT    NOT NULL,
  entry        BLOB    NOT NULL                -- the shield-receipt-log JSON
);
CREATE INDEX receipts_who ON receipts (who, seq);
CREATE INDEX receipts_content_hash ON receipts (content_hash, seq);
CREATE INDEX receipts_at ON receipts (at, seq);

-- The receipt log: append-only, entries are never edited or removed, and
-- an insert never replaces one.
CREATE TRIGGER receipts_append BEFORE INSERT ON receipts
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM receipts)
BEGIN SELECT RAISE(ABORT, 'plainsight: a receipt entry must follow the last one'); END;

CREATE TRIGGER receipts_no_update BEFORE UPDATE ON receipts
BEGIN SELECT RAISE(ABORT, 'plainsight: the receipt log is append-only: no update'); END;

CREATE TRIGGER receipts_no_delete BEFORE DELETE ON receipts
BEGIN SELECT RAISE(ABORT, 'plainsight: the receipt log is append-only: no delete'); END;
