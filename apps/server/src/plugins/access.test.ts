import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_TABLE, type Capability } from '@yj/contracts';
import { body, signIn, testApp, type TestApp } from '../../test/app';
import { buildSchool, buildSchoolAdmin, buildSubjectScene, PASSWORD } from '../../test/factories';
import type { ApiRoute } from './auth';

// The access sweep (issue 3, "tested for every route"): every /filter route that acts on a school, exam or
// subject is called with school A's ids by school B's administrator and by a plain teacher of school A.
// Whenever the capability table does not grant the call, the answer must be 无权限 — for routes added later
// too, since the list comes from the running server.

type Json = Record<string, unknown>;
interface Ids {
  schoolId: number;
  examId: number;
  subjectId: number;
  userId: number;
}

let t: TestApp;
let ids: Ids;
let otherAdmin: Awaited<ReturnType<typeof signIn>>;
let teacher: Awaited<ReturnType<typeof signIn>>;
let openapi: {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema: Json }> };
        parameters?: Array<{ in: string; name: string; required?: boolean; schema: Json }>;
      }
    >
  >;
};

beforeAll(async () => {
  t = await testApp();
  const scene = await buildSubjectScene(t.app, t.database.db, {
    name: '期中考试',
    course: '数学',
    fullScore: 150,
  });
  const other = await buildSchool(t.database.db);
  otherAdmin = await signIn(t.app, (await buildSchoolAdmin(t.database.db, other.id)).account, PASSWORD);
  teacher = scene.teacher;
  const me = body<{ id: number }>(await teacher.post('/filter/api/user/getUserInfo')).data;
  ids = { schoolId: scene.schoolId, examId: scene.examId, subjectId: scene.subjectId, userId: me.id };
  openapi = t.app.swagger() as typeof openapi;
});
afterAll(() => t.close());

/** The id a field or path parameter of this name most likely carries, on school A's data. */
function idFor(name: string, url: string): number {
  if (/school/i.test(name)) return ids.schoolId;
  if (/exam/i.test(name)) return ids.examId;
  if (/subject/i.test(name)) return ids.subjectId;
  if (/user|teacher/i.test(name)) return ids.userId;
  if (name === 'id' && /\/subject\//.test(url)) return ids.subjectId;
  if (name === 'id' && /\/exam\//.test(url)) return ids.examId;
  return 1;
}

/** A smallest value the schema accepts, with ids pointing at school A. */
function sample(schema: Json | undefined, name: string, url: string): unknown {
  if (!schema) return undefined;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return sample(union.find((s) => s.type !== 'null') ?? union[0], name, url);
  if (schema.allOf) return Object.assign({}, ...(schema.allOf as Json[]).map((s) => sample(s, name, url)));
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      const out: Json = {};
      for (const [k, v] of Object.entries(props))
        if (required.has(k) || /Id$|Ids$/.test(k)) out[k] = sample(v, k, url);
      return out;
    }
    case 'array': {
      const n = Math.max(1, Number(schema.minItems ?? 0));
      return Array.from({ length: n }, () => sample(schema.items as Json, name.replace(/s$/, ''), url));
    }
    case 'integer':
    case 'number':
      return Math.max(idFor(name, url), Number(schema.minimum ?? 0));
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date' || /date/i.test(name)) return '2026-11-01';
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern);
        return ['1', '13900000000', 'A', 'x', '0'.repeat(64)].find((c) => re.test(c)) ?? 'x';
      }
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    default:
      return idFor(name, url);
  }
}

/** The route's URL with path parameters filled, its query string and body. */
function request(route: ApiRoute): { url: string; payload?: unknown } {
  const path = route.url.replace(/:(\w+)/g, (_, p: string) => `{${p}}`);
  const op = openapi.paths[path]?.[route.method.toLowerCase()];
  const inPath = (p: string) => op?.parameters?.find((x) => x.in === 'path' && x.name === p)?.schema;
  let url = route.url.replace(/:(\w+)/g, (_, p: string) =>
    String(sample(inPath(p), p, route.url) ?? idFor(p, route.url)),
  );
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query' && (p.required || /Id$/.test(p.name)));
  if (query.length)
    url += `?${query.map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name, route.url)))}`).join('&')}`;
  const schema = op?.requestBody?.content?.['application/json']?.schema;
  return schema ? { url, payload: sample(schema, '', route.url) } : { url };
}

const grants = (cap: Capability, who: (r: (typeof CAPABILITY_TABLE)[Capability][number]) => boolean) =>
  CAPABILITY_TABLE[cap].some((r) => r.who === 'user' || who(r));

/** Routes acting on a school, exam or subject by id, that the table does not grant this caller. */
function refusedFor(who: (r: (typeof CAPABILITY_TABLE)[Capability][number]) => boolean): ApiRoute[] {
  return t.app.apiRoutes.filter(
    (r) => !r.public && r.capability && r.scoped && !grants(r.capability, who) && r.method !== 'OPTIONS',
  );
}

async function sweep(client: typeof teacher, routes: ApiRoute[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    const { url, payload } = request(route);
    const res = await client.call(route.method as 'GET' | 'POST' | 'DELETE', url, payload as object);
    const b = res.headers['content-type']?.toString().includes('json') ? body(res) : null;
    // Ids the scene has no record for (a scan page, say) may answer "not found" instead: nothing leaks.
    if (b?.message !== '无权限' && !b?.message.includes('不存在'))
      wrong.push(`${route.method} ${url}: ${res.statusCode} ${b?.code} ${b?.message}`);
  }
  return wrong;
}

describe('access sweep over every scoped route', () => {
  it('covers the routes of every module', () => {
    const scoped = t.app.apiRoutes.filter((r) => r.scoped);
    expect(scoped.length).toBeGreaterThan(60);
    for (const part of ['/api/school/', '/api/exam/', '/api/subject/', '/setting/'])
      expect(scoped.some((r) => r.url.includes(part))).toBe(true);
  });

  it("refuses another school's administrator on school A's data", async () => {
    const routes = refusedFor((r) => r.who === 'schoolAdmin' && r.scope === 'any');
    expect(routes.length).toBeGreaterThan(50);
    expect(await sweep(otherAdmin, routes)).toEqual([]);
  });

  it('refuses a teacher without a role on what only administrators and exam roles may do', async () => {
    const routes = refusedFor((r) => r.who === 'teacher');
    expect(routes.length).toBeGreaterThan(50);
    expect(await sweep(teacher, routes)).toEqual([]);
  });
});
