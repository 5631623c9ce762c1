-- Misspelt words are looked up in listing_words (migration 0015) since issue 11: nothing matches
-- trigrams against a listing's whole text any more, and this index only cost every listing write.
DROP INDEX IF EXISTS "listings_search_trgm_idx";
