-- plainsight store, schema version 10 (issue 33, item 3): no change. The
-- PostgreSQL schema draws receipt numbers from a sequence at this version,
-- so that several instances append without queueing behind one lock;
-- SQLite has one writer, which keeps the numbers without gaps (migration
-- 4's trigger). The file keeps the two backends' migration lists alike.
-- Released migrations are never edited; a change is a new numbered file.
SELECT 1;
