import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteContract, RouteRequest, RouteResult } from '@yj/contracts';
import { ok } from './http';

/** What a contract route adds to its contract on the server: the scope of the check, rate limits. */
export type ContractOptions = Omit<FastifyContextConfig, 'public' | 'capability'>;

export type ContractHandler<C extends RouteContract> = (
  input: RouteRequest<C>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteResult<C> | CheckedJson>;

/**
 * A handler's `data` already written as JSON text that fits the contract — a large cached answer (a report)
 * sent as stored instead of parsed, checked and encoded again per request. Only for text the server made
 * from the contract's own type; a test of the route checks it against the schema (nothing dropped).
 */
export class CheckedJson {
  constructor(readonly json: string) {}
}

/** Thrown when a handler's answer does not fit its contract: a server bug, answered as a 500 and logged. */
export class ResponseContractError extends Error {
  constructor(method: string, url: string, issues: string) {
    super(`${method} ${url}: the answer does not fit its contract (${issues})`);
  }
}

/**
 * The answer's serialiser: a success is checked against the contract's `data` schema (keys it does not name
 * are dropped, so nothing leaves by accident) and written as JSON; a failure envelope — the error handler
 * answers through the same serialiser, with HTTP 200 for business errors — is written as it is.
 * Cost: `npm run bench:contracts`.
 */
export function contractSerializer({ response: data, method, path: url }: RouteContract) {
  return (payload: unknown): string => {
    const p = payload as { code?: unknown; data?: unknown };
    if (p === null || typeof p !== 'object' || p.code !== 0) return JSON.stringify(payload);
    const checked = data.safeParse(p.data);
    if (!checked.success) throw new ResponseContractError(method, url, checked.error.message);
    return JSON.stringify({ ...p, data: checked.data });
  };
}

/** The envelope OpenAPI documents for a contract's answer. */
const envelopeOf = (data: z.ZodType) => z.object({ code: z.literal(0), message: z.string(), data });

/**
 * Registers the handler of a contract on `app` (the /filter scope): method, path, request schemas and the
 * capability come from the contract, the answer is the envelope around what the handler returns. Routes that
 * answer a file or stream stay on Fastify's own registration.
 */
export function contractRoutes(app: FastifyInstance) {
  return function on<C extends RouteContract>(
    c: C,
    handler: ContractHandler<C>,
    options: ContractOptions = {},
  ): void {
    const config: FastifyContextConfig = {
      ...(c.access === 'public' ? { ...options, public: true } : { ...options, capability: c.access }),
      // 系统维护 (plugins/env-flag.ts) tells reads from writes and lets signing in through by these
      ...(c.reads ? { reads: true } : {}),
      ...(c.signIn ? { signIn: true } : {}),
    };
    app.route({
      method: c.method,
      url: c.path,
      schema: {
        ...(c.params ? { params: c.params } : {}),
        ...(c.query ? { querystring: c.query } : {}),
        ...(c.body ? { body: c.body } : {}),
        response: { 200: envelopeOf(c.response) },
      },
      serializerCompiler: () => contractSerializer(c),
      config,
      handler: async (req, reply) => {
        const input = { params: req.params, query: req.query, body: req.body } as RouteRequest<C>;
        const data = await handler(input, req, reply);
        if (!(data instanceof CheckedJson)) return ok(data);
        // a string with a JSON type is sent as it is (the serialiser above is for objects)
        return reply
          .type('application/json; charset=utf-8')
          .send(`{"code":0,"message":"success","data":${data.json}}`);
      },
    });
  };
}
