-- Loading the extension, and the version it reports.
CREATE EXTENSION puny;
SELECT extname, extversion FROM pg_extension WHERE extname = 'puny';
-- The library version and the Unicode version of its tables (run-tests.sh
-- checks that they are the ones `puny --version` prints).
SELECT puny_version() ~ '^puny [0-9]+\.[0-9]+\.[0-9]+ \(Unicode [0-9]+\.[0-9]+\.[0-9]+\)$'
       AS version_format;
