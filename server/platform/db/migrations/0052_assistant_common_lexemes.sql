-- The assistant's common words: the lexemes most passages hold, with how many hold each
-- (docs/adr/0216). The search leaves them out of the index's filter when a question has rarer
-- words, so a word like "ticket" does not make tens of thousands of passages candidates. The
-- re-index measures them again after each run that changed passages (ts_stat over the index);
-- only words at or above the bound in server/features/assistant/passages.repo.ts are kept.
CREATE TABLE assistant_common_lexemes (
  lexeme   text PRIMARY KEY,
  passages integer NOT NULL CHECK (passages > 0)
);
