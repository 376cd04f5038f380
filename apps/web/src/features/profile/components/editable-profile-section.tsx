import type { ProfileKind } from '@teamhire/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast-context';
import { useCreateProfileItem } from '../api/create-profile-item';
import { useDeleteProfileItem } from '../api/delete-profile-item';
import { useUpdateProfileItem } from '../api/update-profile-item';
import type { ProfileItem, ProfileItemInput } from '../profile-item-types';
import type { ProfileSectionDefinition } from '../profile-sections';
import { DeleteItemDialog } from './delete-item-dialog';
import { ProfileItemForm } from './profile-item-form';
import { ProfileSection } from './profile-section';

/** Which item a dialog is about; kept while it closes so its title does not change mid-animation. */
interface DialogTarget<K extends ProfileKind> {
  open: boolean;
  /** A fresh form (and a fresh delete state) each time a dialog opens. */
  session: number;
  item?: ProfileItem<K>;
}

const closed = { open: false, session: 0 };

/** A section of the owner's profile: add, edit (the same form) and delete after a confirmation. */
export function EditableProfileSection<K extends ProfileKind>({
  definition,
  items,
}: {
  definition: ProfileSectionDefinition<K>;
  items: readonly ProfileItem<K>[];
}) {
  const { showToast } = useToast();
  const createItem = useCreateProfileItem(definition.kind);
  const updateItem = useUpdateProfileItem(definition.kind);
  const deleteItem = useDeleteProfileItem(definition.kind);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editor, setEditor] = useState<DialogTarget<K>>(closed);
  const [deletion, setDeletion] = useState<DialogTarget<K>>(closed);
  const label = definition.itemLabel;

  const openEditor = (item?: ProfileItem<K>) =>
    setEditor((current) => ({ open: true, session: current.session + 1, item }));

  const save = async (input: ProfileItemInput<K>) => {
    const item = editor.item;
    if (item) await updateItem.mutateAsync({ id: item.id, body: input });
    else await createItem.mutateAsync(input);
    setEditor((current) => ({ ...current, open: false }));
    showToast({ variant: 'success', title: item ? `${label} updated` : `${label} added` });
  };

  const confirmDelete = async () => {
    if (!deletion.item) return;
    await deleteItem.mutateAsync(deletion.item.id);
    showToast({ variant: 'success', title: `${label} deleted` });
  };

  const addButton = (
    <Button size="sm" onClick={() => openEditor()}>
      <Plus aria-hidden="true" className="size-4" />
      {`Add ${label}`}
    </Button>
  );

  return (
    <>
      <ProfileSection
        definition={definition}
        items={items}
        headingRef={headingRef}
        addButton={addButton}
        renderActions={(item) => {
          const name = definition.itemName(item);
          return (
            <>
              {/* The visible word starts the name, so voice control users can say what they see. */}
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${name}`}
                onClick={() => openEditor(item)}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Delete ${name}`}
                onClick={() => setDeletion((current) => ({ open: true, session: current.session + 1, item }))}
              >
                <Trash2 aria-hidden="true" className="size-4 text-red-700" />
                Delete
              </Button>
            </>
          );
        }}
      />
      <Dialog open={editor.open} onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}>
        <DialogContent title={editor.item ? `Edit ${label}` : `Add ${label}`}>
          <ProfileItemForm key={editor.session} kind={definition.kind} item={editor.item} onSave={save} />
        </DialogContent>
      </Dialog>
      {deletion.item ? (
        <DeleteItemDialog
          key={deletion.session}
          open={deletion.open}
          itemLabel={label}
          itemName={definition.itemName(deletion.item)}
          onOpenChange={(open) => setDeletion((current) => ({ ...current, open }))}
          onConfirm={confirmDelete}
          onDeletedFocus={() => headingRef.current?.focus()}
        />
      ) : null}
    </>
  );
}
