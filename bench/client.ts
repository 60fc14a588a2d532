/** JSON over HTTP to the service under test, with a token; no time limits (a restore may take minutes). */
import { Agent, request } from 'undici';

const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0, connections: 16 });

export interface Answer {
  status: number;
  /** Parsed JSON of whatever shape the endpoint answers; the bench reads a few known fields. */
  body: any;
  bytes: number;
}

export async function call(url: string, token: string, method: 'GET' | 'POST', body?: unknown): Promise<Answer> {
  const res = await request(url, {
    method,
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined, bytes: Buffer.byteLength(text) };
}

/** Like call, but anything other than 200 is an error naming what the service said. */
export async function ok(url: string, token: string, method: 'GET' | 'POST', body?: unknown): Promise<Answer> {
  const answer = await call(url, token, method, body);
  if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer;
}

/** A personal access token of the admin user, made the way users make one (GraphQL). */
export async function personalToken(url: string, adminToken: string): Promise<string> {
  const query = 'mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { accessToken } }';
  const answer = await ok(`${url}/api/graphql`, adminToken, 'POST', {
    query,
    variables: { i: { type: 'PERSONAL', actorUrn: 'urn:li:corpuser:datahub', duration: 'ONE_MONTH', name: 'bench' } },
  });
  const token = answer.body?.data?.createAccessToken?.accessToken;
  if (typeof token !== 'string') throw new Error(`no token in ${JSON.stringify(answer.body)}`);
  return token;
}
