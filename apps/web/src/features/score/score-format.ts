/** A score figure as the tables show it: '—' when there is none (缺考, no sheet), never a 0 in its place. */
export const figure = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : String(v);
