import { useTranslation } from 'react-i18next';
import classes from './entries.module.css';

/** Where the list's pages stand (useInfiniteQuery's flags, as plain values). */
export interface ListPaging {
  /** Entries of the month with its filters (meta.total), loaded or not. */
  total: number;
  hasNextPage: boolean;
  /** A request of this list is running (the next page, or a refetch of the loaded ones). */
  busy: boolean;
  /** The next page is being fetched (the end row shows it). */
  fetchingNext: boolean;
  /** The last next-page request failed: the end row offers a retry, nothing is fetched by scrolling. */
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * Below the loaded rows while the month has more: what is happening, in words (role="status"), with the
 * count loaded, or a retry after a failure. As tall as an entry row, so the page does not jump.
 */
export function ListEndRow({
  loaded,
  paging,
  locale,
}: {
  loaded: number;
  paging: ListPaging;
  locale: string;
}) {
  const { t } = useTranslation('ledger');
  const number = new Intl.NumberFormat(locale);
  const count = t('entriesPaging.loaded', {
    loaded: number.format(loaded),
    total: number.format(paging.total),
  });
  if (paging.failed && !paging.busy) {
    return (
      <div className={classes.endRow} role="alert" data-testid="entries-load-more-failed">
        <span>{t('entriesPaging.failed')}</span>
        <button
          type="button"
          className={`mantine-focus-auto mantine-active ${classes.retryButton}`}
          onClick={paging.onLoadMore}
        >
          {t('entriesPaging.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className={classes.endRow} role="status" data-testid="entries-loading-more">
      <span className={classes.spinner} aria-hidden />
      <span>{t('entriesPaging.loadingMore')}</span>
      <span className={classes.endCount}>{count}</span>
    </div>
  );
}
