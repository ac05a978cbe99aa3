-- Credentials inside URLs (http://user:password@host) stored before they were redacted on the way in
-- (lib/workbench/core/url-credentials.ts): the same rule, once, over the columns that could hold them.
-- Data only; the pattern is the one redactUrlCredentials applies (userinfo up to its last @).
UPDATE "Run" SET "baseUrl" = regexp_replace("baseUrl", '([A-Za-z][A-Za-z0-9+.-]*://)[^[:space:]/?#\\"''<>]*@', '\1***@', 'g')
 WHERE "baseUrl" ~ '://[^[:space:]/?#\\"''<>]*@';
UPDATE "Run" SET error = regexp_replace(error, '([A-Za-z][A-Za-z0-9+.-]*://)[^[:space:]/?#\\"''<>]*@', '\1***@', 'g')
 WHERE error ~ '://[^[:space:]/?#\\"''<>]*@';
UPDATE "TaskResult" SET error = regexp_replace(error, '([A-Za-z][A-Za-z0-9+.-]*://)[^[:space:]/?#\\"''<>]*@', '\1***@', 'g')
 WHERE error ~ '://[^[:space:]/?#\\"''<>]*@';
UPDATE "Step" SET text = regexp_replace(text, '([A-Za-z][A-Za-z0-9+.-]*://)[^[:space:]/?#\\"''<>]*@', '\1***@', 'g')
 WHERE text ~ '://[^[:space:]/?#\\"''<>]*@';
UPDATE "Step" SET observation = regexp_replace(observation, '([A-Za-z][A-Za-z0-9+.-]*://)[^[:space:]/?#\\"''<>]*@', '\1***@', 'g')
 WHERE observation ~ '://[^[:space:]/?#\\"''<>]*@';
