import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { envFlagRefusal, readsOnly, type EnvFlag } from './env-flag';
import type { RouteContract } from './route';

/** Every contract of the package with the name it is exported under (`group.key`). */
const named = (): Array<[string, RouteContract]> =>
  Object.entries(contracts).flatMap(([group, g]) =>
    g && typeof g === 'object' && !Array.isArray(g) && group.endsWith('Contract')
      ? Object.entries(g as Record<string, unknown>)
          .filter((e): e is [string, RouteContract] => {
            const r = e[1];
            return !!r && typeof r === 'object' && 'method' in r && 'path' in r && 'response' in r;
          })
          .map(([key, c]): [string, RouteContract] => [`${group}.${key}`, c])
      : [],
  );

// A POST named or shaped like a query (a list, a page of rows, a preview, a check) that is not marked `reads` would
// be refused during read-only maintenance: a page that only shows rows would stop loading.
const READ_NAME =
  /\.(list|get|query|search|find|preview|validate|judge|check|count|statistics|records|info|sent|exams|messages|students|teachers|classes|admins|inSchool|joint|byKaohao|dynamicLog)$|\.(get|query|search|list|find|count)[A-Z]|(List|Log|Info|Preview|Statistics|Records|Count)$/;
// …and one marked `reads` that is named like a change would let a write through.
const WRITE_NAME =
  /\.(save|submit|create|add|update|edit|delete|remove|set|reset|release|claim|copy|import|publish|cancel|confirm|send|move|launch|reopen|finish|assign|keep|accept|run|adjust|recompute|mark|bind|change)/i;

const isPaged = (r: z.ZodType): boolean =>
  r instanceof z.ZodObject && ['total', 'size', 'items'].every((k) => k in r.shape);

describe('系统维护: reads and writes of the contracts', () => {
  const all = named();

  it('finds the contracts', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, c]) => c.reads).length).toBeGreaterThan(15);
  });

  it('marks every POST that looks like a read (its name, or a page of rows it answers)', () => {
    const unmarked = all
      .filter(([, c]) => c.method === 'POST' && !c.reads && !c.signIn)
      .filter(([name, c]) => READ_NAME.test(name) || isPaged(c.response))
      .map(([name]) => name);
    expect(unmarked).toEqual([]);
  });

  it('marks only POSTs, and none named like a change', () => {
    const wrong = all
      .filter(([name, c]) => c.reads && (c.method !== 'POST' || WRITE_NAME.test(name)))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('lets only the routes of signing in and out through as sign-in', () => {
    const signIns = all.filter(([, c]) => c.signIn).map(([name]) => name);
    for (const name of signIns)
      expect(name).toMatch(
        /^(authContract|portalContract)\.(login|logout|parent|changePwdLogin|bindPhone|scanLogin)/,
      );
    expect(signIns).toContain('authContract.login');
    expect(signIns).toContain('authContract.logout');
  });

  it('reads: GET, and POST only when marked', () => {
    expect(readsOnly({ method: 'GET' })).toBe(true);
    expect(readsOnly({ method: 'POST' })).toBe(false);
    expect(readsOnly({ method: 'POST', reads: true })).toBe(true);
    expect(readsOnly({ method: 'DELETE' })).toBe(false);
  });
});

describe('系统维护: what the flag refuses', () => {
  const flag = (readOnly: boolean): EnvFlag => ({
    message: '系统升级维护中',
    until: null,
    readOnly,
    since: '2026-01-01T00:00:00.000Z',
  });
  it('nothing without a flag; writes while read-only; everything while closed; never the exempt', () => {
    expect(envFlagRefusal(null, { read: false, exempt: false })).toBeNull();
    expect(envFlagRefusal(flag(true), { read: true, exempt: false })).toBeNull();
    expect(envFlagRefusal(flag(true), { read: false, exempt: false })).toBe('envFlagWritesPaused');
    expect(envFlagRefusal(flag(false), { read: true, exempt: false })).toBe('envFlagClosed');
    expect(envFlagRefusal(flag(false), { read: false, exempt: true })).toBeNull();
    expect(envFlagRefusal(flag(true), { read: false, exempt: true })).toBeNull();
  });
  it('says the flag is empty for the empty object', () => {
    expect(contracts.flagOf({})).toBeNull();
    expect(contracts.flagOf(flag(true))).toMatchObject({ readOnly: true });
  });
});
