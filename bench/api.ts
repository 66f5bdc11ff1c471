// What the bench's scripted users do over HTTP, as a browser would: one place for the calls.

export type Headers = Record<string, string>;
type CityNode = { status: string; similarity: number | null };
export type Detail = {
  status: string;
  queuedCities: number;
  pages: Array<{ status: string }>;
  states: Array<{ counties: Array<{ cities: CityNode[] }> }>;
};

export async function call<T>(base: string, url: string, init: RequestInit = {}, expected = 200) {
  const res = await fetch(`${base}${url}`, init);
  const text = await res.text();
  if (res.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export const json = (headers: Headers, method: string, body: unknown): RequestInit => ({
  method,
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function login(base: string, email: string, password: string): Promise<Headers> {
  const { access } = await call<{ access: string }>(
    base,
    '/auth/login/',
    json({}, 'POST', { email, password }),
  );
  return { authorization: `Bearer ${access}` };
}

export const citiesOf = (d: Detail) =>
  d.states.flatMap((st) => st.counties.flatMap((c) => c.cities));

/**
 * A project is quiet when it is no longer generating, every page and city is written, and the
 * similarity scores (queued when the last city is written) are in.
 */
export function quiet(d: Detail, cities: number) {
  const list = citiesOf(d);
  return (
    d.status.toLowerCase() !== 'in progress' &&
    d.queuedCities === 0 &&
    d.pages.every((p) => p.status === 'Completed') &&
    list.length === cities &&
    list.every((c) => c.status === 'Completed' && (cities < 2 || c.similarity !== null))
  );
}
