import { CHAT_MESSAGE_MAX } from '@teamhire/shared';
import { Paperclip, Send } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** The counter appears once the message is this close to the limit. */
export const COUNTER_THRESHOLD = CHAT_MESSAGE_MAX - 500;

export function Composer({
  value,
  onChange,
  onSend,
  onBlur,
  onFiles,
  disabled = false,
  textareaRef,
  actions,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onBlur: () => void;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
  /** More buttons beside the attach button (the team's Offer button). */
  actions?: ReactNode;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const trimmed = value.trim();
  const canSend = !disabled && trimmed !== '' && value.length <= CHAT_MESSAGE_MAX;

  function submit() {
    if (!canSend) return;
    onSend(trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 bg-white px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        ref={fileInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant="ghost"
        aria-label="Attach files"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <Paperclip aria-hidden="true" className="size-5" />
      </Button>
      {actions}
      <div className="flex-1">
        <label htmlFor={`${hintId}-input`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${hintId}-input`}
          ref={textareaRef}
          rows={2}
          value={value}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          aria-describedby={hintId}
          placeholder="Type a message…"
          className="block w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <p id={hintId} className="mt-1 flex justify-between text-xs text-slate-600">
          <span>Enter to send, Shift+Enter for a new line</span>
          {value.length >= COUNTER_THRESHOLD ? (
            <span aria-live="polite" className={value.length >= CHAT_MESSAGE_MAX ? 'text-red-700' : ''}>
              {value.length}/{CHAT_MESSAGE_MAX}
            </span>
          ) : null}
        </p>
      </div>
      <Button type="submit" disabled={!canSend} aria-label="Send message">
        <Send aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Send</span>
      </Button>
    </form>
  );
}
