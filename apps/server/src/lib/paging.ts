/** DRF-style page links for `{count, next, previous, results}` (pages start at 1). */
export function pageLinks(url: string, page: number, pageSize: number, count: number) {
  const u = new URL(url, 'http://local');
  const link = (p: number) => {
    u.searchParams.set('page', String(p));
    return `${u.pathname}?${u.searchParams.toString()}`;
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}

export function paged<T>(url: string, page: number, pageSize: number, count: number, results: T[]) {
  return { count, ...pageLinks(url, page, pageSize, count), results };
}
