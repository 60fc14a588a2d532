/**
 * Applications: created (in a domain or none), renamed and deleted, and assigned to assets. An asset
 * names its application in its own `applications` aspect. Privileges, ids and messages are DataHub's.
 */
import { onResource } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { authorizeAssets, type CreateDataProductInput, creatorOwns, given, newUrn, type ProductPropertiesInput } from './dataProducts.js';

export type CreateApplicationInput = Omit<CreateDataProductInput, 'domainUrn'> & { domainUrn?: string | null | undefined };

const PROPERTIES = 'applicationProperties' as const;
/** DataHub asks for EDIT_ENTITY with no entity named: a policy on all entities grants it. */
const editApplication = (urn: string) => onResource(urn, 'EDIT_ENTITY');

export class ApplicationService {
  constructor(private readonly managed: ManagedWrites) {}

  async create(input: CreateApplicationInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const urn = newUrn('application', input.id);
    const grant = await m.authorize(actor, editApplication(urn));
    if (await m.exists(urn)) throw badRequest('This Application already exists!');
    if (input.domainUrn && !(await m.existsAs(input.domainUrn, 'domain'))) throw badRequest('The Domain provided does not exist');
    const { name, description } = input.properties;
    const written = await m.write(grant, [
      m.upsert(urn, PROPERTIES, given({ name, description })),
      ...(input.domainUrn ? [m.upsert(urn, 'domains', { domains: [input.domainUrn] })] : []),
      creatorOwns(m, urn, actor),
    ]);
    return { urn, written };
  }

  // DataHub's schema declares updateApplication without a resolver; its rule here is editing the application.
  async update(urn: string, input: ProductPropertiesInput, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await m.authorize(actor, editApplication(urn));
    if (!(await m.existsAs(urn, 'application'))) throw badRequest('The Application provided does not exist');
    const fields = given({ name: input.name, description: input.description });
    return { written: await m.write(grant, [m.change(urn, PROPERTIES, (p) => ({ ...p, ...fields }))]) };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    if (!(await this.managed.existsAs(urn, 'application'))) throw badRequest('The Application provided does not exist');
    const grant = await this.managed.authorize(actor, editApplication(urn));
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }

  /** Assigns the assets to `application`, or with none, to no application. */
  async setApplication(resources: readonly string[], application: string | null | undefined, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await authorizeAssets(m, actor, resources, 'Application', 'EDIT_ENTITY_APPLICATIONS_PRIVILEGE');
    if (application && !(await m.existsAs(application, 'application')))
      throw badRequest(`Failed to batch set Application, Application urn ${application} does not exist`);
    const proposals = resources.map((r) => m.upsert(r, 'applications', { applications: application ? [application] : [] }));
    return { written: await m.write(grant, proposals) };
  }
}
