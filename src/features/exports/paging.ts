import { EXPORTS_DEFAULT_LIMIT } from '../../contract';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Page and limit from the address (?page=&limit=), tolerant of junk: reload keeps the page. */
export function readPaging(params: URLSearchParams): { page: number; limit: number } {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: Number.isFinite(limit) && limit >= 1 && limit <= 100 ? limit : EXPORTS_DEFAULT_LIMIT,
  };
}

export function writePaging(page: number, limit: number): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (limit !== EXPORTS_DEFAULT_LIMIT) params.set('limit', String(limit));
  return params;
}

/** The select's choices, with a size from the address included when it is not a usual one. */
export function pageSizes(current: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(current)) sizes.push(current);
  return sizes.sort((a, b) => a - b);
}
