-- plainsight store, migration 7 (issue 28, item 3): publishers who prove
-- control of a registered server's domain. Released migrations are never
-- edited; a change is a new numbered file.
--
-- publisher_status keeps migration 2's two values: 'verified' is the
-- stored spelling of claimed (the check of migration 2 cannot change in
-- SQLite without rebuilding the table), and the backends read it back as
-- claimed. publisher_account names the account that claimed the server:
-- empty while unclaimed, set once, in the same step as the status.
ALTER TABLE servers ADD COLUMN publisher_account TEXT NOT NULL DEFAULT '';

CREATE TRIGGER servers_insert_unclaimed BEFORE INSERT ON servers
WHEN NEW.publisher_status IS NOT 'unclaimed' OR NEW.publisher_account IS NOT ''
BEGIN SELECT RAISE(ABORT, 'plainsight: a server is registered unclaimed'); END;

-- The claim: unclaimed → verified with a non-empty account, in one step;
-- the account never changes otherwise.
CREATE TRIGGER servers_claim BEFORE UPDATE OF publisher_status, publisher_account ON servers
WHEN (NEW.publisher_status IS NOT OLD.publisher_status OR NEW.publisher_account IS NOT OLD.publisher_account)
  AND NOT (OLD.publisher_status = 'unclaimed' AND NEW.publisher_status = 'verified'
           AND OLD.publisher_account = '' AND NEW.publisher_account <> '')
BEGIN SELECT RAISE(ABORT, 'plainsight: a server is claimed once, by an account'); END;

-- Claim challenges: one per server and account, replaced by a new one. A
-- working record, not history: the claim's own record is its ledger
-- entry. The token is never stored, only its SHA-256.
CREATE TABLE claim_challenges (
  server_url   TEXT NOT NULL REFERENCES servers (url),
  account_id   TEXT NOT NULL,
  token_sha256 TEXT NOT NULL,
  created_at   TEXT NOT NULL,              -- RFC 3339, UTC, fixed width
  expires_at   TEXT NOT NULL,
  PRIMARY KEY (server_url, account_id)
);

CREATE TRIGGER claim_challenges_registered BEFORE INSERT ON claim_challenges
WHEN NOT EXISTS (SELECT 1 FROM servers WHERE url = NEW.server_url)
BEGIN SELECT RAISE(ABORT, 'plainsight: a claim challenge is for a registered server'); END;
