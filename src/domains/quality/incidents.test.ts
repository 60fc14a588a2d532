/** Incidents through the service alone: what is stored, who is refused, what input is a 4xx. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const REFUNDS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.refunds,PROD)';
const EDITOR = 'urn:li:corpuser:editor';
const OWN_EDITOR = 'urn:li:corpuser:orders.editor';
const NOW = 1_700_000_000_000;

const c = serviceCatalogForFile(
  async ({ grant, put }) => {
    await grant('incident-editors', { privileges: ['EDIT_ENTITY_INCIDENTS'], actors: { users: [EDITOR] } });
    await grant('orders-editors', {
      privileges: ['EDIT_ENTITY_INCIDENTS'],
      actors: { users: [OWN_EDITOR] },
      resources: { resources: [ORDERS] },
    });
    await put([ORDERS, REFUNDS], 'status', { removed: false });
  },
  { now: () => NOW },
);

const info = (urn: string) => c.value(urn, 'incidentInfo');

describe('an incident', () => {
  it('is raised active on its assets, stamped by its author', async () => {
    const { urn, written } = await c.services.incidents.raise(
      { type: 'FRESHNESS', title: 'Late', resourceUrn: ORDERS, priority: 'HIGH', assigneeUrns: [EDITOR] },
      EDITOR,
    );
    expect(written).toEqual([urn]);
    const stamp = { time: NOW, actor: EDITOR };
    expect(await info(urn)).toEqual({
      type: 'FRESHNESS',
      title: 'Late',
      entities: [ORDERS],
      created: stamp,
      source: { type: 'MANUAL' },
      priority: 1,
      assignees: [{ actor: EDITOR, assignedAt: stamp }],
      status: { state: 'ACTIVE', lastUpdated: stamp },
    });
  });

  it('is edited, priority and assignees not given removed; its status changes alone', async () => {
    const { urn } = await c.services.incidents.raise({ type: 'OPERATIONAL', resourceUrn: ORDERS, priority: 'LOW', title: 'Slow' }, EDITOR);
    await c.services.incidents.update(urn, { description: 'Loads take hours', resourceUrns: [ORDERS, REFUNDS] }, EDITOR);
    expect(await info(urn)).toMatchObject({ title: 'Slow', description: 'Loads take hours', entities: [ORDERS, REFUNDS] });
    expect(await info(urn)).not.toHaveProperty('priority');
    await c.services.incidents.updateStatus(urn, { state: 'RESOLVED', message: 'fixed' }, EDITOR);
    expect((await info(urn))?.status).toEqual({ state: 'RESOLVED', message: 'fixed', lastUpdated: { time: NOW, actor: EDITOR } });
  });

  it('is refused to one without EDIT_ENTITY_INCIDENTS on every asset concerned, and nothing is written', async () => {
    await expect(c.services.incidents.raise({ type: 'OPERATIONAL', resourceUrns: [ORDERS, REFUNDS] }, OWN_EDITOR)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    const { urn } = await c.services.incidents.raise({ type: 'OPERATIONAL', resourceUrn: ORDERS, title: 'Slow' }, OWN_EDITOR);
    await expect(c.services.incidents.update(urn, { resourceUrns: [REFUNDS], title: 'Moved' }, OWN_EDITOR)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await info(urn)).toMatchObject({ title: 'Slow', entities: [ORDERS] });
  });

  it('is a 400 without a resource or without the custom type, and a 404 when it does not exist', async () => {
    await expect(c.services.incidents.raise({ type: 'OPERATIONAL' }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'At least 1 resource urn must be defined to raise an incident.',
    });
    await expect(c.services.incidents.raise({ type: 'CUSTOM', resourceUrn: ORDERS }, EDITOR)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Failed to create incident. customType is required',
    });
    await expect(c.services.incidents.updateStatus('urn:li:incident:none', { state: 'RESOLVED' }, EDITOR)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
