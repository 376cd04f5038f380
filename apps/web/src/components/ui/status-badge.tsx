import {
  OFFER_STATE_LABELS,
  type ApplicationStatus,
  type OfferState,
  type VerificationStatus,
} from '@teamhire/shared';

/** The colours a status can take, so that the same word of state looks the same on every page. */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'info' | 'alert' | 'danger' | 'done' | 'special';

const TONE_CLASS_NAMES: Record<StatusTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  success: 'bg-green-50 text-green-800 ring-green-600/20',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  info: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  alert: 'bg-orange-50 text-orange-900 ring-orange-600/20',
  danger: 'bg-red-50 text-red-800 ring-red-600/20',
  done: 'bg-green-800 text-white ring-green-900/20',
  special: 'bg-purple-50 text-purple-700 ring-purple-600/20',
};

export type StatusBadges<S extends string> = Record<S, { label: string; tone: StatusTone }>;

/** A state in words and colour, looked up in the caller's map of labels and tones. */
export function StatusBadge<S extends string>({ status, badges }: { status: S; badges: StatusBadges<S> }) {
  const { label, tone } = badges[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASS_NAMES[tone]}`}
    >
      {label}
    </span>
  );
}

/** A join application and a verification request are decided the same way. */
export const DECISION_STATUS_BADGES: StatusBadges<ApplicationStatus | VerificationStatus> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
};

/** A custom offer's state, on its card in the conversation and on the team's chat dashboard. */
export const OFFER_STATE_BADGES: StatusBadges<OfferState> = {
  pending: { label: OFFER_STATE_LABELS.pending, tone: 'warning' },
  accepted: { label: OFFER_STATE_LABELS.accepted, tone: 'success' },
  declined: { label: OFFER_STATE_LABELS.declined, tone: 'danger' },
  withdrawn: { label: OFFER_STATE_LABELS.withdrawn, tone: 'neutral' },
  expired: { label: OFFER_STATE_LABELS.expired, tone: 'neutral' },
};
