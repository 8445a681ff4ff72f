/**
 * How long a read that a route loader started stays fresh: the page's components mount a moment after the loader
 * fetched it, and a query with no freshness is read again as they mount (a second call for each, seen on the
 * home page after signing in). A later visit, or an invalidation after a change, reads it again as before.
 */
export const LOADED_FRESH = 5_000;
