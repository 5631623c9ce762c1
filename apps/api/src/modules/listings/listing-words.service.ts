import { Injectable } from '@nestjs/common';
import { correctedTsQuery, wordsOf, type ListingFilters } from './listing-search';
import { ListingsRepository } from './listings.repository';
import { ListingSearchIndexService } from './search-index/listing-search-index.service';
import type { ListingSearchIndex } from './search-index/listing-search-index';

/**
 * Misspelt and partial search words (issue 11): a search text no listing has is searched as the
 * known words it resembles (trigram similarity: the in-memory index's `similarWords` when it is
 * loaded, else listing_words in PostgreSQL; both find the same words) or as prefixes. Every route that
 * takes a search text (the page, the sidebar, the map's clusters) resolves it here, so they agree.
 */
@Injectable()
export class ListingWordsService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly searchIndex: ListingSearchIndexService,
  ) {}

  /** The filters, with `wordsQuery`/`searchedWords` when no listing has all the words of the text. */
  async resolve(filters: ListingFilters, held?: ListingSearchIndex | null): Promise<ListingFilters> {
    if (!filters.text) return filters;
    // the words of the public listings held in memory when loaded (the caller's, already brought up
    // to date for this request, or brought up to date here); else PostgreSQL's indexes
    const index = held === undefined ? await this.searchIndex.current() : held;
    if (index) {
      const lexemes = await this.searchIndex.lexemesOf(filters.text);
      if (lexemes.length === 0 || index.hasAllWords(lexemes)) return filters;
    } else if (await this.listings.anyHasWords(filters.text)) return filters;
    const words = wordsOf(filters.text);
    const known = index ? new Set(words.filter((w) => index.hasWord(w))) : await this.listings.knownWords(words);
    const unknown = words.filter((w) => !known.has(w));
    // the words they resemble: from the index's own trigram table when it is loaded (no round trip)
    const similar = new Map(await Promise.all(unknown.map(async (w) => [w, index ? index.similarWords(w) : await this.listings.similarWords(w)] as const)));
    const searchedWords = [...new Set(words.flatMap((w) => (known.has(w) ? [w] : (similar.get(w) ?? []))))];
    return { ...filters, wordsQuery: correctedTsQuery(words, known, similar), searchedWords };
  }
}
