/** A dialog that creates something from a name and a description: a tag, a term, a term group, a domain. */
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useEdit } from '../api/edits';
import { ErrorBox } from './Status';

interface Props {
  /** The button's and the dialog's name, e.g. "Create glossary term". */
  title: string;
  mutation: string;
  /** The mutation's variables from what was typed; the mutation answers the new urn. */
  variables: (name: string, description: string) => Record<string, unknown>;
  allowed: boolean;
  reason: string;
}

export function CreateDialog({ title, mutation, variables, allowed, reason }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useEdit(mutation);
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" disabled={!allowed} title={allowed ? undefined : reason}>
          {title}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate(variables(name.trim(), description), {
                onSuccess: (data: any) => {
                  setOpen(false);
                  setName('');
                  setDescription('');
                  const urn = Object.values(data ?? {})[0];
                  if (typeof urn === 'string') void navigate({ to: '/entity/$urn', params: { urn } });
                },
              });
            }}
          >
            <label className="field">
              Name
              <input required value={name} onChange={(e) => setName(e.target.value)} />
            </label>
            <label className="field">
              Description
              <textarea value={description} onChange={(e) => setDescription(e.target.value)} />
            </label>
            {create.error && <ErrorBox error={create.error} />}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="subtle">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" disabled={create.isPending || !name.trim()}>
                Create
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
