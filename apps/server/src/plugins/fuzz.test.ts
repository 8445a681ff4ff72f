import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, testApp, XHR, type TestApp, type Client } from '../../test/app';
import { buildUser, buildSubjectScene, signInAs } from '../../test/factories';
import { routeSampler, type Json } from '../../test/route-sample';
import { MAX_INT } from '@yj/contracts';
import type { ApiRoute } from './auth';

// The input sweep (issue 12): every /filter route, as a system administrator and as a school administrator,
// gets each of its path, query and body fields replaced in turn by an input an attacker would try — beyond
// int32, beyond a safe integer, negative, zero, NUL, emoji with a right-to-left override, a 10,000-character
// string, 100,000 items, the wrong type. Any 5xx fails, naming the route and the input, and so does an input
// only the database refused (the error handler's last line of defence). The list of routes and
// fields comes from the running server, so a route added later is swept too. Multipart uploads have no JSON
// body schema: only their path and query parameters are swept here (their bodies have tests of their own).

type Path = Array<string | number>;

const BATCH = 16;
const HUGE = Array.from({ length: 100_000 }, () => 1);
/** The inputs, as JSON values for bodies; path and query parameters get their text. */
const INPUTS: Array<[string, unknown]> = [
  ['2147483648', 2147483648],
  ['9007199254740991', 9007199254740991],
  ['-1', -1],
  ['0', 0],
  ['NUL', '\u0000'],
  ['emoji/RTL/NUL', '😀\u202e\u0000'],
  ['10,000 chars', 'x'.repeat(10_000)],
  ['100,000 items', HUGE],
  ['an object', { a: 1 }],
  ['true', true],
];

let t: TestApp;
let sampler: ReturnType<typeof routeSampler>;
let clients: Array<[string, Client]>;

beforeAll(async () => {
  // The login route is swept too: its rate limit must not turn the sweep into a row of 429s.
  t = await testApp({ LOGIN_RATE_LIMIT: '100000' });
  const scene = await buildSubjectScene(t.app, t.database.db, {
    name: '期中考试',
    course: '数学',
    fullScore: 150,
  });
  const sys = await signInAs(t, await buildUser(t.database.db, { isAdmin: true }));
  const me = body<{ id: number }>(await scene.teacher.post('/filter/api/user/getUserInfo')).data;
  sampler = routeSampler(t.app, { ...scene, userId: me.id });
  clients = [
    ['系统管理员', sys],
    ['学校管理员', scene.admin],
  ];
});
afterAll(() => t.close());

interface Field {
  path: Path;
  schema: Json;
}

/** Every field of a body schema, as paths from the root (the root itself, objects and arrays included). */
function fields(schema: Json | undefined, path: Path = [], depth = 0): Field[] {
  if (!schema || depth > 6) return [];
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const one = union?.find((s) => s.type !== 'null') ?? union?.[0] ?? schema;
  const inner = one.allOf
    ? (one.allOf as Json[]).flatMap((s) => fields(s, path, depth).slice(1))
    : one.type === 'object'
      ? Object.entries((one.properties ?? {}) as Record<string, Json>).flatMap(([k, v]) =>
          fields(v, [...path, k], depth + 1),
        )
      : one.type === 'array'
        ? fields(one.items as Json, [...path, 0], depth + 1)
        : [];
  return [{ path, schema }, ...inner];
}

const patterns = (schema: Json): string[] =>
  [schema, ...((schema.allOf as Json[] | undefined) ?? [])].flatMap((s) =>
    typeof s.pattern === 'string' ? [s.pattern] : [],
  );

const jsonType = (v: unknown): string =>
  Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : v === null ? 'null' : typeof v;

/** False when the schema certainly refuses the value (its type or bounds), so the call cannot change data. */
function mayPass(schema: Json, value: unknown): boolean {
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.some((s) => mayPass(s, value));
  if (schema.allOf && !schema.type) return (schema.allOf as Json[]).every((s) => mayPass(s, value));
  if (schema.const !== undefined) return schema.const === value;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if (typeof schema.type !== 'string') return true;
  const type = jsonType(value);
  if (schema.type !== type && !(schema.type === 'number' && type === 'integer')) return false;
  const n = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  if (Array.isArray(value)) return value.length <= (n('maxItems') ?? Infinity);
  if (typeof value === 'string')
    return (
      value.length <= (n('maxLength') ?? Infinity) &&
      patterns(schema).every((p) => new RegExp(p, 'u').test(value))
    );
  if (typeof value === 'number')
    return value <= (n('maximum') ?? Infinity) && value >= (n('minimum') ?? -Infinity);
  return true;
}

/** A copy of `root` with the value at `path` replaced. */
function replaced(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Json) }) as Json;
  copy[head as string] = replaced(copy[head as string] ?? {}, rest, value);
  return copy;
}

const encoded = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

interface Case {
  route: ApiRoute;
  label: string;
  url: string;
  payload?: unknown;
  /** the call may pass validation and change data: it runs alone, in a fixed order */
  mutates: boolean;
}

/** One request per field of the route and input: the other fields keep a value the schema accepts. */
function cases(route: ApiRoute): Case[] {
  const op = sampler.operation(route);
  const params = op?.parameters ?? [];
  const valid = (name: string) => {
    const p = params.find((x) => x.name === name);
    return String(sampler.sample(p?.schema, name, route.url) ?? sampler.idFor(name, route.url));
  };
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const query = params.filter((p) => p.in === 'query');
  const baseQuery = query.filter((p) => p.required || /Id$/.test(p.name));
  const url = (bad?: { at: string; name: string; value: unknown }) => {
    const path = route.url.replace(/:(\w+)/g, (_, p: string) =>
      bad?.at === 'path' && bad.name === p ? encoded(bad.value) : valid(p),
    );
    const parts = baseQuery
      .filter((p) => p.name !== bad?.name)
      .map((p) => `${p.name}=${encoded(valid(p.name))}`);
    if (bad?.at === 'query')
      parts.push(
        Array.isArray(bad.value)
          ? bad.value.map(() => `${bad.name}=1`).join('&')
          : `${bad.name}=${encoded(bad.value)}`,
      );
    return parts.length ? `${path}?${parts.join('&')}` : path;
  };
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  const payload = schema ? sampler.sample(schema, '', route.url, true) : undefined;
  const out: Case[] = [];
  const write = route.method !== 'GET';
  for (const [label, value] of INPUTS) {
    for (const name of pathNames)
      out.push({
        route,
        label: `${name}=${label}`,
        url: url({ at: 'path', name, value }),
        payload,
        mutates: write,
      });
    for (const p of query) {
      const u = url({ at: 'query', name: p.name, value });
      out.push({ route, label: `?${p.name}=${label}`, url: u, payload, mutates: write });
    }
    for (const f of fields(schema)) {
      const bad = replaced(payload, f.path, value);
      const mutates = write && mayPass(f.schema, value);
      out.push({ route, label: `body.${f.path.join('.')}=${label}`, url: url(), payload: bad, mutates });
    }
  }
  return out;
}

async function sweep(client: Client): Promise<{ calls: number; crashes: string[]; signedOut: number }> {
  const all = t.app.apiRoutes.filter((r) => r.method !== 'OPTIONS').flatMap(cases);
  const crashes: string[] = [];
  let signedOut = 0;
  const send = async (c: Case) => {
    const res = await client.call(c.route.method as 'GET' | 'POST' | 'DELETE', c.url, c.payload as object);
    // The error handler's last line of defence (a data exception of the database) counts too: schemas refuse first.
    const fallback =
      res.statusCode === 200 && res.body === JSON.stringify({ code: 1, message: '参数错误', data: [] });
    const code = res.headers['content-type']?.toString().includes('json')
      ? (res.json() as { code?: number }).code
      : 0;
    if (code === 1000 || code === 1001) signedOut++;
    if (res.statusCode >= 500 || fallback)
      crashes.push(
        `${c.route.method} ${c.route.url} ${c.label}: ${res.statusCode} ${res.body.slice(0, 120)}`,
      );
  };
  // Calls that cannot change data go in parallel batches (the machine is slow, the database waits dominate);
  // the others one after the other, so what they change happens in the same order on every run.
  const reads = all.filter((c) => !c.mutates);
  for (let i = 0; i < reads.length; i += BATCH) await Promise.all(reads.slice(i, i + BATCH).map(send));
  for (const c of all.filter((x) => x.mutates)) await send(c);
  return { calls: all.length, crashes: crashes.sort(), signedOut };
}

describe('input sweep over every route', () => {
  for (const who of ['系统管理员', '学校管理员'])
    it(`answers no 5xx to bad input from a ${who}`, { timeout: 300_000 }, async () => {
      const client = clients.find(([w]) => w === who)![1];
      const { calls, crashes, signedOut } = await sweep(client);
      expect(calls).toBeGreaterThan(3000);
      expect(crashes).toEqual([]);
      // the sweep must not sign its own caller out, or the routes after that would be tested for nothing
      expect(signedOut).toBe(0);
    });

  it('answers a NUL in the sign-in account and an id beyond int4 in a path as parameter errors', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: XHR,
      payload: { account: '😀\u202e\u0000', password: 'x' },
    });
    expect(body(login)).toMatchObject({ code: 1, message: '参数错误：account 不能包含控制字符' });
    const [, admin] = clients[1]!;
    const exam = body(await admin.get('/filter/api/exam/2147483648/detail'));
    expect(exam).toMatchObject({ code: 1, message: '参数错误：examId 编号无效' });
  });

  it('finds a maximum on every array and integer a request schema declares', () => {
    const unbounded: string[] = [];
    for (const route of t.app.apiRoutes) {
      const op = sampler.operation(route);
      const body = op?.requestBody?.content?.['application/json']?.schema;
      const all = [
        ...(op?.parameters ?? []).map((p) => ({ path: [p.name] as Path, schema: p.schema })),
        ...fields(body),
      ];
      for (const { path, schema } of all) {
        const one =
          ((schema.anyOf as Json[] | undefined) ?? [schema]).find((s) => s.type !== 'null') ?? schema;
        const bounded =
          one.type === 'array'
            ? typeof one.maxItems === 'number'
            : one.type === 'integer'
              ? typeof one.maximum === 'number' && one.maximum <= MAX_INT
              : true;
        if (!bounded) unbounded.push(`${route.method} ${route.url} ${path.join('.')}`);
      }
    }
    expect([...new Set(unbounded)]).toEqual([]);
  });
});
