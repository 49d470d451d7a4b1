import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { LIST, type Dossier, type Sort } from './allocationModel';

/**
 * The page of dossiers the filter finds (paged, sorted) and those checked, kept across pages; a new
 * filter starts again from the first page, nothing checked.
 */
export const useDossierTable = (filter: Record<string, unknown>, sessionId: string) => {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [sort, setSort] = useState<Sort>({ field: 'numeroDossier', order: 'ASC' });
  const [selected, setSelected] = useState<Map<string, Dossier>>(new Map());

  // A new choice starts again from the first page, nothing checked.
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setPage(0);
    setSelected(new Map());
  }, [filterKey]);

  const {
    data: rows = [],
    total = 0,
    isPending,
    isFetching,
    error: listError,
    refetch,
  } = useGetList<Dossier>(
    LIST,
    { filter, pagination: { page: page + 1, perPage }, sort },
    { enabled: Boolean(sessionId), placeholderData: (previous) => previous },
  );

  const pageIds = rows.map((r) => String(r.id));
  const checkedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const toggle = (record: Dossier) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(String(record.id))) next.delete(String(record.id));
      else next.set(String(record.id), record);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (checkedOnPage === rows.length) rows.forEach((r) => next.delete(String(r.id)));
      else rows.forEach((r) => next.set(String(r.id), r));
      return next;
    });

  return {
    page,
    setPage,
    perPage,
    setPerPage,
    sort,
    setSort,
    selected,
    setSelected,
    rows,
    total,
    isPending,
    isFetching,
    listError,
    refetch,
    checkedOnPage,
    toggle,
    togglePage,
  };
};

export type DossierTable = ReturnType<typeof useDossierTable>;
