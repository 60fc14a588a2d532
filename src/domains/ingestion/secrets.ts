/**
 * Secrets recipes refer to as `${NAME}` (DataHub's SecretService): each a `dataHubSecret` entity
 * whose `dataHubSecretValue` holds the value sealed with AES-256-GCM, so the store, its change log
 * and every read of the aspect see only ciphertext. The key is SECRET_SERVICE_ENCRYPTION_KEY (GMS's
 * name) when set; else one is made at first use and kept in the store's settings, which no API serves.
 * Everything here needs MANAGE_SECRETS but `resolve`, which runs recipes for the service itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { onPlatform } from '../../auth/requirements.js';
import { seal, unseal } from '../../sealing.js';
import { aspectValue, type AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { entityUrn, tryParseUrn } from '../../urn.js';
import { badRequest } from '../../errors.js';
import { buildProposal, deleteEntityProposal } from '../../write/proposals.js';
import type { SearchService } from '../search/search.js';
import type { WritePath } from '../../write/writePath.js';

const ENTITY = 'dataHubSecret';
const ASPECT = 'dataHubSecretValue';
type SecretValue = AspectValue<typeof ASPECT>;
const KEY_SETTING = 'secret-encryption-key';
const MANAGE_SECRETS = onPlatform('MANAGE_SECRETS');
/** What a `${NAME}` reference can name, as DataHub's app allows secret names. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_VALUE_CHARS = 1_000_000;

export const secretUrn = (name: string) => entityUrn(ENTITY, name);

export interface SecretInput {
  name: string;
  value: string;
  description?: string | null | undefined;
}

export class SecretService {
  private key?: Promise<Buffer>;

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly search: SearchService,
    private readonly options: { encryptionKey?: string; now: () => number },
  ) {}

  async create(actor: string, input: SecretInput): Promise<string> {
    const grant = await this.authorizer.require(actor, [MANAGE_SECRETS]);
    checkInput(input);
    const urn = secretUrn(input.name);
    if (await this.stored(urn)) throw badRequest('This Secret already exists!');
    await this.write(urn, input, { time: this.options.now(), actor }, actor, grant);
    return urn;
  }

  async update(actor: string, urn: string, input: SecretInput): Promise<string> {
    const grant = await this.authorizer.require(actor, [MANAGE_SECRETS]);
    checkInput(input);
    const current = await this.stored(urn);
    if (!current) throw badRequest(`Secret ${urn} does not exist`);
    await this.write(urn, input, current.created, actor, grant);
    return urn;
  }

  async delete(actor: string, urn: string): Promise<string> {
    const grant = await this.authorizer.require(actor, [MANAGE_SECRETS]);
    if (tryParseUrn(urn)?.entityType !== ENTITY) throw badRequest(`${urn} is not a secret urn`);
    await this.writePath.apply([deleteEntityProposal(this.registry, urn)], { actor, grant });
    return urn;
  }

  /** A page of secrets, newest first: names and descriptions, never values. */
  async list(
    actor: string,
    input: { start?: number | null | undefined; count?: number | null | undefined; query?: string | null | undefined },
  ) {
    await this.authorizer.require(actor, [MANAGE_SECRETS]);
    const start = input.start ?? 0;
    const count = input.count ?? 20;
    const r = await this.search.search(
      { entities: [ENTITY], input: input.query || '*', sort: { field: 'createdTime', order: 'DESCENDING' }, start, count },
      actor,
    );
    const rows = await this.store.getLatestAspects(r.urns, [ASPECT]);
    const secrets = r.urns.flatMap((urn) => {
      const v = aspectValue(ASPECT, rows.get(urn)?.[0]?.value);
      return v ? [{ urn, name: v.name, description: v.description ?? null }] : [];
    });
    return { start, count: secrets.length, total: r.total, secrets };
  }

  /** The values of the secrets named, in clear, for those who manage secrets; unknown names are left out. */
  async values(actor: string, names: readonly string[]): Promise<Array<{ name: string; value: string }>> {
    await this.authorizer.require(actor, [MANAGE_SECRETS]);
    return [...(await this.resolve(names))].map(([name, value]) => ({ name, value }));
  }

  /** The values of the secrets named, for the service's own use (a recipe being run). */
  async resolve(names: readonly string[]): Promise<Map<string, string>> {
    const valid = [...new Set(names)].filter((n) => NAME.test(n));
    const rows = await this.store.getLatestAspects(valid.map(secretUrn), [ASPECT]);
    const out = new Map<string, string>();
    for (const name of valid) {
      const v = aspectValue(ASPECT, rows.get(secretUrn(name))?.[0]?.value);
      const clear = v ? await this.decrypt(v.value) : undefined;
      if (clear !== undefined) out.set(name, clear);
    }
    return out;
  }

  private async stored(urn: string): Promise<SecretValue | undefined> {
    if (tryParseUrn(urn)?.entityType !== ENTITY) return undefined;
    return aspectValue(ASPECT, (await this.store.getLatestAspects([urn], [ASPECT])).get(urn)?.[0]?.value);
  }

  private async write(urn: string, input: SecretInput, created: SecretValue['created'], actor: string, grant: Grant): Promise<void> {
    const value: SecretValue = {
      name: input.name,
      value: await this.encrypt(input.value),
      ...(input.description != null ? { description: input.description } : {}),
      ...(created ? { created } : {}),
    };
    await this.writePath.apply([buildProposal(this.registry, urn, ASPECT, 'UPSERT', value)], { actor, grant });
  }

  private encryptionKey(): Promise<Buffer> {
    this.key ??= (async () => {
      if (this.options.encryptionKey) return createHash('sha256').update(this.options.encryptionKey).digest();
      return Buffer.from(await this.store.ensureSetting(KEY_SETTING, randomBytes(32).toString('base64url')), 'base64url');
    })();
    return this.key;
  }

  /** Text sealed with the secrets' key, for what else is kept encrypted (connections' details). */
  async encrypt(text: string): Promise<string> {
    return seal(await this.encryptionKey(), text);
  }

  /** The value, or undefined when it was sealed under another key (a changed key, or DataHub's own). */
  async decrypt(sealed: string): Promise<string | undefined> {
    return unseal(await this.encryptionKey(), sealed);
  }
}

function checkInput(input: SecretInput): void {
  if (!NAME.test(input.name))
    throw badRequest(`Secret name '${input.name}' must start with a letter or _ and hold only letters, digits and _`);
  if (input.value.length === 0) throw badRequest('Secret value must not be empty');
  if (input.value.length > MAX_VALUE_CHARS)
    throw badRequest(`Secret value is ${input.value.length} characters long; at most ${MAX_VALUE_CHARS} are allowed`);
}
