/**
 * Fair limits on request bodies, applied after authentication and before a byte of the body is
 * read. A body costs several times its size once parsed, so one caller sending large bodies could
 * take the memory every other caller needs.
 *
 * - Each route says what its body is (`config.body`): small by default; a GraphQL document; or an
 *   ingest batch, the only kind that may be large, and only for a caller some policy lets write.
 * - A declared length over the limit is refused at once with 413, and the connection closed so the
 *   rest is never parsed (it is dropped for a moment first: lingeringClose.ts); a body that turns out longer than it declared is cut off at the limit.
 * - Bodies over the small limit are read a few at a time, over all callers and per caller; one more
 *   gets 503 with `Retry-After` (DataHub's emitters retry a 503).
 */
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authorizer } from '../auth/authorizer.js';
import { callerOf } from './caller.js';
import { lingerOnClose } from './lingeringClose.js';

export type BodyKind = 'small' | 'document' | 'ingest';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's body is (small when unsaid); a function when the request decides (a Rest.li action). */
    body?: BodyKind | ((request: FastifyRequest) => BodyKind);
  }
}

export interface BodyLimits {
  /** Bytes a body of each kind may hold. */
  small: number;
  document: number;
  ingest: number;
  /** Bodies over `small` read at once, over all callers. */
  largeInFlight: number;
  /** Bodies over `small` one caller may have read at once. */
  largeInFlightPerCaller: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  // Every request but an ingest batch or a GraphQL document is a few kilobytes.
  small: MiB,
  // A GraphQL document is held to 1 MiB of characters (graphql/limits.ts); its variables travel beside it.
  document: 4 * MiB,
  // DataHub's batch emitter sends at most 15 MiB a request.
  ingest: 16 * MiB,
  largeInFlight: 4,
  largeInFlightPerCaller: 2,
};

/** A refusal of a body: its status, and whether the connection is closed so the rest is not read. */
export class BodyRefusal extends Error {
  constructor(
    readonly statusCode: 413 | 503,
    message: string,
    readonly limit: 'body' | 'concurrency',
  ) {
    super(message);
  }
}

/** The count of large bodies being read, overall and by caller. */
class LargeBodies {
  private total = 0;
  private readonly byCaller = new Map<string, number>();

  constructor(private readonly limits: BodyLimits) {}

  /** Takes a place for one more, or answers why not. */
  enter(caller: string): BodyRefusal | undefined {
    const mine = this.byCaller.get(caller) ?? 0;
    if (mine >= this.limits.largeInFlightPerCaller)
      return new BodyRefusal(
        503,
        `You are already sending ${mine} large request bodies (over ${sizeOf(this.limits.small)}); send one when an earlier one is answered`,
        'concurrency',
      );
    if (this.total >= this.limits.largeInFlight)
      return new BodyRefusal(
        503,
        `The service is reading ${this.total} large request bodies already (over ${sizeOf(this.limits.small)}); retry shortly`,
        'concurrency',
      );
    this.total++;
    this.byCaller.set(caller, mine + 1);
    return undefined;
  }

  leave(caller: string): void {
    this.total--;
    const mine = (this.byCaller.get(caller) ?? 1) - 1;
    if (mine > 0) this.byCaller.set(caller, mine);
    else this.byCaller.delete(caller);
  }
}

const sizeOf = (bytes: number) =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;

export function installBodyLimits(
  app: FastifyInstance,
  { limits, authorizer, onRefused }: { limits: BodyLimits; authorizer: Authorizer; onRefused?: (refusal: BodyRefusal) => void },
): void {
  const large = new LargeBodies(limits);
  // The requests holding a place among the large bodies, until answered or abandoned, and for whom.
  const placed = new WeakMap<FastifyRequest, string>();
  const release = (request: FastifyRequest) => {
    const caller = placed.get(request);
    if (caller === undefined) return;
    placed.delete(request);
    large.leave(caller);
  };

  /** The limit for this request's body: an ingest batch's only for a caller who may write. */
  const limitOf = async (request: FastifyRequest): Promise<{ bytes: number; why: string }> => {
    const said = request.routeOptions.config?.body;
    const kind = typeof said === 'function' ? said(request) : (said ?? 'small');
    if (kind === 'document') return { bytes: limits.document, why: 'a GraphQL request' };
    if (kind === 'ingest') {
      if (await authorizer.mayWrite(request.actor)) return { bytes: limits.ingest, why: 'an ingest batch' };
      return { bytes: limits.small, why: `a caller no policy lets write (${request.actor})` };
    }
    return { bytes: limits.small, why: 'this endpoint' };
  };

  const refuse = (reply: FastifyReply, refusal: BodyRefusal): BodyRefusal => {
    onRefused?.(refusal);
    reply.header('connection', 'close');
    if (reply.raw.socket) lingerOnClose(reply.raw.socket);
    if (refusal.statusCode === 503) reply.header('retry-after', '1');
    return refusal;
  };

  app.addHook('preParsing', async (request, reply, payload) => {
    const { bytes, why } = await limitOf(request);
    const tooLarge = (size: string) =>
      refuse(reply, new BodyRefusal(413, `The request body is ${size}; at most ${sizeOf(bytes)} is accepted for ${why}`, 'body'));
    const declared = Number(request.headers['content-length']);
    if (declared > bytes) throw tooLarge(`${declared} bytes`);
    const caller = callerOf(request);
    const enterLarge = (): BodyRefusal | undefined => {
      const refused = large.enter(caller);
      if (refused) return refuse(reply, refused);
      placed.set(request, caller);
      // Freed when the response closes, which it does however the request ends: answered, refused,
      // or its sender gone while authentication or this hook still waited on the database.
      const leave = () => release(request);
      reply.raw.once('close', leave);
      if (reply.raw.destroyed || request.raw.socket?.destroyed) leave();
      return undefined;
    };
    if (declared > limits.small) {
      const refused = enterLarge();
      if (refused) throw refused;
    }
    // A body sent in chunks declares no length: it is counted as it comes.
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > bytes) return done(tooLarge(`over ${sizeOf(bytes)}`));
        if (seen > limits.small && !placed.has(request)) {
          const refused = enterLarge();
          if (refused) return done(refused);
        }
        done(null, chunk);
      },
    });
    return (payload as Readable).pipe(counted);
  });
}
