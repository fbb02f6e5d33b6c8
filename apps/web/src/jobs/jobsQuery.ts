/** The jobs page's filters and page as kept in the URL query. */
export interface JobsQuery {
  status: string[];
  type: string[];
  /** YYYY-MM-DD, '' for none */
  from: string;
  to: string;
  q: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const csv = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** Reads the filters from ?status=&type=&from=&to=&q=&page=; anything malformed is dropped. */
export function filtersFromQuery(params: URLSearchParams): JobsQuery {
  const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : '');
  const page = Number(params.get('page'));
  return {
    status: csv(params.get('status')),
    type: csv(params.get('type')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query of some filters: only what is set (page 1 is the default and left out). */
export function filtersToQuery(f: JobsQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (f.status.length) p.set('status', f.status.join(','));
  if (f.type.length) p.set('type', f.type.join(','));
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.q.trim()) p.set('q', f.q);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** Whether any filter narrows the list (the page alone does not). */
export function hasFilters(f: JobsQuery): boolean {
  return f.status.length > 0 || f.type.length > 0 || Boolean(f.from) || Boolean(f.to) || f.q.trim() !== '';
}
