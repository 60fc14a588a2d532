/** An entity's description, rendered as Markdown, and edited in place by whoever may. */
import { useState } from 'react';
import { useEdit } from '../api/edits';
import { Markdown } from '../components/Markdown';
import { ErrorBox } from '../components/Status';
import { UPDATE_DESCRIPTION } from '../graphql/mutations';
import { EditButton } from './Sidebar';

interface Props {
  urn: string;
  /** The mutation setting this type's own description, when not updateDescription (entity/types.ts). */
  describedBy?: string | undefined;
  text: string;
  allowed: boolean;
  reason: string;
  /** A column of a dataset, for a column's description. */
  field?: string | undefined;
  label?: string;
}

export function Description({ urn, describedBy, text, allowed, reason, field, label = 'Edit description' }: Props) {
  const [draft, setDraft] = useState<string | undefined>();
  const own = !field && describedBy;
  const update = useEdit(own || UPDATE_DESCRIPTION);
  if (draft !== undefined) {
    return (
      <form
        className="description-editor"
        onSubmit={(e) => {
          e.preventDefault();
          const input = {
            resourceUrn: urn,
            description: draft,
            ...(field ? { subResource: field, subResourceType: 'DATASET_FIELD' } : {}),
          };
          update.mutate(own ? { urn, description: draft } : { input }, { onSuccess: () => setDraft(undefined) });
        }}
      >
        <label className="field">
          Description (Markdown)
          <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={field ? 3 : 8} />
        </label>
        {update.error && <ErrorBox error={update.error} />}
        <div className="actions">
          <button type="submit" disabled={update.isPending}>
            Save description
          </button>
          <button type="button" className="subtle" onClick={() => setDraft(undefined)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="description">
      {text ? <Markdown text={text} /> : <p className="muted">No description yet.</p>}
      <EditButton allowed={allowed} reason={reason} onClick={() => setDraft(text)} aria-label={label}>
        {label}
      </EditButton>
    </div>
  );
}
