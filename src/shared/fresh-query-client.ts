/**
 * The QueryClient of both browser apps: TanStack Query's, with one rule added to invalidation.
 *
 * After a change (a delete, a stage moved on, a live event) the app invalidates the queries the
 * change touches, and what they show next must have been read after the change. TanStack Query
 * refetches an invalidated active query and cancels a fetch in flight first, but only for a query
 * that already has data: a query still on its first fetch keeps that fetch (query-core's
 * `Query.fetch`, `cancelRefetch`). A list whose first page was asked for just before the change
 * (a search typed, then Delete) then shows the page as it was before, and nothing reads it again:
 * the row the member deleted stays on screen after "Post deleted successfully".
 *
 * `invalidateQueries` here first cancels, with revert, every first fetch still in flight that it
 * will refetch, so the refetch that follows starts after the change. Everything else is TanStack Query's.
 */
import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type Query } from '@tanstack/react-query';

/** A query whose first answer is still on its way (it has none yet). */
const onFirstFetch = (query: Query) => query.state.data === undefined && query.state.fetchStatus === 'fetching';

export class FreshQueryClient extends QueryClient {
  /**
   * TanStack Query's invalidation, after cancelling the matching first fetches in flight (see the
   * module comment). Resolves when the refetches it starts have settled.
   */
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    // Only the queries this invalidation refetches (`refetchType`, 'active' by default): a first
    // fetch cancelled and not fetched again would leave its screen with nothing to show.
    const refetched = filters?.refetchType ?? 'active';
    if (refetched !== 'none') {
      const matches = filters?.predicate;
      await this.cancelQueries({ ...filters, type: refetched, predicate: (query) => onFirstFetch(query) && (matches?.(query) ?? true) });
    }
    return super.invalidateQueries(filters, options);
  }
}
