-- Every function is STRICT and PARALLEL SAFE; all but idna_display,
-- idna_display_check and hunt_matches (STABLE: they read the lists the
-- settings name) are IMMUTABLE: usable in indexes, generated columns and
-- parallel plans (and pushed down to shards by a distributed PostgreSQL such
-- as Citus).
\pset null '(null)'
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proisstrict AS strict,
       p.proparallel AS parallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'puny'
 ORDER BY p.oid::regprocedure::text;

-- An expression index and a generated column.
CREATE TABLE hosts (name text, ascii text GENERATED ALWAYS AS (try_idna_to_ascii(name)) STORED);
INSERT INTO hosts (name) VALUES ('Bücher.de'), ('EXAMPLE.com'), ('-bad-.de'), ('пример.рф');
CREATE INDEX hosts_unicode ON hosts (try_idna_to_unicode(name));
SELECT name, ascii FROM hosts ORDER BY name;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT name FROM hosts WHERE try_idna_to_unicode(name) = 'bücher.de';
SELECT name FROM hosts WHERE try_idna_to_unicode(name) = 'bücher.de';
RESET enable_seqscan;

-- Parallel plan: the conversion runs in the workers (below the Gather).
CREATE TABLE many AS SELECT 'bücher' || g || '.de' AS name FROM generate_series(1, 20000) g;
ANALYZE many;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF, VERBOSE) SELECT count(try_idna_to_ascii(name)) FROM many;
SELECT count(try_idna_to_ascii(name)) AS converted,
       count(DISTINCT idna_to_ascii(name)) AS distinct_converted,
       bool_and(idna_to_unicode(idna_to_ascii(name)) = name) AS round_trip
  FROM many;
-- An error raised in a worker reaches the client with its SQLSTATE.
-- (Only the workers scan, so the error is always raised in one.)
INSERT INTO many VALUES (U&'bad\2028.de');
SET parallel_leader_participation = off;
SELECT count(idna_to_ascii(name)) FROM many;
\echo :LAST_ERROR_SQLSTATE
RESET ALL;
