-- plainsight store, schema version 5: the server's API keys. A key's
-- secret is never stored, only its SHA-256. Keys are never deleted; the
-- only change is a revocation, once.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE api_keys (
  n          BIGSERIAL   PRIMARY KEY,
  id         TEXT        NOT NULL UNIQUE,
  hash       TEXT        NOT NULL UNIQUE,     -- lowercase hex SHA-256 of the secret
  owner      TEXT        NOT NULL,
  scopes     TEXT[]      NOT NULL,            -- sorted, no repeats
  label      TEXT        NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ                      -- NULL while the key is live
);

CREATE FUNCTION plainsight_api_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL THEN
    RAISE EXCEPTION 'plainsight: a new key is live'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION plainsight_api_keys_revoke() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.revoked_at IS NOT NULL OR NEW.revoked_at IS NULL
     OR NEW.n IS DISTINCT FROM OLD.n OR NEW.id IS DISTINCT FROM OLD.id OR NEW.hash IS DISTINCT FROM OLD.hash
     OR NEW.owner IS DISTINCT FROM OLD.owner OR NEW.scopes IS DISTINCT FROM OLD.scopes
     OR NEW.label IS DISTINCT FROM OLD.label OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'plainsight: a key is only ever revoked, once'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER api_keys_insert BEFORE INSERT ON api_keys
  FOR EACH ROW EXECUTE FUNCTION plainsight_api_keys_insert();
CREATE TRIGGER api_keys_revoke BEFORE UPDATE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION plainsight_api_keys_revoke();
CREATE TRIGGER api_keys_no_delete BEFORE DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('keys are never deleted');
CREATE TRIGGER api_keys_no_truncate BEFORE TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('keys are never deleted');
