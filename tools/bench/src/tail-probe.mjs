// Preloaded (node --import) into the server bench:marking starts with BENCH_TAIL=1, never into `npm start`: what a
// request's time in the server is made of. Between the bench's { type: 'tail', phase: 'start' } and
// { phase: 'report' } messages (IPC) it records the event loop's delay (perf_hooks.monitorEventLoopDelay), the
// GC pauses, and per request (the route's kind) its time from the request event to the end of its answer, the
// part spent waiting for a pooled connection and the part spent waiting on statements (pg's client: from the
// statement's send to its answer's callback, which includes this process's own delay in reading it). Statements
// run outside any request (the background jobs of the process) are counted apart, by their first words. Each
// answer carries its server time in `x-tail-ms`, so the bench can tell its own share of a latency.
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import pg from 'pg';

if (process.send) {
  const als = new AsyncLocalStorage();
  let on = false;
  /** kind → { ms[], poolMs[], dbMs[], statements[] } */
  let requests = new Map();
  let background = new Map();
  let gcs = [];
  let stalls = [];
  const eld = monitorEventLoopDelay({ resolution: 2 });

  const kindOf = (url) =>
    /\/submit$/.test(url)
      ? 'submit'
      : /\/image$/.test(url)
        ? 'image'
        : /\/claim$/.test(url)
          ? 'claim'
          : /\/health$/.test(url)
            ? 'health'
            : 'other';

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (ev, req, res) {
    if (ev !== 'request' || !on) return emit.apply(this, arguments);
    const rec = { kind: kindOf(req.url.split('?')[0]), t0: performance.now(), poolMs: 0, dbMs: 0, n: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      res.setHeader('x-tail-ms', (performance.now() - rec.t0).toFixed(2));
      return writeHead.apply(this, args);
    };
    res.once('finish', () => {
      if (!on) return;
      const r = requests.get(rec.kind) ?? { ms: [], poolMs: [], dbMs: [], statements: [] };
      r.ms.push(performance.now() - rec.t0);
      r.poolMs.push(rec.poolMs);
      r.dbMs.push(rec.dbMs);
      r.statements.push(rec.n);
      requests.set(rec.kind, r);
    });
    return als.run(rec, () => emit.call(this, ev, req, res));
  };

  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (cb) {
    const rec = als.getStore();
    const t0 = performance.now();
    const done = () => {
      if (rec) rec.poolMs += performance.now() - t0;
    };
    if (typeof cb === 'function')
      return connect.call(this, (err, client, release) => {
        done();
        cb(err, client, release);
      });
    return connect.call(this).then((c) => {
      done();
      return c;
    });
  };

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, cb) {
    const rec = als.getStore();
    const t0 = performance.now();
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const note = () => {
      if (!on) return;
      const ms = performance.now() - t0;
      if (rec) {
        rec.dbMs += ms;
        rec.n++;
      } else {
        const k = text.replace(/\s+/g, ' ').slice(0, 60);
        const b = background.get(k) ?? { n: 0, ms: 0, max: 0 };
        b.n++;
        b.ms += ms;
        b.max = Math.max(b.max, ms);
        background.set(k, b);
      }
    };
    // a submittable (pg.Query, the pipeline of infra/pipeline.ts): its callback is called once at its end
    if (config && typeof config.submit === 'function') {
      const inner = config.callback;
      if (typeof inner === 'function')
        config.callback = (...a) => {
          note();
          return inner(...a);
        };
      return query.call(this, config, values, cb);
    }
    const last = typeof cb === 'function' ? cb : typeof values === 'function' ? values : null;
    if (last) {
      const wrapped = (...a) => {
        note();
        return last(...a);
      };
      return typeof cb === 'function'
        ? query.call(this, config, values, wrapped)
        : query.call(this, config, wrapped);
    }
    const p = query.call(this, config, values);
    return p?.then
      ? p.then(
          (r) => {
            note();
            return r;
          },
          (e) => {
            note();
            throw e;
          },
        )
      : p;
  };

  new PerformanceObserver((list) => {
    if (on)
      for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration, kind: e.detail?.kind });
  }).observe({ entryTypes: ['gc'] });

  // stalls: a 5 ms timer that comes late by more than 10 ms, with when
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (on && now - last > 15) stalls.push({ at: now, ms: now - last - 5 });
    last = now;
  }, 5).unref();

  const pct = (xs, p) => {
    if (!xs.length) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  };
  const sum = (xs) => xs.reduce((a, x) => a + x, 0);

  process.on('message', (m) => {
    if (m?.type !== 'tail') return;
    if (m.phase === 'start') {
      requests = new Map();
      background = new Map();
      gcs = [];
      stalls = [];
      eld.reset();
      eld.enable();
      on = true;
      process.send({ type: 'tail', phase: 'started', at: performance.timeOrigin + performance.now() });
      return;
    }
    on = false;
    eld.disable();
    const kinds = {};
    for (const [k, r] of requests) {
      // the slowest 1 %: what their time was made of, beside the median request's
      const order = r.ms.map((ms, i) => i).sort((a, b) => r.ms[a] - r.ms[b]);
      const tail = order.slice(Math.floor(order.length * 0.99));
      const mid = order.slice(Math.floor(order.length * 0.45), Math.ceil(order.length * 0.55));
      const parts = (ix) => ({
        ms: sum(ix.map((i) => r.ms[i])) / (ix.length || 1),
        poolMs: sum(ix.map((i) => r.poolMs[i])) / (ix.length || 1),
        dbMs: sum(ix.map((i) => r.dbMs[i])) / (ix.length || 1),
        statements: sum(ix.map((i) => r.statements[i])) / (ix.length || 1),
      });
      kinds[k] = {
        n: r.ms.length,
        p50: pct(r.ms, 50),
        p99: pct(r.ms, 99),
        poolP99: pct(r.poolMs, 99),
        dbP50: pct(r.dbMs, 50),
        dbP99: pct(r.dbMs, 99),
        median: parts(mid),
        slowest1pc: parts(tail),
      };
    }
    const gcMs = gcs.map((g) => g.ms);
    // by V8's kind: 1 scavenge (young), 2 mark-sweep-compact, 4 incremental marking, 8 weak callbacks
    const byKind = {};
    for (const g of gcs) {
      const k = (byKind[g.kind] ??= { n: 0, ms: 0, max: 0 });
      k.n++;
      k.ms += g.ms;
      k.max = Math.max(k.max, g.ms);
    }
    const mem = process.memoryUsage();
    process.send({
      type: 'tail',
      phase: 'report',
      id: m.id,
      eld: {
        p50: eld.percentile(50) / 1e6,
        p99: eld.percentile(99) / 1e6,
        max: eld.max / 1e6,
        mean: eld.mean / 1e6,
      },
      gc: { n: gcs.length, totalMs: sum(gcMs), p99: pct(gcMs, 99), max: Math.max(0, ...gcMs), byKind },
      memory: { heapUsed: mem.heapUsed / 2 ** 20, external: mem.external / 2 ** 20, rss: mem.rss / 2 ** 20 },
      stalls: {
        n: stalls.length,
        totalMs: sum(stalls.map((s) => s.ms)),
        top: [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 5),
      },
      requests: kinds,
      background: [...background].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12),
    });
  });
  process.channel?.unref();
}
