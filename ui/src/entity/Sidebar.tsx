/**
 * The labels of an entity a steward edits every day: owners, tags, glossary terms, domain,
 * deprecation and links. An edit the person may not make is shown disabled, with the reason.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { gql } from '../api/client';
import { useEdit } from '../api/edits';
import { useMe } from '../api/session';
import { Chip } from '../components/Labels';
import { PickerDialog, type PickerProps } from '../components/PickerDialog';
import { ErrorBox } from '../components/Status';
import {
  ADD_LINK,
  ADD_OWNERS,
  ADD_TAGS,
  ADD_TERMS,
  CREATE_TAG,
  REMOVE_LINK,
  REMOVE_OWNER,
  REMOVE_TAG,
  REMOVE_TERM,
  SET_DOMAIN,
  UNSET_DOMAIN,
  UPDATE_DEPRECATION,
} from '../graphql/mutations';
import type { Label, Summary } from './summary';

/** DataHub's built-in ownership type an owner added here gets. */
const TECHNICAL_OWNER = 'urn:li:ownershipType:__system__technical_owner';

/** What each edit needs, in the words of DataHub's privileges. */
const NEEDS: Record<string, string> = {
  canEditOwners: 'Edit Owners',
  canEditTags: 'Edit Tags',
  canEditGlossaryTerms: 'Edit Glossary Terms',
  canEditDomains: 'Edit Domain',
  canEditDeprecation: 'Edit Deprecation',
  canEditLinks: 'Edit Links',
  canEditDescription: 'Edit Description',
};

export function reasonDenied(privilege: string, typeLabel: string): string {
  return `You need the “${NEEDS[privilege] ?? privilege}” privilege (or “Edit Entity”) on this ${typeLabel.toLowerCase()}; an admin can grant it with a policy or the Editor role.`;
}

/** A button for an edit, disabled with its reason when the person may not make it. */
export function EditButton({
  allowed,
  reason,
  children,
  ...rest
}: { allowed: boolean; reason: string } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className="small" disabled={!allowed} title={allowed ? undefined : reason} {...rest}>
      {children}
    </button>
  );
}

interface Props {
  summary: Summary;
  entity: any;
}

export function Sidebar({ summary, entity }: Props) {
  const privileges = entity.privileges ?? {};
  const me = useMe();
  const urn = summary.urn;
  const can = (p: string) => Boolean(privileges[p]);
  const why = (p: string) => reasonDenied(p, summary.type.label);
  const addTags = useEdit(ADD_TAGS);
  const removeTag = useEdit(REMOVE_TAG);
  const addTerms = useEdit(ADD_TERMS);
  const removeTerm = useEdit(REMOVE_TERM);
  const addOwners = useEdit(ADD_OWNERS);
  const removeOwner = useEdit(REMOVE_OWNER);
  const setDomain = useEdit(SET_DOMAIN);
  const unsetDomain = useEdit(UNSET_DOMAIN);
  const removeLink = useEdit(REMOVE_LINK);
  const failures = [addTags, removeTag, addTerms, removeTerm, addOwners, removeOwner, setDomain, unsetDomain, removeLink].filter(
    (m) => m.error,
  );
  const readOnly = entity.privileges && Object.keys(NEEDS).every((p) => !can(p));
  const hasLabels = entity.globalTags !== undefined || entity.glossaryTerms !== undefined;

  return (
    <aside className="sidebar" aria-label="About">
      {readOnly && (
        <p className="note" role="note">
          You can read this {summary.type.label.toLowerCase()} but not change it: your account has no edit privilege on it. An admin can
          give you the Editor role or a policy.
        </p>
      )}
      {failures.map((m) => (
        <ErrorBox key={String(m.error)} error={m.error} />
      ))}
      {entity.ownership !== undefined && (
        <LabelSection
          title="Owners"
          kind="owner"
          labels={summary.owners}
          allowed={can('canEditOwners')}
          reason={why('canEditOwners')}
          onRemove={(o) => removeOwner.mutate({ input: { ownerUrn: o.urn, resourceUrn: urn } })}
          picker={{
            title: 'Add owner',
            types: ['CORP_USER', 'CORP_GROUP'],
            onPick: (ownerUrn, type) =>
              addOwners.mutateAsync({
                input: {
                  resourceUrn: urn,
                  owners: [
                    { ownerUrn, ownerEntityType: type === 'CORP_GROUP' ? 'CORP_GROUP' : 'CORP_USER', ownershipTypeUrn: TECHNICAL_OWNER },
                  ],
                },
              }),
          }}
        />
      )}
      {hasLabels && (
        <LabelSection
          title="Tags"
          kind="tag"
          labels={summary.tags}
          allowed={can('canEditTags')}
          reason={why('canEditTags')}
          onRemove={(t) => removeTag.mutate({ input: { tagUrn: t.urn, resourceUrn: urn } })}
          picker={{
            title: 'Add tag',
            types: ['TAG'],
            onPick: (tagUrn) => addTags.mutateAsync({ input: { tagUrns: [tagUrn], resourceUrn: urn } }),
            onCreate:
              me.data?.privileges.createTags || me.data?.privileges.manageTags
                ? async (name) => (await gql<{ createTag: string }>(CREATE_TAG, { input: { name } })).createTag
                : undefined,
            createLabel: 'Create tag',
          }}
        />
      )}
      {hasLabels && (
        <LabelSection
          title="Glossary terms"
          kind="term"
          button="Add term"
          labels={summary.terms}
          allowed={can('canEditGlossaryTerms')}
          reason={why('canEditGlossaryTerms')}
          onRemove={(t) => removeTerm.mutate({ input: { termUrn: t.urn, resourceUrn: urn } })}
          picker={{
            title: 'Add glossary term',
            types: ['GLOSSARY_TERM'],
            onPick: (termUrn) => addTerms.mutateAsync({ input: { termUrns: [termUrn], resourceUrn: urn } }),
          }}
        />
      )}
      {entity.domain !== undefined && (
        <section>
          <h2>Domain</h2>
          <div className="chips">
            {summary.domain ? (
              <Chip
                label={summary.domain}
                kind="domain"
                removeLabel={`Remove domain ${summary.domain.name}`}
                onRemove={can('canEditDomains') ? () => unsetDomain.mutate({ entityUrn: urn }) : undefined}
              />
            ) : (
              <span className="muted">In no domain.</span>
            )}
          </div>
          <PickerDialog
            title="Set domain"
            types={['DOMAIN']}
            trigger={
              <EditButton allowed={can('canEditDomains')} reason={why('canEditDomains')}>
                Set domain
              </EditButton>
            }
            onPick={(domainUrn) => setDomain.mutateAsync({ entityUrn: urn, domainUrn })}
          />
        </section>
      )}
      {entity.deprecation !== undefined && (
        <Deprecation urn={urn} entity={entity} allowed={can('canEditDeprecation')} reason={why('canEditDeprecation')} />
      )}
      {entity.institutionalMemory !== undefined && (
        <section>
          <h2>Links</h2>
          <ul className="links">
            {(entity.institutionalMemory?.elements ?? []).map((l: any) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noreferrer noopener">
                  {l.label || l.url}
                </a>
                {can('canEditLinks') && (
                  <button
                    type="button"
                    className="remove"
                    aria-label={`Remove link ${l.label || l.url}`}
                    onClick={() => removeLink.mutate({ input: { linkUrl: l.url, resourceUrn: urn } })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
            {(entity.institutionalMemory?.elements ?? []).length === 0 && <li className="muted">No links yet.</li>}
          </ul>
          <AddLink urn={urn} allowed={can('canEditLinks')} reason={why('canEditLinks')} />
        </section>
      )}
    </aside>
  );
}

/** Owners, tags or terms: the chips, each removable by whoever may, and the dialog that adds one. */
function LabelSection(props: {
  title: string;
  kind: 'owner' | 'tag' | 'term';
  /** The add button's name; the dialog's title by default. */
  button?: string;
  labels: Label[];
  allowed: boolean;
  reason: string;
  onRemove: (label: Label) => void;
  picker: Omit<PickerProps, 'trigger'>;
}) {
  const { title, kind, labels, allowed, reason, onRemove, picker } = props;
  return (
    <section>
      <h2>{title}</h2>
      <div className="chips">
        {labels.length === 0 && <span className="muted">No {title.toLowerCase()} yet.</span>}
        {labels.map((l) => (
          <Chip
            key={l.urn}
            label={l}
            kind={kind}
            removeLabel={`Remove ${kind} ${l.name}`}
            onRemove={allowed ? () => onRemove(l) : undefined}
          />
        ))}
      </div>
      <PickerDialog
        {...picker}
        trigger={
          <EditButton allowed={allowed} reason={reason}>
            {props.button ?? picker.title}
          </EditButton>
        }
      />
    </section>
  );
}

function Deprecation({ urn, entity, allowed, reason }: { urn: string; entity: any; allowed: boolean; reason: string }) {
  const deprecated = Boolean(entity.deprecation?.deprecated);
  const update = useEdit(UPDATE_DEPRECATION);
  const [note, setNote] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <section>
      <h2>Deprecation</h2>
      {deprecated ? (
        <div className="deprecated">
          <strong>Deprecated.</strong> {entity.deprecation.note}
          {entity.deprecation.decommissionTime
            ? ` Decommissioned on ${new Date(entity.deprecation.decommissionTime).toLocaleDateString()}.`
            : ''}
        </div>
      ) : (
        <span className="muted">Not deprecated.</span>
      )}
      {update.error && <ErrorBox error={update.error} />}
      {deprecated ? (
        <EditButton allowed={allowed} reason={reason} onClick={() => update.mutate({ input: { urn, deprecated: false } })}>
          Remove deprecation
        </EditButton>
      ) : (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <EditButton allowed={allowed} reason={reason}>
              Mark as deprecated
            </EditButton>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="overlay" />
            <Dialog.Content className="dialog" aria-describedby={undefined}>
              <Dialog.Title>Mark as deprecated</Dialog.Title>
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  update.mutate({ input: { urn, deprecated: true, note } }, { onSuccess: () => setOpen(false) });
                }}
              >
                <label className="field">
                  Note
                  <textarea value={note} onChange={(e) => setNote(e.target.value)} placeholder="Why, and what to use instead" />
                </label>
                <div className="dialog-actions">
                  <button type="submit">Deprecate</button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </section>
  );
}

function AddLink({ urn, allowed, reason }: { urn: string; allowed: boolean; reason: string }) {
  const add = useEdit(ADD_LINK);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <EditButton allowed={allowed} reason={reason}>
          Add link
        </EditButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>Add link</Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ input: { linkUrl: url, label, resourceUrn: urn } }, { onSuccess: () => setOpen(false) });
            }}
          >
            <label className="field">
              URL
              <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
            </label>
            <label className="field">
              Label
              <input required value={label} onChange={(e) => setLabel(e.target.value)} />
            </label>
            {add.error && <ErrorBox error={add.error} />}
            <div className="dialog-actions">
              <button type="submit">Add</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
