/** Disjoint sets over labels 0, 1, 2 … (connected components): `parent` grows by push, path-halving find. */
export function unionFind(): { parent: number[]; find: (a: number) => number } {
  const parent: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  return { parent, find };
}
