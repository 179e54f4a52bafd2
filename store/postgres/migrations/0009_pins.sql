-- plainsight store, schema version 9: the pins of trust on first use and
-- the sightings of surfaces that differ from them (issue 30, items 2 and
-- 3). Both are append-only: a new pin version per approval, 1, 2, … per
-- key; a new sighting per differing surface seen, 1, 2, … per key.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE pins (
  key         TEXT COLLATE "C" NOT NULL,     -- byte order, as the other backends list them
  version     BIGINT      NOT NULL,
  fingerprint TEXT        NOT NULL,
  record      BYTEA       NOT NULL,          -- the fingerprint.SurfaceRecord JSON
  reason      TEXT        NOT NULL CHECK (reason IN ('first_use', 'approved')),
  approved_by TEXT        NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (key, version)
);

CREATE TABLE pin_sightings (
  key         TEXT COLLATE "C" NOT NULL,
  seq         BIGINT      NOT NULL,
  fingerprint TEXT        NOT NULL,
  record      BYTEA       NOT NULL,
  seen_at     TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (key, seq)
);

-- A version follows its key's head (two concurrent inserts of one version
-- that both pass this check collide on the primary key), and a sighting
-- its key's last.
CREATE FUNCTION plainsight_pin_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM (SELECT COALESCE(MAX(version), 0) + 1 FROM pins WHERE key = NEW.key) THEN
    RAISE EXCEPTION 'plainsight: a pin version must follow its key''s head'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION plainsight_pin_sighting_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq IS DISTINCT FROM (SELECT COALESCE(MAX(seq), 0) + 1 FROM pin_sightings WHERE key = NEW.key) THEN
    RAISE EXCEPTION 'plainsight: a sighting must follow its key''s last'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER pins_next BEFORE INSERT ON pins
  FOR EACH ROW EXECUTE FUNCTION plainsight_pin_next();
CREATE TRIGGER pins_no_update BEFORE UPDATE ON pins
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('pins are append-only');
CREATE TRIGGER pins_no_delete BEFORE DELETE ON pins
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('pins are append-only');
CREATE TRIGGER pins_no_truncate BEFORE TRUNCATE ON pins
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('pins are append-only');

CREATE TRIGGER pin_sightings_next BEFORE INSERT ON pin_sightings
  FOR EACH ROW EXECUTE FUNCTION plainsight_pin_sighting_next();
CREATE TRIGGER pin_sightings_no_update BEFORE UPDATE ON pin_sightings
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('sightings are append-only');
CREATE TRIGGER pin_sightings_no_delete BEFORE DELETE ON pin_sightings
  FOR EACH ROW EXECUTE FUNCTION plainsight_refuse('sightings are append-only');
CREATE TRIGGER pin_sightings_no_truncate BEFORE TRUNCATE ON pin_sightings
  FOR EACH STATEMENT EXECUTE FUNCTION plainsight_refuse('sightings are append-only');
