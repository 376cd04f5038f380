import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  EMPTY_INPUTS,
  readBrowseState,
  toSearchCriteria,
  writeBrowseState,
  type BrowseState,
} from './browse-search-params';

describe('browse search parameters', () => {
  it('round-trips every field, the order and the page through the URL', () => {
    const state: BrowseState = {
      inputs: {
        search_term: 'landing page & more',
        tags: 'react, seo',
        min_price: '10',
        max_price: '99.5',
        max_duration: '14',
        team_name: 'Crew',
        category: '3',
      },
      sort: 'rating',
      page: 4,
    };
    const params = writeBrowseState(state);
    expect(params.toString()).toBe(
      'q=landing+page+%26+more&tags=react%2C+seo&min_price=10&max_price=99.5&max_duration=14&team=Crew&category=3&sort=rating&page=5',
    );
    expect(readBrowseState(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('writes nothing for the defaults and reads anything it does not know as the default', () => {
    expect(writeBrowseState({ inputs: EMPTY_INPUTS, sort: 'relevance', page: 0 }).toString()).toBe('');
    expect(readBrowseState(new URLSearchParams('sort=cheapest&page=0&other=1'))).toEqual({
      inputs: EMPTY_INPUTS,
      sort: 'relevance',
      page: 0,
    });
    expect(readBrowseState(new URLSearchParams('page=2.5')).page).toBe(0);
  });

  it('asks the server for the category and a chosen order, never for relevance', () => {
    expect(toSearchCriteria({ ...EMPTY_INPUTS, category: '7' }, 'price_asc').criteria).toEqual({
      category_id: 7,
      sort: 'price_asc',
    });
    expect(toSearchCriteria({ ...EMPTY_INPUTS, category: 'x' }, 'relevance').criteria).toEqual({});
  });

  it('counts the filters that narrow the results, not the text', () => {
    expect(countActiveFilters({ ...EMPTY_INPUTS, search_term: 'seo', tags: 'a', category: '2' })).toBe(2);
    expect(countActiveFilters({ ...EMPTY_INPUTS, team_name: '  ' })).toBe(0);
  });
});
