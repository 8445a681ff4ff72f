/**
 * The route pattern of an address: each segment that is a value of the route's parameters becomes `:name`, and
 * any other segment of digits `:id` — a page is counted by what it is, never by whose exam or paper it shows.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (value && name !== '*') names.set(value, name);
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      const name = names.get(decodeURIComponent(s));
      if (name) return `:${name}`;
      return /^[0-9]+$/.test(s) ? ':id' : s;
    });
  return `/${segments.join('/')}`;
}
