-- Second factors without a name of their own (issue 32): enrolment stored the English words
-- 'Authenticator app' and 'Phone' as their names, so a German page showed English and two apps
-- read the same. A factor without a name keeps NULL now (the app names it by its kind in the
-- reader's language, numbered); the stored defaults become NULL too. Runs on PostgreSQL 15 and
-- PGlite (PostgreSQL 18).
UPDATE auth_factors SET friendly_name = NULL
 WHERE (factor_type = 'totp' AND friendly_name = 'Authenticator app')
    OR (factor_type = 'phone' AND friendly_name = 'Phone');
