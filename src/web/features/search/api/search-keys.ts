// The query key only (no hooks, no fetching): the entry bundle's first-screen seeding imports
// it without pulling the search hooks in.
export const SEARCH_KEY = '/api/search';
