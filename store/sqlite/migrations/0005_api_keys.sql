-- plainsight store, schema version 5: the server's API keys. A key's
-- secret is never stored, only its SHA-256. Keys are never deleted; the
-- only change is a revocation, once.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE api_keys (
  n          INTEGER PRIMARY KEY,
  id         TEXT    NOT NULL UNIQUE,
  hash       TEXT    NOT NULL UNIQUE,         -- lowercase hex SHA-256 of the secret
  owner      TEXT    NOT NULL,
  scopes     TEXT    NOT NULL,                -- sorted, separated by one space
  label      TEXT    NOT NULL,
  created_at TEXT    NOT NULL,                -- RFC 3339, UTC, fixed width
  revoked_at TEXT                             -- NULL while the key is live
);

CREATE TRIGGER api_keys_live BEFORE INSERT ON api_keys
WHEN NEW.revoked_at IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'plainsight: a new key is live'); END;

CREATE TRIGGER api_keys_revoke_once BEFORE UPDATE ON api_keys
WHEN OLD.revoked_at IS NOT NULL OR NEW.revoked_at IS NULL
  OR NEW.n IS NOT OLD.n OR NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.owner IS NOT OLD.owner
  OR NEW.scopes IS NOT OLD.scopes OR NEW.label IS NOT OLD.label OR NEW.created_at IS NOT OLD.created_at
BEGIN SELECT RAISE(ABORT, 'plainsight: a key is only ever revoked, once'); END;

CREATE TRIGGER api_keys_no_delete BEFORE DELETE ON api_keys
BEGIN SELECT RAISE(ABORT, 'plainsight: keys are never deleted'); END;
