/**
 * Managing access policies (GraphQL createPolicy, updatePolicy, deletePolicy, listPolicies) and
 * answering what an actor may do (getGrantedPrivileges). Policies are `dataHubPolicy` entities,
 * written through the write path like any other metadata; the built-in ones cannot be changed.
 */
import { badRequest } from '../../errors.js';
import { buildProposal, deleteEntityProposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';
import type { Registry } from '../../registry/registry.js';
import type { Authorizer, PolicyEntry } from '../../auth/authorizer.js';
import type { PolicyInfo } from '../../auth/policy.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import { onPlatform } from '../../auth/requirements.js';
import { newEntityUrn } from '../../urn.js';

/** A stored policy: its urn and `dataHubPolicyInfo`, as the service lists them. */
export type { PolicyEntry };

export interface PolicyInput {
  type: string;
  name: string;
  state: string;
  description?: string | null | undefined;
  privileges: string[];
  actors: PolicyInfo['actors'];
  resources?: PolicyInfo['resources'] | null | undefined;
}

const MANAGE_POLICIES = onPlatform('MANAGE_POLICIES');

export class PolicyService {
  constructor(
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly now: () => number,
  ) {}

  async list(
    caller: string,
    options: { start: number; count: number; query?: string | null | undefined },
  ): Promise<{ total: number; policies: PolicyEntry[] }> {
    await this.authorizer.require(caller, [MANAGE_POLICIES]);
    const words = (options.query ?? '').trim().toLowerCase();
    const all = await this.authorizer.policies();
    const matching =
      words && words !== '*'
        ? all.filter((p) => `${p.info.displayName ?? ''} ${p.info.description ?? ''}`.toLowerCase().includes(words))
        : all;
    return { total: matching.length, policies: matching.slice(options.start, options.start + options.count) };
  }

  async create(caller: string, input: PolicyInput): Promise<string> {
    const grant = await this.authorizer.require(caller, [MANAGE_POLICIES]);
    const urn = newEntityUrn('dataHubPolicy');
    await this.writePath.apply([buildProposal(this.registry, urn, 'dataHubPolicyInfo', 'UPSERT', this.info(input))], {
      actor: caller,
      grant,
    });
    return urn;
  }

  async update(caller: string, urn: string, input: PolicyInput): Promise<string> {
    const grant = await this.authorizer.require(caller, [MANAGE_POLICIES]);
    await this.editable(urn);
    await this.writePath.apply([buildProposal(this.registry, urn, 'dataHubPolicyInfo', 'UPSERT', this.info(input))], {
      actor: caller,
      grant,
    });
    return urn;
  }

  async delete(caller: string, urn: string): Promise<string> {
    const grant = await this.authorizer.require(caller, [MANAGE_POLICIES]);
    await this.editable(urn);
    await this.writePath.apply([deleteEntityProposal(this.registry, urn)], { actor: caller, grant });
    return urn;
  }

  /** What `actorUrn` may do on the platform, or on one entity. Asking about someone else needs MANAGE_POLICIES. */
  async granted(caller: string, actorUrn: string, resourceUrn?: string): Promise<string[]> {
    await this.authorizer.require(caller, [{ ...MANAGE_POLICIES, self: actorUrn }]);
    return this.authorizer.privileges(actorUrn, resourceUrn);
  }

  private async editable(urn: string): Promise<void> {
    const policy = (await this.authorizer.policies()).find((p) => p.urn === urn);
    if (!policy) throw badRequest(`Policy ${urn} does not exist`);
    if (policy.info.editable === false) throw badRequest(`Policy ${urn} is built in and cannot be changed`);
  }

  private info(input: PolicyInput): AspectValue<'dataHubPolicyInfo'> {
    if (input.privileges.length === 0) throw badRequest('a policy needs at least one privilege');
    const { resources } = input;
    return {
      displayName: input.name,
      description: input.description ?? '',
      type: input.type,
      state: input.state,
      privileges: input.privileges,
      actors: {
        ...withoutNulls(input.actors),
        resourceOwners: input.actors.resourceOwners ?? false,
        allUsers: input.actors.allUsers ?? false,
        allGroups: input.actors.allGroups ?? false,
      },
      ...(resources ? { resources: { ...withoutNulls(resources), allResources: resources.allResources ?? false } } : {}),
      editable: true,
      lastUpdatedTimestamp: this.now(),
    };
  }
}

/** GraphQL inputs carry nulls for fields not given; the stored aspect leaves them out. */
function withoutNulls<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}
