/**
 * GraphQL's limits over real HTTP: every document of the hostile corpus (test/hostile/graphql.ts) is
 * refused as the client's mistake, before any field runs, with nothing logged as an error; a request
 * whose variables or operation name do not fit its document is a BAD_REQUEST, and the same document with
 * fitting variables runs.
 */
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccess } from '../src/domains/access/bootstrap.js';
import { buildServer } from '../src/server.js';
import { createServices } from '../src/domains/services.js';
import { http, openTestStore, tempDir } from './helpers.js';
import { HOSTILE_GRAPHQL } from './hostile/graphql.js';

/** How every refusal before execution is marked: the document, or the request, did not fit. */
const REQUEST_REFUSED = { code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' };
const REFUSALS = [JSON.stringify(REQUEST_REFUSED)];

let url: string;
let close: () => Promise<void>;
/** What the server logged, parsed. */
const logged: Array<{ level: number; msg?: string }> = [];

// A server of our own rather than startTestServer's, to read what it logs.
beforeAll(async () => {
  const dir = tempDir();
  const { store, drop } = await openTestStore(dir);
  const services = createServices(store);
  await bootstrapAccess(services);
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const app = await buildServer({ services, logger, auth: { enabled: false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/graphql`;
  close = async () => {
    await app.close();
    await store.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
});
afterAll(async () => close?.());

const errorsLogged = () => logged.filter((line) => line.level >= 50).map((line) => line.msg);

describe('hostile GraphQL documents', () => {
  it('has at least 30 of them', () => {
    expect(HOSTILE_GRAPHQL.length).toBeGreaterThanOrEqual(30);
  });

  it('are each refused before any field runs, as a client error that says why, and nothing is logged as an error', async () => {
    const wrong: string[] = [];
    for (const h of HOSTILE_GRAPHQL) {
      const r = await http(url, { body: h.body });
      const errors: Array<{ message: string; extensions?: unknown }> = r.body?.errors ?? [];
      const problems = [
        ...(h.refusal === undefined && (r.status !== 400 || errors.length !== 1 || !errors[0]!.message) ? ['not a 400 saying why'] : []),
        ...(h.refusal !== undefined && r.status !== 200 ? [`status ${r.status}`] : []),
        ...(h.refusal !== undefined && !errors.some((e) => h.refusal!.test(e.message)) ? [`no error saying ${h.refusal}`] : []),
        ...(r.body?.data != null ? ['data'] : []),
        ...errors
          .map((e) => JSON.stringify(e.extensions))
          .filter((shape) => !REFUSALS.includes(shape))
          .map((shape) => `extensions ${shape}`),
      ];
      if (problems.length > 0) wrong.push(`${h.name}: ${problems.join(', ')}; got ${r.status} ${r.text.slice(0, 300)}`);
    }
    expect(wrong).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  it('leave /health answering while they are sent', async () => {
    const healthUrl = url.replace('/api/graphql', '/health');
    let sending = true;
    let longestWait = 0;
    const poll = (async () => {
      while (sending) {
        const began = performance.now();
        expect((await http(healthUrl)).status).toBe(200);
        longestWait = Math.max(longestWait, performance.now() - began);
      }
    })();
    for (const h of HOSTILE_GRAPHQL) await http(url, { body: h.body });
    sending = false;
    await poll;
    // Each document is refused in milliseconds (bench/hostileGraphql.ts measures it); a second is the
    // bound the issue sets, kept here with a margin for a loaded machine.
    expect(longestWait).toBeLessThan(2000);
  });
});

describe('requests that do not fit their document', () => {
  const search = 'query($n: Int) { search(input: {type: DATASET, query: "*", start: $n}) { total } }';

  it('answers a variable of the wrong type with BAD_REQUEST, and runs the document given a fitting one', async () => {
    const refused = await http(url, { body: { query: search, variables: { n: 'abc' } } });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      errors: [
        {
          message: 'Variable "$n" got invalid value "abc"; Int cannot represent non-integer value: "abc"',
          locations: [{ line: 1, column: 7 }],
          extensions: REQUEST_REFUSED,
        },
      ],
      extensions: {},
    });
    const ran = await http(url, { body: { query: search, variables: { n: 0 } } });
    expect(ran.body.errors).toBeUndefined();
    expect(ran.body.data.search.total).toBe(0);
    expect(errorsLogged()).toEqual([]);
  });

  it('answers a string where an input object is required, an unknown operation and an ambiguous one with BAD_REQUEST', async () => {
    const requests = [
      { query: 'query($i: SearchInput!) { search(input: $i) { total } }', variables: { i: 'abc' } },
      { query: 'query A { __typename }', operationName: 'B' },
      { query: 'query A { __typename } query B { __typename }' },
    ];
    for (const body of requests) {
      const r = await http(url, { body });
      expect(r.status).toBe(200);
      expect(r.body.data).toBeUndefined();
      expect(r.body.errors.map((e: { extensions: unknown }) => e.extensions)).toEqual([REQUEST_REFUSED]);
    }
    expect((await http(url, { body: { query: 'query A { __typename } query B { __typename }', operationName: 'B' } })).body).toEqual({
      data: { __typename: 'Query' },
      extensions: {},
    });
    expect(errorsLogged()).toEqual([]);
  });
});
