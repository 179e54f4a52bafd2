-- plainsight store, migration 7 (issue 28, item 3): publishers who prove
-- control of a registered server's domain. Released migrations are never
-- edited; a change is a new numbered file.
--
-- publisher_status keeps migration 2's two values, as the SQLite schema
-- does: 'verified' is the stored spelling of claimed, and the backends
-- read it back as claimed. publisher_account names the account that
-- claimed the server: empty while unclaimed, set once, in the same step as
-- the status.
ALTER TABLE servers ADD COLUMN publisher_account TEXT NOT NULL DEFAULT '';

CREATE FUNCTION plainsight_servers_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.publisher_status IS DISTINCT FROM 'unclaimed' OR NEW.publisher_account IS DISTINCT FROM '' THEN
      RAISE EXCEPTION 'plainsight: a server is registered unclaimed'
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  ELSIF (NEW.publisher_status IS DISTINCT FROM OLD.publisher_status OR NEW.publisher_account IS DISTINCT FROM OLD.publisher_account)
    AND NOT (OLD.publisher_status = 'unclaimed' AND NEW.publisher_status = 'verified'
             AND OLD.publisher_account = '' AND NEW.publisher_account <> '') THEN
    RAISE EXCEPTION 'plainsight: a server is claimed once, by an account'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER servers_claim BEFORE INSERT OR UPDATE ON servers
  FOR EACH ROW EXECUTE FUNCTION plainsight_servers_claim();

-- Claim challenges: one per server and account, replaced by a new one. A
-- working record, not history: the claim's own record is its ledger
-- entry. The token is never stored, only its SHA-256.
CREATE TABLE claim_challenges (
  server_url   TEXT        NOT NULL REFERENCES servers (url),
  account_id   TEXT        NOT NULL,
  token_sha256 TEXT        NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL,
  expires_at   TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (server_url, account_id)
);
