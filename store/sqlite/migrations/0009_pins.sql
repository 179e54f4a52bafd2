-- plainsight store, schema version 9: the pins of trust on first use and
-- the sightings of surfaces that differ from them (issue 30, items 2 and
-- 3). Both are append-only: a new pin version per approval, 1, 2, … per
-- key; a new sighting per differing surface seen, 1, 2, … per key.
-- Released migrations are never edited; a change is a new numbered file.

CREATE TABLE pins (
  key         TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  fingerprint TEXT    NOT NULL,
  record      BLOB    NOT NULL,               -- the fingerprint.SurfaceRecord JSON
  reason      TEXT    NOT NULL CHECK (reason IN ('first_use', 'approved')),
  approved_by TEXT    NOT NULL,
  created_at  TEXT    NOT NULL,               -- RFC 3339, UTC, fixed width
  PRIMARY KEY (key, version)
);

CREATE TABLE pin_sightings (
  key         TEXT    NOT NULL,
  seq         INTEGER NOT NULL,
  fingerprint TEXT    NOT NULL,
  record      BLOB    NOT NULL,
  seen_at     TEXT    NOT NULL,
  PRIMARY KEY (key, seq)
);

-- A version follows its key's head, and a sighting its key's last: so an
-- insert never collides with a row (and INSERT OR REPLACE, which would
-- delete the row it collides with, has nothing to replace).
CREATE TRIGGER pins_next BEFORE INSERT ON pins
WHEN NEW.version IS NOT (SELECT COALESCE(MAX(version), 0) + 1 FROM pins WHERE key = NEW.key)
BEGIN SELECT RAISE(ABORT, 'plainsight: a pin version must follow its key''s head'); END;

CREATE TRIGGER pins_no_update BEFORE UPDATE ON pins
BEGIN SELECT RAISE(ABORT, 'plainsight: pins are append-only: no update'); END;

CREATE TRIGGER pins_no_delete BEFORE DELETE ON pins
BEGIN SELECT RAISE(ABORT, 'plainsight: pins are append-only: no delete'); END;

CREATE TRIGGER pin_sightings_next BEFORE INSERT ON pin_sightings
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM pin_sightings WHERE key = NEW.key)
BEGIN SELECT RAISE(ABORT, 'plainsight: a sighting must follow its key''s last'); END;

CREATE TRIGGER pin_sightings_no_update BEFORE UPDATE ON pin_sightings
BEGIN SELECT RAISE(ABORT, 'plainsight: sightings are append-only: no update'); END;

CREATE TRIGGER pin_sightings_no_delete BEFORE DELETE ON pin_sightings
BEGIN SELECT RAISE(ABORT, 'plainsight: sightings are append-only: no delete'); END;
