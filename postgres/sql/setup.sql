-- Loading the extension, and the version it reports.
CREATE EXTENSION puny;
SELECT extname, extversion FROM pg_extension WHERE extname = 'puny';
-- The library version and the Unicode version of its tables.
SELECT puny_version() ~ '^puny [0-9]+\.[0-9]+\.[0-9]+, Unicode 17\.0\.0, UTS #46 revision 35$'
       AS version_format,
       substring(puny_version() from 'Unicode ([0-9.]+)') AS unicode_version;
