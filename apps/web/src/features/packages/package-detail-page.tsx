import { DELIVERY_TEXTS, type ServicePackage } from '@teamhire/shared';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  LoaderCircle,
  MessageCircle,
  RefreshCw,
  SearchX,
  ShoppingCart,
  Users,
} from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { ErrorWithRetry } from '../../components/ui/error-with-retry';
import { ApiError } from '../../lib/api-client';
import { PACKAGE_NOT_FOUND_TEXT } from '../../lib/contract-values';
import { formatDate, formatMoney } from '../../lib/format';
import { useSignedIn } from '../../lib/use-signed-in';
import type { ReturnState } from '../../lib/return-path';
import { PackageReviews } from '../../components/reviews/package-reviews';
import { publicProfilePath } from '../../lib/public-profile-path';
import { useContactTeam } from '../../lib/contact-team';
import { usePackage } from '../../lib/queries/get-package';
import { PackageGallery } from './components/package-gallery';
import { PackageStatusBadge } from './components/package-status-badge';
import { deliveryText, packageTags } from './package-display';

export const BROWSE_PATH = '/services/browse';

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

function MultilineText({ text, empty }: { text: string | null; empty: string }) {
  if (!text?.trim()) return <p className="text-slate-500">{empty}</p>;
  return <p className="whitespace-pre-line">{text}</p>;
}

/** 'Buy Now' leads to the payment page; a visitor signs in first and then comes back to pay. */
function BuyNowLink({ packageId, className = 'w-full' }: { packageId: number; className?: string }) {
  const signedIn = useSignedIn();
  const paymentPath = `/payment/${packageId}`;
  const state: ReturnState | undefined = signedIn
    ? undefined
    : { from: { pathname: paymentPath, search: '', hash: '' } };
  return (
    <Link
      to={signedIn ? paymentPath : '/login'}
      state={state}
      className={buttonClassName('primary', 'lg', className)}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      Buy Now
    </Link>
  );
}

function PackageDetail({ item }: { item: ServicePackage }) {
  const contactTeam = useContactTeam();
  const tags = packageTags(item.tags);
  const { team } = item;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <PackageGallery title={item.title} images={item.images} />
        <DetailSection title="Description">
          <MultilineText text={item.description} empty="No description." />
        </DetailSection>
        <DetailSection title="Requirements">
          <MultilineText text={item.requirements} empty="No special requirements." />
        </DetailSection>
        <DetailSection title="Deliverables">
          <MultilineText text={item.deliverables} empty="Not listed." />
        </DetailSection>
        <DetailSection title="Tags">
          {tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900"
                >
                  {tag}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-500">No tags.</p>
          )}
        </DetailSection>
        <PackageReviews packageId={item.id} />
      </div>

      <aside className="flex flex-col gap-6" aria-label="Order and team">
        <section aria-label="Price" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-3xl font-bold text-slate-900">{formatMoney(item.price)}</p>
          <p className="text-sm text-slate-600">One-time payment</p>
          <p className="mt-3 flex items-center gap-2 text-slate-700">
            <Clock aria-hidden="true" className="size-4" />
            {deliveryText(item.duration_days)}
          </p>
          <p className="mt-1 flex items-center gap-2 text-slate-700">
            <RefreshCw aria-hidden="true" className="size-4" />
            {DELIVERY_TEXTS.revisionsLabel(item.revisions)}
          </p>
          <div className="mt-5 flex flex-col gap-3">
            <BuyNowLink packageId={item.id} />
            <Button
              variant="secondary"
              size="lg"
              onClick={() => contactTeam({ id: team.id, name: team.name })}
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              Contact Team
            </Button>
          </div>
        </section>

        <DetailSection title="About the team">
          <p>
            <Link
              to={`/teams/${team.id}`}
              className="font-semibold text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
            >
              {team.name}
            </Link>
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Members</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <Users aria-hidden="true" className="size-4" />
                {team.member_count}/{team.max_members}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Founded</dt>
              <dd className="font-medium text-slate-900">{new Date(team.created_at).getFullYear()}</dd>
            </div>
          </dl>
          {team.description ? <p className="mt-3 text-sm">{team.description}</p> : null}
          <p className="mt-3 text-sm text-slate-600">
            Team admin:{' '}
            <Link
              to={publicProfilePath(team.admin.id)}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              {team.admin.username}
            </Link>
          </p>
        </DetailSection>

        <DetailSection title="Package information">
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <dt className="text-slate-500">Status</dt>
              <dd>
                <PackageStatusBadge status={item.status} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-slate-500">Created</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <CalendarDays aria-hidden="true" className="size-4" />
                {formatDate(item.created_at)}
              </dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-slate-500">Last updated</dt>
              <dd className="font-medium text-slate-900">{formatDate(item.updated_at)}</dd>
            </div>
          </dl>
        </DetailSection>
      </aside>
    </div>
  );
}

/**
 * On a phone the price and Buy Now are far below the title: a bar along the bottom of the screen keeps
 * them in reach while the buyer reads. Wider screens have the order box beside the text instead.
 */
function MobileBuyBar({ item }: { item: ServicePackage }) {
  return (
    <section
      aria-label="Buy this package"
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur lg:hidden"
    >
      <p className="flex flex-col leading-tight">
        <span className="text-xl font-bold text-slate-900">{formatMoney(item.price)}</span>
        <span className="text-xs text-slate-600">{deliveryText(item.duration_days)}</span>
      </p>
      <BuyNowLink packageId={item.id} className="shrink-0" />
    </section>
  );
}

function NotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <SearchX aria-hidden="true" className="size-10 text-slate-400" />
      <h2 className="text-xl font-semibold text-slate-900">{PACKAGE_NOT_FOUND_TEXT}</h2>
      <p className="max-w-md text-slate-600">This package does not exist or is no longer offered.</p>
      <Link to={BROWSE_PATH} className={buttonClassName('primary', 'md', 'mt-2')}>
        Browse More Services
      </Link>
    </div>
  );
}

/** Package detail, public: everything a buyer needs to decide, with Buy Now and Contact Team. */
export function PackageDetailPage() {
  const packageId = Number(useParams().packageId);
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const item = useDeferredValue(usePackage(packageId));
  const invalid = !Number.isInteger(packageId) || packageId <= 0;
  const missing =
    invalid || (item.isError && item.error instanceof ApiError && [404, 422].includes(item.error.status));

  return (
    <div className="bg-slate-50">
      <title>{`${item.data?.title ?? 'Service Package'} · TeamHire`}</title>
      {/* On a phone the buy bar covers the bottom of the screen: room for it below the last section. */}
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-28 sm:px-6 lg:px-8 lg:pb-10">
        <nav aria-label="Package navigation" className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to="/"
            className="-ml-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Services
          </Link>
          <Link to={BROWSE_PATH} className={buttonClassName('secondary', 'sm')}>
            Browse More Services
          </Link>
        </nav>
        {missing ? (
          <div className="mt-6">
            <NotFound />
          </div>
        ) : item.isError ? (
          <ErrorWithRetry
            className="mt-6"
            message="Failed to load the package"
            onRetry={() => void item.refetch()}
          />
        ) : item.isPending ? (
          // As tall as the screen: the footer stays below it, and does not jump when the package arrives.
          <div className="min-h-screen">
            <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Loading service package...
            </p>
          </div>
        ) : (
          <>
            <header className="mt-4">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                {item.data.title}
              </h1>
              <p className="mt-2 flex items-center gap-2 text-slate-600">
                <Users aria-hidden="true" className="size-4" />
                by{' '}
                <Link
                  to={`/teams/${item.data.team.id}`}
                  className="font-semibold text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline"
                >
                  {item.data.team.name}
                </Link>
              </p>
            </header>
            <div className="mt-8">
              <PackageDetail item={item.data} />
            </div>
            <MobileBuyBar item={item.data} />
          </>
        )}
      </div>
    </div>
  );
}
