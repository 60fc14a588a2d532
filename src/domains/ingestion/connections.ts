/**
 * Connections to outside systems (DataHub's `dataHubConnection`): their details are kept encrypted with
 * the secrets' key, as DataHub keeps them, and read back in clear by those who may manage them.
 */
import type { Authorizer } from '../../auth/authorizer.js';
import { onPlatform } from '../../auth/requirements.js';
import type { Registry } from '../../registry/registry.js';
import { newEntityUrn, tryParseUrn } from '../../urn.js';
import { badRequest } from '../../errors.js';
import { buildProposal } from '../../write/proposals.js';
import type { SecretService } from './secrets.js';
import type { WritePath } from '../../write/writePath.js';

export const UPSERT_CONNECTION_REFUSED =
  'Unauthorized to upsert Connection. Please contact your DataHub administrator for more information.';

export interface ConnectionInput {
  id?: string | null | undefined;
  type: 'JSON';
  platformUrn: string;
  json?: { blob: string } | null | undefined;
  name?: string | null | undefined;
}

export class ConnectionService {
  constructor(
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly secrets: SecretService,
  ) {}

  async upsert(actor: string, input: ConnectionInput): Promise<string> {
    const grant = await this.authorizer.require(actor, [onPlatform('MANAGE_CONNECTIONS')], () => UPSERT_CONNECTION_REFUSED);
    if (tryParseUrn(input.platformUrn)?.entityType !== 'dataPlatform')
      throw badRequest(`platformUrn ${input.platformUrn} is not a data platform urn`);
    const urn = newEntityUrn('dataHubConnection', input.id);
    const details = {
      type: input.type,
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.json ? { json: { encryptedBlob: await this.secrets.encrypt(input.json.blob) } } : {}),
    };
    await this.writePath.apply(
      [
        buildProposal(this.registry, urn, 'dataHubConnectionDetails', 'UPSERT', details),
        buildProposal(this.registry, urn, 'dataPlatformInstance', 'UPSERT', { platform: input.platformUrn }),
      ],
      { actor, grant },
    );
    return urn;
  }

  /** A stored blob in clear; one not sealed with this catalog's key (written as it was) is read as stored. */
  async blob(stored: string): Promise<string> {
    return (await this.secrets.decrypt(stored)) ?? stored;
  }
}
