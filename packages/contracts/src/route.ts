import { z } from 'zod';
import type { Capability } from './capabilities';
import type { FailureKind } from './failures';

/**
 * A route of the API declared once, for the server and the web alike: method, path under /filter (`:name`
 * parameters), the request's schemas and the schema of the answer's `data`. The server registers its handler
 * from it (requests validated, the answer checked and serialised by `response`, OpenAPI documents both); the
 * web calls it by contract (`callRoute`), so the answer's type comes from here instead of a cast.
 */
export interface RouteContract<
  M extends RouteMethod = RouteMethod,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: M;
  path: string;
  /** the capability of the table the caller needs, or `public` (no session) */
  access: Capability | 'public';
  params?: P;
  query?: Q;
  body?: B;
  /** the `data` of a successful answer */
  response: R;
  /**
   * The failure kinds (FAILURES, failures.ts) this route may answer that a client acts on — branches on by their
   * `errCode` instead of only showing the message: a dialog, a page of its own, a step of a flow. Not every failure
   * the route can answer: the others are shown as their message, and need no listing.
   */
  failures?: readonly FailureKind[];
  /**
   * A POST that only reads (a query whose filter is a body, a preview, a check): it goes on while the system is
   * read-only for maintenance (env-flag.ts). A GET reads and any other method writes without saying so.
   */
  reads?: true;
  /** Signing in or out: passes 系统维护 (env-flag.ts), or nobody — the system administrator first — could sign in. */
  signIn?: true;
}

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Declares a route contract, keeping its exact schema types. */
export const defineRoute = <
  M extends RouteMethod,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  c: RouteContract<M, P, Q, B, R>,
): RouteContract<M, P, Q, B, R> => c;

/** The schema of a request part, never when the contract has none (`body?:` adds undefined to each). */
type Part<S> = Exclude<S, undefined>;
type Out<S> = [Part<S>] extends [never] ? undefined : Part<S> extends z.ZodType ? z.output<Part<S>> : never;
type In<S> = Part<S> extends z.ZodType ? z.input<Part<S>> : never;
type Has<S> = [Part<S>] extends [never] ? false : true;

/** What the server's handler receives: the validated request parts. */
export interface RouteRequest<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

/** What the web sends: the parts the contract has (their input types, defaults may be left out). */
export type RouteInput<C extends RouteContract> = (Has<C['params']> extends true
  ? { params: In<C['params']> }
  : { params?: undefined }) &
  (Has<C['query']> extends true ? { query: In<C['query']> } : { query?: undefined }) &
  (Has<C['body']> extends true ? { body: In<C['body']> } : { body?: undefined });

/** The `data` of the answer as the web receives it (after the server's schema). */
export type RouteData<C extends RouteContract> = z.output<C['response']>;

/** What the server's handler returns (before the schema: defaults may be left out). */
export type RouteResult<C extends RouteContract> = z.input<C['response']>;

/** The answer `data` of a route that answers nothing (ok(null)). */
export const noData = z.null();

/** A paged list's answer (spec §3 "total, size, items"). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number(), size: z.number(), items: z.array(item) });
