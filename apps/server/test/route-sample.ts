import type { FastifyInstance } from 'fastify';
import type { ApiRoute } from '../src/plugins/auth';

// Requests built from the server's own OpenAPI document, so the sweeps over every route (access, fuzz) cover
// routes added later without a list to keep up to date.

export type Json = Record<string, unknown>;

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Json;
}

export interface Operation {
  requestBody?: { content?: Record<string, { schema: Json }> };
  parameters?: Parameter[];
}

/** The ids of the scene the requests act on. */
export interface SceneIds {
  schoolId: number;
  examId: number;
  subjectId: number;
  userId: number;
  classId?: number;
}

/** Builds valid-looking inputs for the routes of `app`, with ids pointing at the scene's data. */
export function routeSampler(app: FastifyInstance, ids: SceneIds) {
  const openapi = app.swagger() as { paths: Record<string, Record<string, Operation>> };

  /** The id a field or path parameter of this name most likely carries, on the scene's data. */
  function idFor(name: string, url: string): number {
    if (/school/i.test(name)) return ids.schoolId;
    if (/exam/i.test(name)) return ids.examId;
    if (/subject/i.test(name)) return ids.subjectId;
    if (/user|teacher/i.test(name)) return ids.userId;
    if (/class/i.test(name) && ids.classId) return ids.classId;
    if (name === 'id' && /\/subject\//.test(url)) return ids.subjectId;
    if (name === 'id' && /\/exam\//.test(url)) return ids.examId;
    return 1;
  }

  /** A smallest value the schema accepts (every property of objects when `all`), ids on the scene. */
  function sample(schema: Json | undefined, name: string, url: string, all = false): unknown {
    if (!schema) return undefined;
    const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (union) return sample(union.find((s) => s.type !== 'null') ?? union[0], name, url, all);
    if (schema.allOf && schema.type !== 'string')
      return Object.assign({}, ...(schema.allOf as Json[]).map((s) => sample(s, name, url, all)));
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    switch (schema.type) {
      case 'object': {
        const props = (schema.properties ?? {}) as Record<string, Json>;
        const required = new Set((schema.required ?? []) as string[]);
        const out: Json = {};
        for (const [k, v] of Object.entries(props))
          if (all || required.has(k) || /Id$|Ids$/.test(k)) out[k] = sample(v, k, url, all);
        return out;
      }
      case 'array': {
        const n = Math.max(1, Number(schema.minItems ?? 0));
        return Array.from({ length: n }, () =>
          sample(schema.items as Json, name.replace(/s$/, ''), url, all),
        );
      }
      case 'integer':
      case 'number':
        return Math.max(idFor(name, url), Number(schema.minimum ?? 0));
      case 'boolean':
        return false;
      case 'string': {
        if (schema.format === 'date-time') return '2026-11-01T08:00:00+08:00';
        if (schema.format === 'date' || /date/i.test(name)) return '2026-11-01';
        // one or more patterns (allOf): a candidate that matches all of them
        const res = [schema, ...((schema.allOf as Json[] | undefined) ?? [])].flatMap((s) =>
          typeof s.pattern === 'string' ? [new RegExp(s.pattern, 'u')] : [],
        );
        const plain = 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
        const fits = (c: string) => res.every((re) => re.test(c));
        const uuid = '6f1d3c52-4a8e-4b7e-9c1a-2b3c4d5e6f70';
        return [plain, '1', '13900000000', 'A', '0'.repeat(64), uuid].find(fits) ?? plain;
      }
      default:
        return idFor(name, url);
    }
  }

  /** The OpenAPI operation of a route. */
  function operation(route: ApiRoute): Operation | undefined {
    const path = route.url.replace(/:(\w+)/g, (_, p: string) => `{${p}}`);
    return openapi.paths[path]?.[route.method.toLowerCase()];
  }

  /** The route's URL with path parameters filled, its query string (required and id parameters) and body. */
  function request(route: ApiRoute): { url: string; payload?: unknown } {
    const op = operation(route);
    const inPath = (p: string) => op?.parameters?.find((x) => x.in === 'path' && x.name === p)?.schema;
    let url = route.url.replace(/:(\w+)/g, (_, p: string) =>
      String(sample(inPath(p), p, route.url) ?? idFor(p, route.url)),
    );
    const query = (op?.parameters ?? []).filter(
      (p) => p.in === 'query' && (p.required || /Id$/.test(p.name)),
    );
    if (query.length)
      url += `?${query.map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name, route.url)))}`).join('&')}`;
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    return schema ? { url, payload: sample(schema, '', route.url) } : { url };
  }

  return { idFor, sample, operation, request };
}
