import { type ChatMessage, type ChatRole, type Dispute } from '@teamhire/shared';
import { ChevronUp, Eye, FileText, MessagesSquare } from 'lucide-react';
import { formatFileSize } from '../../components/orders/deliveries-list';
import { DownloadButton } from '../../components/ui/download-button';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { LoadingStatus } from '../../components/ui/loading-status';
import { formatDateTime } from '../../lib/format';
import { useOrderConversation } from './api/get-order-conversation';
import { DisputePage } from './components/dispute-page';

export const CONVERSATION_LOAD_FAILED = 'Failed to load the conversation. Please try again.';
export const CONVERSATION_EMPTY = 'The buyer and the team have not written to each other.';
export const CONVERSATION_READ_ONLY =
  'Read-only: you see what the buyer and the team wrote to each other, and cannot write here.';

const SENDER_ROLES: Record<ChatRole, string> = {
  buyer: 'Buyer',
  guest: 'Guest',
  admin: 'Team admin',
  member: 'Team member',
};

function Message({ message }: { message: ChatMessage }) {
  const fromBuyer = message.sender_role === 'buyer' || message.sender_role === 'guest';
  return (
    <li
      className={`max-w-[85%] rounded-2xl border px-4 py-3 ${
        fromBuyer ? 'self-start border-slate-200 bg-white' : 'self-end border-indigo-100 bg-indigo-50'
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-900">{message.sender_name}</span>
        <span>{SENDER_ROLES[message.sender_role]}</span>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      {message.message_type === 'text' ? (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{message.message_text}</p>
      ) : (
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-800">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="break-all">{message.file_name ?? message.message_text}</span>
          {message.file_size !== null ? (
            <span className="shrink-0 text-xs text-slate-600">{formatFileSize(message.file_size)}</span>
          ) : null}
          {message.file_url ? (
            <DownloadButton path={message.file_url} fileName={message.file_name ?? message.message_text} />
          ) : null}
        </p>
      )}
    </li>
  );
}

function Transcript({ dispute }: { dispute: Dispute }) {
  const conversation = useOrderConversation(dispute.order_id);
  if (conversation.isPending) return <LoadingStatus text="Loading the conversation..." />;
  if (conversation.isError) {
    return <ErrorWithRetry message={CONVERSATION_LOAD_FAILED} onRetry={() => void conversation.refetch()} />;
  }
  // Each page is oldest to newest and the pages go back in time: the last page holds the oldest.
  const messages = [...conversation.data.pages].reverse().flatMap((page) => page.items);
  if (messages.length === 0) return <EmptyState icon={MessagesSquare} title={CONVERSATION_EMPTY} />;
  return (
    <div className="flex flex-col gap-4">
      {conversation.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-center"
          disabled={conversation.isFetchingNextPage}
          onClick={() => void conversation.fetchNextPage()}
        >
          <ChevronUp aria-hidden="true" className="size-4" />
          {conversation.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
        </Button>
      ) : null}
      <ol aria-label="Conversation" className="flex flex-col gap-3">
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
    </div>
  );
}

/**
 * A general admin reads what the order's buyer and team wrote to each other, to decide the dispute:
 * every message and the files sent (to download), and no way to write.
 */
export function DisputeConversationPage() {
  return (
    <DisputePage
      title="Conversation"
      back={(disputeId) => ({
        to: disputeId ? `/admin/disputes/${disputeId}` : '/admin/disputes',
        label: 'Back to Dispute',
      })}
    >
      {(dispute) => (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold text-slate-900">
              {`${dispute.order.buyer.username} and ${dispute.order.team.name}`}
            </h2>
            <p className="text-sm text-slate-600">
              {`Order #${dispute.order_id}: ${dispute.order.service_package_title}`}
            </p>
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
              <Eye aria-hidden="true" className="size-4 shrink-0" />
              {CONVERSATION_READ_ONLY}
            </p>
          </div>
          <Transcript dispute={dispute} />
        </div>
      )}
    </DisputePage>
  );
}
