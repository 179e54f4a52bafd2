-- plainsight store, schema version 10 (issue 33, item 3): receipt numbers
-- from a sequence, so that appends of receipts by several instances do not
-- queue behind one lock, and readers bounded by the oldest append still in
-- flight, so that a reader paging by seq never steps over an entry that
-- commits after a later-numbered one.
-- Released migrations are never edited; a change is a new numbered file.

CREATE SEQUENCE receipts_seq AS BIGINT MINVALUE 1;
SELECT setval('receipts_seq', COALESCE((SELECT MAX(seq) FROM receipts), 0) + 1, false);

-- plainsight_receipt_seq draws the next receipt number and, in the same
-- step, marks it in flight: a shared advisory lock keyed by the schema's
-- hash (high half) and the number (low half), held to the end of the
-- drawing transaction. The step runs under a session advisory lock
-- (7367790 = 'pln', the schema's hash # 5) held only while it runs:
-- shared by the appenders, which do not wait for each other, exclusive
-- for a reader (plainsight_receipt_bound), which so sees every number
-- drawn either in flight or finished, never between.
CREATE FUNCTION plainsight_receipt_seq() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  h INTEGER := hashtext(current_schema());
  s BIGINT;
BEGIN
  PERFORM pg_advisory_lock_shared(7367790, h # 5);
  BEGIN
    s := nextval('receipts_seq');
    PERFORM pg_advisory_xact_lock_shared((h::BIGINT << 32) | (s & 4294967295));
  EXCEPTION WHEN OTHERS OR query_canceled THEN
    PERFORM pg_advisory_unlock_shared(7367790, h # 5);
    RAISE;
  END;
  PERFORM pg_advisory_unlock_shared(7367790, h # 5);
  RETURN s;
END $$;

-- plainsight_receipt_bound is the highest receipt number below every
-- number still in flight in another transaction: every entry numbered at
-- most that has committed or never will. A reader takes it before its
-- query (a later statement, with a later snapshot) and lists no entry
-- above it.
CREATE FUNCTION plainsight_receipt_bound() RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  h INTEGER := hashtext(current_schema());
  last BIGINT;
  called BOOLEAN;
  lo BIGINT;
BEGIN
  PERFORM pg_advisory_lock(7367790, h # 5);
  BEGIN
    SELECT last_value, is_called INTO last, called FROM receipts_seq;
    IF NOT called THEN
      last := last - 1;
    END IF;
    SELECT min(last - (((last - objid::BIGINT) % 4294967296) + 4294967296) % 4294967296) INTO lo
      FROM pg_locks
      WHERE locktype = 'advisory' AND objsubid = 1 AND granted
        AND classid = (h::BIGINT & 4294967295)::OID
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND pid <> pg_backend_pid();
  EXCEPTION WHEN OTHERS OR query_canceled THEN
    PERFORM pg_advisory_unlock(7367790, h # 5);
    RAISE;
  END;
  PERFORM pg_advisory_unlock(7367790, h # 5);
  RETURN CASE WHEN lo IS NULL THEN last ELSE lo - 1 END;
END $$;

-- An entry's number must be the one its session drew last (so a fresh
-- one, above every entry's, and marked in flight): migration 4's rule
-- (the maximum + 1) would have every append wait for the one before it
-- to commit. Numbers of transactions that rolled back are gaps.
DROP TRIGGER receipts_next ON receipts;
DROP FUNCTION plainsight_receipt_next();
CREATE FUNCTION plainsight_receipt_drawn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  drawn BIGINT;
BEGIN
  BEGIN
    drawn := currval('receipts_seq');
  EXCEPTION WHEN object_not_in_prerequisite_state THEN
    drawn := NULL;
  END;
  IF NEW.seq IS DISTINCT FROM drawn THEN
    RAISE EXCEPTION 'plainsight: a receipt entry takes the number plainsight_receipt_seq() drew'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER receipts_drawn BEFORE INSERT ON receipts
  FOR EACH ROW EXECUTE FUNCTION plainsight_receipt_drawn();
