/**
 * Choosing an entity to attach (a tag, a term, an owner, a domain): a dialog with a search box over
 * the types it may be, and, where the person may create one, "Create" for a name that is not there.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { gql } from '../api/client';
import { summarize } from '../entity/summary';
import { QUICK_SEARCH } from '../graphql/search';
import { ErrorBox } from './Status';

export interface PickerProps {
  title: string;
  types: string[];
  /** What opens it. */
  trigger: React.ReactNode;
  onPick: (urn: string, type: string) => Promise<unknown>;
  /** Offered when the name typed matches nothing exactly. */
  onCreate?: ((name: string) => Promise<string>) | undefined;
  createLabel?: string;
}

export function PickerDialog({ title, types, trigger, onPick, onCreate, createLabel = 'Create' }: PickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const results = useQuery({
    queryKey: ['picker', types, text],
    enabled: open,
    placeholderData: keepPreviousData,
    queryFn: () =>
      gql<{ searchAcrossEntities: any }>(QUICK_SEARCH, {
        input: { types, query: text.trim() || '*', start: 0, count: 8, searchFlags: { skipAggregates: true } },
      }).then((d) => d.searchAcrossEntities.searchResults.map((r: any) => summarize(r.entity))),
  });
  const found = results.data ?? [];
  const exact = found.some((s: any) => s.name.toLowerCase() === text.trim().toLowerCase());

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setOpen(false);
      setText('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <label className="field">
            Find
            <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Type to search" />
          </label>
          <ul className="picker-list" aria-label="Choices">
            {found.map((s: any) => (
              <li key={s.urn}>
                <button type="button" disabled={busy} onClick={() => run(() => onPick(s.urn, s.type.type))}>
                  <span className="name">{s.name}</span> <span className="muted">{s.type.label}</span>
                </button>
              </li>
            ))}
            {onCreate && text.trim() && !exact && (
              <li>
                <button type="button" disabled={busy} onClick={() => run(async () => onPick(await onCreate(text.trim()), ''))}>
                  {createLabel} “{text.trim()}”
                </button>
              </li>
            )}
          </ul>
          {found.length === 0 && !results.isFetching && !onCreate && <p className="muted">Nothing found.</p>}
          {error !== undefined && <ErrorBox error={error} />}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="subtle">
                Cancel
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
