-- E-mail addresses (issue 38): email_normalize, try_email_ascii, email_check.
-- Expected values follow the RFCs (docs/email.md): the local part keeps its
-- case (RFC 5321 2.4), the domain is lowercased and in U-labels, the ASCII
-- form has A-labels ("bücher" = xn--bcher-kva) and exists only for an ASCII
-- local part.
SELECT email_normalize('John.Doe@Example.COM') AS ascii,
       email_normalize('info@B' || chr(252) || 'cher.DE') AS idn,
       email_normalize('info@xn--bcher-kva.de') AS from_a_label;
SELECT try_email_ascii('info@B' || chr(252) || 'cher.DE') AS ascii_form,
       try_email_ascii(chr(252) || '@example.com') IS NULL AS no_ascii_form,
       try_email_ascii('a..b@example.com') IS NULL AS invalid_is_null,
       try_email_ascii(NULL) IS NULL AS strict;
-- Errors name the core's error, the byte offset and the character.
SELECT email_normalize('a..b@example.com');
SELECT email_normalize('example.com');
SELECT email_normalize('a@b@c.com');
SELECT email_normalize('a@localhost');
-- Every field.
SELECT jsonb_pretty(email_check('info@B' || chr(252) || 'cher.DE'));
SELECT jsonb_pretty(email_check(chr(30446) || '@example.com'));
SELECT jsonb_pretty(email_check('a b@example.com'));
SELECT email_check(NULL) IS NULL AS strict;
-- A column of addresses.
SELECT a, email_normalize(a) FROM (VALUES ('x@Example.org'), ('Y@example.org')) t(a)
  WHERE try_email_ascii(a) IS NOT NULL ORDER BY a;
