import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_FILES_MAX,
  DELIVERY_MESSAGE_MAX,
  ORDER_FILE_MAX_BYTES,
  deliveryCreateSchema,
  type DeliveryCreate,
} from '@teamhire/shared';
import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { formatFileSize } from '../../../components/orders/deliveries-list';
import { Button } from '../../../components/ui/button';
import { DialogForm } from '../../../components/ui/dialog-form';
import { TextAreaField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { ApiError } from '../../../lib/api-client';
import { failureDetail, useServerForm } from '../../../lib/use-server-form';
import { useCreateDelivery } from '../api/create-delivery';
import { uploadOrderFile } from '../api/upload-order-file';
import { OrderActionDialog, type OrderDialogProps } from './order-action-dialog';

export const DELIVER_WORK_TEXTS = {
  title: 'Deliver Work',
  description: 'Send the buyer your work: a message and, if you like, the files.',
  done: 'Work delivered. The buyer has been told.',
  failed: 'Failed to deliver the work. Please try again.',
  uploadFailed: (name: string) => `Failed to upload ${name}. Please try again.`,
  tooMany: `You can attach at most ${DELIVERY_FILES_MAX} files.`,
  tooLarge: (name: string) => `${name} is larger than 1GB.`,
} as const;

interface PickedFile {
  key: string;
  file: File;
  /** 0 to 1 while it goes up. */
  progress: number;
  /** Set once the server has the file, so trying again does not send it twice. */
  fileId: string | null;
}

function FileRow({ item, onRemove, busy }: { item: PickedFile; onRemove: () => void; busy: boolean }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-2.5">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{item.file.name}</span>
        <span className="text-xs text-slate-600">{formatFileSize(item.file.size)}</span>
        <button
          type="button"
          onClick={onRemove}
          disabled={busy}
          aria-label={`Remove ${item.file.name}`}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {busy || item.fileId ? (
        <div
          role="progressbar"
          aria-label={`Upload of ${item.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.fileId ? 100 : percent}
          className="h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
            style={{ width: `${item.fileId ? 100 : percent}%` }}
          />
        </div>
      ) : null}
    </li>
  );
}

function DeliverWorkForm({
  orderId,
  onDone,
  onBusyChange,
}: {
  orderId: number;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const createDelivery = useCreateDelivery(orderId);
  const { showToast } = useToast();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [sending, setSendingState] = useState(false);
  const setSending = (busy: boolean) => {
    setSendingState(busy);
    onBusyChange(busy);
  };
  const { register, errors, failure, setFailure, submit, showServerErrors } = useServerForm<DeliveryCreate>({
    resolver: zodResolver(deliveryCreateSchema),
    defaultValues: { message: '' },
  });

  const addFiles = (picked: FileList | null) => {
    if (!picked) return;
    setFailure(null);
    const incoming = [...picked];
    const oversized = incoming.find((file) => file.size > ORDER_FILE_MAX_BYTES);
    if (oversized) {
      setFailure(DELIVER_WORK_TEXTS.tooLarge(oversized.name));
      return;
    }
    if (files.length + incoming.length > DELIVERY_FILES_MAX) {
      setFailure(DELIVER_WORK_TEXTS.tooMany);
      return;
    }
    setFiles((current) => [
      ...current,
      ...incoming.map((file) => ({ key: crypto.randomUUID(), file, progress: 0, fileId: null })),
    ]);
  };

  const update = (key: string, change: Partial<PickedFile>) =>
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const onSubmit = submit(
    async ({ message }) => {
      setSending(true);
      try {
        // One file at a time: each bar moves in turn, and a failure names the file it stopped at.
        const fileIds: string[] = [];
        for (const item of files) {
          if (item.fileId) {
            fileIds.push(item.fileId);
            continue;
          }
          try {
            const stored = await uploadOrderFile(orderId, item.file, (progress) =>
              update(item.key, { progress }),
            ).promise;
            update(item.key, { progress: 1, fileId: stored.id });
            fileIds.push(stored.id);
          } catch (error) {
            update(item.key, { progress: 0 });
            const detail = error instanceof ApiError ? error.detail : null;
            setFailure(detail ?? DELIVER_WORK_TEXTS.uploadFailed(item.file.name));
            return;
          }
        }
        await createDelivery.mutateAsync({ message, ...(fileIds.length > 0 ? { file_ids: fileIds } : {}) });
        showToast({ title: DELIVER_WORK_TEXTS.done, variant: 'success' });
        onDone();
      } finally {
        setSending(false);
      }
    },
    (error) => showServerErrors(error, ['message'], failureDetail(error, DELIVER_WORK_TEXTS.failed)),
  );

  return (
    <DialogForm
      label="Deliver work"
      failure={failure}
      onSubmit={onSubmit}
      pending={sending}
      submitIcon={<Send aria-hidden="true" className="size-4" />}
      submitLabel="Deliver Work"
    >
      <TextAreaField
        label="Message"
        required
        maxLength={DELIVERY_MESSAGE_MAX}
        hint="What you delivered and how to use it."
        error={errors.message?.message}
        {...register('message')}
      />
      <div className="flex flex-col gap-2">
        <label htmlFor={fileInputId} className="text-sm font-medium text-slate-800">
          Files <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          multiple
          disabled={sending}
          aria-describedby={`${fileInputId}-hint`}
          className="sr-only"
          onChange={(event) => {
            addFiles(event.target.files);
            // The same file may be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={sending || files.length >= DELIVERY_FILES_MAX}
            onClick={() => fileInput.current?.click()}
          >
            <Paperclip aria-hidden="true" className="size-4" />
            Add Files
          </Button>
        </div>
        <p id={`${fileInputId}-hint`} className="text-xs text-slate-600">
          {`Up to ${DELIVERY_FILES_MAX} files, each up to 1GB.`}
        </p>
        {files.length > 0 ? (
          <ul aria-label="Files to deliver" className="flex flex-col gap-2">
            {files.map((item) => (
              <FileRow
                key={item.key}
                item={item}
                busy={sending}
                onRemove={() => setFiles((current) => current.filter((other) => other.key !== item.key))}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </DialogForm>
  );
}

/** The team sends its work: a message and up to 20 files, each uploaded with its own progress bar. */
export function DeliverWorkDialog({ orderId, open, onOpenChange }: OrderDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <OrderActionDialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-upload would leave the files sent and the delivery not.
        if (next || !busy) onOpenChange(next);
      }}
      title={DELIVER_WORK_TEXTS.title}
      description={DELIVER_WORK_TEXTS.description}
    >
      <DeliverWorkForm orderId={orderId} onDone={() => onOpenChange(false)} onBusyChange={setBusy} />
    </OrderActionDialog>
  );
}
